import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads the code a development server (`hourglass-server --dev`) last sent to a destination,
/// from its `GET /v1/outbox`: what `type code sent` types when linemode talks to a real server.
struct OutboxReader: Sendable {
    let server: URL

    /// The last code sent to `destination` (normalised), or nil when there is none or the
    /// server does not answer within 5 s. Waits for the answer: a script's step is one thing.
    func lastCode(sentTo destination: String) -> String? {
        guard
            var components = URLComponents(
                url: server.appendingPathComponent("v1/outbox"), resolvingAgainstBaseURL: false)
        else { return nil }
        components.queryItems = [URLQueryItem(name: "destination", value: destination)]
        // `+` in a query is a space to most servers: spelled out.
        let query = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components.percentEncodedQuery = query
        guard let url = components.url else { return nil }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url)
        request.timeoutInterval = 5
        URLSession.shared.dataTask(with: request) { data, _, _ in
            answer.data = data
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 5) == .success, let data = answer.data,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let messages = object["messages"] as? [[String: Any]]
        else { return nil }
        return messages.last?["code"] as? String
    }

    /// The body, handed from URLSession's thread to the waiting one; the semaphore orders the
    /// write before the read, so no lock is needed.
    private final class Answer: @unchecked Sendable {
        var data: Data?
    }
}
