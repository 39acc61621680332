import Foundation
import Hourglass

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
            return .failure(OutboxProblem("the server's outbox holds no code for this destination"))
        }
        return .success(code)
    }
}

/// Why `type code sent` found no code in a real server's outbox.
struct OutboxProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
