import Foundation
import Hourglass
import SignUp

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads the code a development server (`hourglass-server --dev`) last sent to a destination,
/// from its `GET /v1/outbox`: what `type code sent` types when linemode talks to a real server.
struct OutboxReader: Sendable {
    let server: URL

    /// The last code sent to `destination` (normalised), or why there is none: no code sent, a
    /// server with no outbox (not started with `--dev`), no answer within 5 s. Waits for the
    /// answer: a script's step is one thing.
    func lastCode(sentTo destination: String) -> Result<String, OutboxProblem> {
        guard
            var components = URLComponents(
                url: server.appendingPathComponent("v1/outbox"), resolvingAgainstBaseURL: false)
        else { return .failure(OutboxProblem("\(server) is no URL linemode can read an outbox from")) }
        components.queryItems = [URLQueryItem(name: "destination", value: destination)]
        // `+` in a query is a space to most servers: spelled out.
        let query = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components.percentEncodedQuery = query
        guard let url = components.url else {
            return .failure(OutboxProblem("\(server) is no URL linemode can read an outbox from"))
        }
        let answer = Locked<(data: Data?, status: Int?)>((nil, nil))
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url)
        request.timeoutInterval = 5
        URLSession.shared.dataTask(with: request) { data, response, _ in
            answer.withLock { $0 = (data, (response as? HTTPURLResponse)?.statusCode) }
            done.signal()
        }.resume()
        let answered = done.wait(timeout: .now() + 5) == .success
        let (body, status) = answer.withLock { $0 }
        guard answered, let status else {
            return .failure(OutboxProblem("no answer from \(url.absoluteString) within 5 s"))
        }
        guard status == 200, let data = body,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let messages = object["messages"] as? [[String: Any]]
        else {
            return .failure(
                OutboxProblem(
                    "the server has no outbox to read (GET /v1/outbox answered \(status)): start it with --dev"))
        }
        guard let code = messages.last?["code"] as? String else {
            return .failure(OutboxProblem("the server's outbox holds no code for this destination", noCode: true))
        }
        return .success(code)
    }
}

/// Why `type code sent` found no code in a real server's outbox.
struct OutboxProblem: Error, CustomStringConvertible {
    let description: String
    /// Whether the outbox was read and had no code: the screen's last answer says why.
    let noCode: Bool

    init(_ description: String, noCode: Bool = false) {
        self.description = description
        self.noCode = noCode
    }

    /// This problem, with the advice the screen's code step gives when no code was sent: what
    /// the server answered, and what to do next.
    func advised(by state: VerificationState?) -> String {
        guard noCode, let state else { return description }
        let advice =
            switch state.send {
            case .ready: "no code was asked for yet: tap send first"
            case .sending: "the send is still waiting for its answer: wait, then type the code"
            case .sent: "the code sent may not be in the outbox yet: wait a moment and type it again"
            case .failed(.rateLimited), .failed(.sendLimitReached):
                "the send answered 429 and the server had sent no code: wait for the send button, then tap send"
            case .failed(.network), .failed(.serviceUnavailable):
                "the last send got no answer from the server: tap send again"
            case .failed(.invalidDestination): "the server refuses this destination: type another"
            case .failed(.channelRefused): "the server refused that channel: tap send for a text"
            }
        return description + "; " + advice
    }
}
