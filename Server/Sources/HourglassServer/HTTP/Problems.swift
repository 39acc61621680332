import Foundation
import HTTPTypes
import Hummingbird

/// Problems of the contract's types, with their titles.
enum Problems {
    /// The contract's problem types: the generated enum, by the short names of the extension
    /// beside it, so that a type the contract does not list cannot be written.
    typealias Kind = Components.Schemas.ProblemType

    static func problem(
        _ kind: Kind, status: Int, detail: String, reason: LimitReason? = nil, retryAfter: Int? = nil,
        attemptsLeft: Int? = nil
    ) -> Components.Schemas.Problem {
        Components.Schemas.Problem(
            _type: kind, title: kind.title, status: status, detail: detail,
            reason: reason.flatMap { Components.Schemas.LimitReason(rawValue: $0.rawValue) }, retryAfter: retryAfter,
            attemptsLeft: attemptsLeft)
    }

    /// A problem as a whole response, for the middleware (outside the generated server).
    static func response(_ kind: Kind, status: Int, detail: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        return Response(
            status: .init(code: status), headers: headers,
            body: .init(byteBuffer: json(kind, status: status, detail: detail)))
    }

    /// A request the contract does not describe (a malformed JSON, a missing field, a wrong
    /// content type).
    static var malformed: Response {
        response(.malformedRequest, status: 400, detail: "The request is not of the documented shape.")
    }

    /// A problem's JSON, for an answer written outside the router (``RequestHeadErrorHandler``):
    /// compact, its keys sorted, as the generated server writes its own.
    static func json(_ kind: Kind, status: Int, detail: String) -> ByteBuffer {
        problem(kind, status: status, detail: detail).json
    }
}
