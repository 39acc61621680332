import HummingbirdCore
import Logging
import NIOCore

/// What bounds one listener, the same for the API's port and the metrics': the connections open
/// at once and one address's share of them (``ConnectionRegistry``), the time a request may take
/// to arrive whole (``RequestDeadlineHandler``), the time an answer may wait for its client to
/// read it (``WriteDeadlineHandler``), and every byte of a head (``HeaderBoundsHandler``).
struct ListenerLimits: Sendable {
    /// The most connections open at once.
    var maxConnections: Int
    /// The most connections open at once from one client address.
    var addressShare: Int
    /// The longest a request may take to arrive whole.
    var requestDeadline: Duration
    /// The longest a connection may stay unable to take more output.
    var writeDeadline: Duration
    /// A connection idle this long is closed.
    var idleTimeout = TimeAmount.seconds(15)

    /// The listener's connections.
    func registry() -> ConnectionRegistry {
        ConnectionRegistry(limit: maxConnections, addressShare: addressShare)
    }

    /// Each connection's handlers after the HTTP codec, in order: the head bounded, a head
    /// refused answered with a problem, the request deadline, the write deadline.
    func http1(_ registry: ConnectionRegistry) -> HTTP1Channel.Configuration {
        let (request, write) = (
            TimeAmount.nanoseconds(requestDeadline.nanoseconds), TimeAmount.nanoseconds(writeDeadline.nanoseconds)
        )
        return HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                HeaderBoundsHandler(registry: registry), RequestHeadErrorHandler(registry: registry),
                RequestDeadlineHandler(deadline: request, registry: registry), WriteDeadlineHandler(deadline: write),
            ],
            idleTimeout: idleTimeout)
    }

    /// Puts the gate first in the listening socket's pipeline (Hummingbird's `onServerRunning`).
    static func installGate(
        on channel: any Channel, registry: ConnectionRegistry, logger: Logger
    ) async {
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGate(registry: registry, logger: logger), position: .first)
        }.get()
    }
}
