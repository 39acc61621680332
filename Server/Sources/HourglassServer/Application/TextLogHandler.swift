import Logging

/// `--log-format text`: swift-log's `StreamLogHandler` lines on standard error, its metadata
/// put in words only for a line that is written.
///
/// `StreamLogHandler` formats its whole metadata again each time one value of it is set, and
/// Hummingbird sets one for every request (its id), postgres-nio for every query (the
/// connection's): at the server's usual level, none of those lines is written.
struct TextLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = StreamLogHandler.standardError(label: label)
        line.logLevel = logLevel
        line.metadata = metadata
        line.log(event: event)
    }
}
