import NIOCore

/// Bounds what a client that does not read its answers can hold: while the connection cannot
/// take more output (its send buffer over SwiftNIO's high-water mark), nothing more is read
/// from it, and if it stays so for `deadline` the connection is closed. A client that pipelines
/// requests and never reads the answers thus holds neither its connection nor the requests'
/// work for longer than `deadline` after the answers stop flowing.
///
/// The kernel's send buffer is bounded too (``sendBuffer``): left to grow on its own, Linux lets
/// one that is never read take 400 KB of answers (thousands of requests' work) before the
/// connection stops being writable.
///
/// Added to each connection's pipeline with Hummingbird's `additionalChannelHandlers`; every
/// part goes on unchanged.
final class WriteDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias InboundOut = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    let deadline: TimeAmount
    private var closing: Scheduled<Void>?
    /// A read was asked for while the connection could not write: done once it can.
    private var readWithheld = false

    /// The kernel's send buffer asked for each connection (Linux keeps twice this): the
    /// largest answer goes out in a few round trips, and a client that reads nothing holds at
    /// most this and SwiftNIO's high-water mark of answers.
    static let sendBuffer = 16 * 1_024

    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: Self.sendBuffer)
    }

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable { context.read() } else { readWithheld = true }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            closing?.cancel()
            closing = nil
            if readWithheld {
                readWithheld = false
                context.read()
            }
        } else if closing == nil {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            closing = context.eventLoop.scheduleTask(in: deadline) { loopBound.value.close(promise: nil) }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        if readWithheld {
            readWithheld = false
            context.read()
        }
    }
}
