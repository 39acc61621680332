import Foundation
import Logging
import NIOCore

/// The listening socket's gate: it admits each connection through its ``ConnectionRegistry``
/// (the listener's cap and an address's share of it, an idle connection closed to make room),
/// stops accepting while the registry has no room, and for a while after `accept` fails for
/// want of a resource (no file descriptor left: `EMFILE`, `ENFILE`; no buffer or memory), so
/// that neither a crowd of clients nor an exhausted process turns the event loop into a busy
/// loop. A client that finds no room waits in the kernel's backlog, and is accepted when a
/// connection closes or turns idle.
///
/// SwiftNIO's own backoff cannot stop that busy loop: after a failed `accept` the socket stays
/// registered for reading, so the event loop is woken again at once. Turning `autoRead` off takes
/// the socket out of the loop until the gate opens again. Added first in the listening socket's
/// pipeline, where the failure is seen before SwiftNIO's backoff swallows it.
final class ConnectionGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    /// The listener's connections.
    let registry: ConnectionRegistry
    /// The first pause after a failed `accept`; each failure in a row doubles it, up to a second.
    static let firstBackoff = TimeAmount.milliseconds(50)
    static let longestBackoff = TimeAmount.seconds(1)

    private let logger: Logger
    private var backoff: TimeAmount?
    private var resume: Scheduled<Void>?
    private var accepting = true

    init(registry: ConnectionRegistry, logger: Logger) {
        self.registry = registry
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // One connection a wake-up: SwiftNIO accepts up to this many in a row whatever autoRead
        // says, and the ones past the limit would have to be closed, not left waiting.
        try? context.channel.syncOptions?.setOption(.maxMessagesPerRead, value: 1)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let child = unwrapInboundIn(data)
        if backoff != nil {
            backoff = nil
            logger.notice("accepting connections again")
        }
        let address = ClientAddress.limitKey(child.remoteAddress?.ipAddress ?? "unknown")
        guard case .admitted = registry.admit(child, address: address) else {
            // Every connection its bound counts is busy: an address over its share, or the cap
            // reached since the gate last looked (the gate then stops accepting until one
            // turns idle or closes).
            child.close(promise: nil)
            update(context)
            return
        }
        let (registry, eventLoop) = (registry, context.eventLoop)
        let loopBound = NIOLoopBound((self, context), eventLoop: eventLoop)
        child.closeFuture.whenComplete { _ in
            registry.remove(child)
            eventLoop.execute {
                let (gate, context) = loopBound.value
                gate.update(context)
            }
        }
        update(context)
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? IOError, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errnoCode) {
            let pause = backoff.map { min($0 * 2, Self.longestBackoff) } ?? Self.firstBackoff
            if backoff == nil {
                logger.warning(
                    "cannot accept connections: \(error.description); pausing accepts, \(registry.count) connections open"
                )
            }
            backoff = pause
            resume?.cancel()
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            resume = context.eventLoop.scheduleTask(in: pause) {
                let (gate, context) = loopBound.value
                gate.resume = nil
                gate.update(context)
            }
            update(context)
        }
        context.fireErrorCaught(error)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        resume?.cancel()
        resume = nil
    }

    /// Accepts while the registry has room and the gate is not pausing after a failure; when it
    /// has none, asks to be woken when a connection turns idle.
    private func update(_ context: ChannelHandlerContext) {
        var room = registry.hasRoom
        if !room {
            let eventLoop = context.eventLoop
            let loopBound = NIOLoopBound((self, context), eventLoop: eventLoop)
            registry.whenIdle {
                eventLoop.execute {
                    let (gate, context) = loopBound.value
                    gate.update(context)
                }
            }
            // A connection may have turned idle since the first look.
            room = registry.hasRoom
        }
        let wanted = room && resume == nil
        guard wanted != accepting, let options = context.channel.syncOptions else { return }
        accepting = wanted
        try? options.setOption(.autoRead, value: wanted)
    }
}
