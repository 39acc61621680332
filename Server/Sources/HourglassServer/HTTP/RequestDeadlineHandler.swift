import NIOCore
import NIOHTTPTypes

/// Closes a connection whose next request has not arrived whole — its head and its body — within
/// `deadline`: counted from the connection's start, from the end of each answer, and from the end
/// of a request answered before its body ended (a `413` answers at the head). A head or a body
/// sent a byte at a time (never idle, so the idle timeout never fires), or a connection that sends
/// nothing, holds neither a worker nor a graceful shutdown for longer. The time requests read
/// whole wait for their answers is not counted (pipelined ones included): the database's own
/// deadline bounds it, and an answer the client does not read, ``WriteDeadlineHandler``. While
/// the deadline runs the connection owes nothing: it tells its listener's ``ConnectionRegistry``
/// it is idle then, and busy from a request's head until its answer. Placed after the HTTP codec with Hummingbird's `additionalChannelHandlers`,
/// one a connection; every part goes on unchanged.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let deadline: TimeAmount
    /// The listener's connections, told when this one turns idle or busy.
    let registry: ConnectionRegistry?
    private var pending: Scheduled<Void>?
    /// A request's head was read and its end was not.
    private var reading = false
    /// The request being read was answered already.
    private var answeredEarly = false
    /// Requests read whole whose answers have not ended.
    private var unanswered = 0

    init(deadline: TimeAmount, registry: ConnectionRegistry? = nil) {
        self.deadline = deadline
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            reading = true
            registry?.busy(context.channel)
        case .end:
            reading = false
            if answeredEarly {
                answeredEarly = false
                // The next request's time starts.
                if unanswered == 0 { arm(context) }
            } else {
                unanswered += 1
                disarm()
            }
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            if unanswered > 0 {
                unanswered -= 1
            } else if reading {
                answeredEarly = true
            }
            // Nothing left to answer: the connection waits for a request (or the rest of one).
            if unanswered == 0 { arm(context) }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    private func arm(_ context: ChannelHandlerContext) {
        if !reading { registry?.idle(context.channel) }
        pending?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        pending = context.eventLoop.scheduleTask(in: deadline) { loopBound.value.close(promise: nil) }
    }

    private func disarm() {
        pending?.cancel()
        pending = nil
    }
}
