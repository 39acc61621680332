import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request has not arrived whole — head to the end of its body —
/// within `deadline` of its head: a body sent at one byte a second holds neither a worker nor a
/// graceful shutdown for longer. (The idle timeout alone never fires while bytes keep coming.)
/// Placed after the HTTP codec with Hummingbird's `additionalChannelHandlers`, one a connection;
/// every part goes on unchanged.
final class BodyDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let deadline: TimeAmount
    private var pending: Scheduled<Void>?

    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            pending?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            pending = context.eventLoop.scheduleTask(in: deadline) { loopBound.value.close(promise: nil) }
        case .end:
            pending?.cancel()
            pending = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending?.cancel()
        pending = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        pending?.cancel()
        pending = nil
    }
}
