import Logging
import ServiceLifecycle

/// Says, once, that the server is stopping (SIGTERM or SIGINT): an operator reading the log sees
/// why the requests stop, and how long those in flight may take.
struct ShutdownNotice: Service {
    let grace: Duration
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        guard !Task.isCancelled else { return }
        logger.notice(
            "hourglass-server stopping: no new connections; the requests in flight have \(grace.wholeSeconds) s to finish"
        )
    }
}
