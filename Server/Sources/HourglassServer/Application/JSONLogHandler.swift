import Foundation
import Logging

/// `--log-format json`: one JSON object a line on standard error, as log collectors read them:
/// `{"time": …, "level": …, "label": …, "message": …, "metadata": {…}}`. What is logged is the
/// same as in text; secrets never are (codes, proofs and passwords are not logged, destinations
/// are masked).
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields: [String: String] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            fields[key] = value.description
        }
        let entry = Line(
            time: Date().formatted(.iso8601), level: event.level.rawValue, label: label,
            message: event.message.description, metadata: fields.isEmpty ? nil : fields)
        guard var data = try? Self.encoder.encode(entry) else { return }
        data.append(0x0A)
        FileHandle.standardError.write(data)
    }

    private struct Line: Encodable {
        let time: String
        let level: String
        let label: String
        let message: String
        let metadata: [String: String]?
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
