import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request head that NIO's HTTP/1.1 decoder refused with an RFC 9457 problem, where
/// Hummingbird would write a bare `400` with no body: header fields over the decoder's limits
/// (Hummingbird's defaults: 80 KiB in all, 1 000 fields) are a `431`, any other malformed head a
/// `400`, both `malformed-request`.
///
/// The decoder reports such a head as an error through the channel pipeline before any request
/// exists, so no router middleware ever sees it; Hummingbird's `additionalChannelHandlers` put
/// this handler after the HTTP codec, where it takes the error before Hummingbird's request
/// loop does. It answers only a head that fails between requests: after the answers to the
/// requests already read (pipelining), never in the middle of one. A request whose body fails
/// is already being handled, so its error goes on to Hummingbird as before.
///
/// After the answer the connection's output is closed and whatever the client still sends is
/// read and dropped until it closes its side, or for `linger` at most: closing the socket at
/// once, with the rest of a large head unread, would reset the connection and could lose the
/// answer before the client read it.
final class RequestHeadErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The longest the connection stays open, its input dropped, after the answer.
    let linger: TimeAmount
    /// A request's head was read and its end was not.
    private var readingRequest = false
    /// Requests read whose answer has not ended yet.
    private var unanswered = 0
    /// The refusal, answered once `unanswered` is 0.
    private var failure: HeadRefusal?
    private var answered = false
    /// The answer was written to the socket.
    private var answerWritten = false
    /// The client closed its side.
    private var inputClosed = false
    private var closing: Scheduled<Void>?

    /// The listener's connections: a connection that owes a refusal is busy.
    let registry: ConnectionRegistry?

    init(linger: TimeAmount = .seconds(5), registry: ConnectionRegistry? = nil) {
        self.linger = linger
        self.registry = registry
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            unanswered += 1
        case .body:
            break
        case .end:
            readingRequest = false
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        context.write(data, promise: promise)
        guard case .end = part else { return }
        unanswered = max(0, unanswered - 1)
        if unanswered == 0, let failure, !answered { answer(failure, context: context) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if failure != nil {
            // The decoder reports every read after its failure: that input is dropped.
            if case ByteToMessageDecoderError.dataReceivedInErrorState = error { return }
            context.fireErrorCaught(error)
            return
        }
        let refusal: HeadRefusal
        switch error {
        case let refused as HeadRefusal where !readingRequest: refusal = refused
        case let error as HTTPParserError where !readingRequest: refusal = Self.refusal(error)
        default:
            context.fireErrorCaught(error)
            return
        }
        failure = refusal
        registry?.busy(context.channel)
        if unanswered == 0 { answer(refusal, context: context) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client closed its side: nothing is left to drop once the answer is out.
        if answered, case ChannelEvent.inputClosed = event {
            inputClosed = true
            if answerWritten { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        context.fireChannelInactive()
    }

    /// The answer to a head the decoder refused.
    static func refusal(_ error: HTTPParserError) -> HeadRefusal {
        if case .headerOverflow = error {
            .tooLarge("The request's header fields are too large.")
        } else {
            .malformed("The request is not valid HTTP/1.1.")
        }
    }

    /// Writes the problem for `refusal`, closes the output and schedules the full close.
    private func answer(_ refusal: HeadRefusal, context: ChannelHandlerContext) {
        answered = true
        let (status, detail) = (refusal.status, refusal.detail)
        let body = Problems.json(.malformedRequest, status: status.code, detail: detail)
        var head = HTTPResponse(status: status)
        head.headerFields[.contentType] = "application/problem+json"
        head.headerFields[.contentLength] = String(body.readableBytes)
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.answerWritten = true
            if self.inputClosed { context.close(promise: nil) }
        }
        context.close(mode: .output, promise: nil)
        closing = context.eventLoop.assumeIsolated().scheduleTask(in: linger) { context.close(promise: nil) }
    }
}
