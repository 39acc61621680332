import NIOCore
import NIOHTTPTypes

/// Closes a connection whose next request has not arrived whole — its head and its body — within
/// `deadline`: counted from the connection's start, and then from the end of each answer. A head
/// or a body sent a byte at a time (never idle, so the idle timeout never fires), or a
/// connection that sends nothing, holds neither a worker nor a graceful shutdown for longer.
/// Only the time a request is being answered is not counted: the database's own deadline
/// bounds it. Placed after the HTTP codec with Hummingbird's `additionalChannelHandlers`, one a
/// connection; every part goes on unchanged.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let deadline: TimeAmount
    private var pending: Scheduled<Void>?

    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { disarm() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The answer's end: the next request's time starts.
        if case .end = unwrapOutboundIn(data) { arm(context) }
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
        pending?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        pending = context.eventLoop.scheduleTask(in: deadline) { loopBound.value.close(promise: nil) }
    }

    private func disarm() {
        pending?.cancel()
        pending = nil
    }
}
