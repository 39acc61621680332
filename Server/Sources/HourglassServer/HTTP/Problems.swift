import Foundation
import HTTPTypes
import Hummingbird

/// The contract's problem types, their titles, and problems made of them.
enum Problems {
    enum Kind: String {
        case malformedRequest = "malformed-request"
        case invalidDestination = "invalid-destination"
        case destinationRefused = "destination-refused"
        case tooManyRequests = "too-many-requests"
        case wrongCode = "wrong-code"
        case expired
        case superseded
        case invalidProof = "invalid-proof"
        case accountExists = "account-exists"
        case weakPassword = "weak-password"
        case notFound = "not-found"
        case `internal`
        case busy

        var type: Components.Schemas.ProblemType {
            Components.Schemas.ProblemType(rawValue: "urn:hourglass:problem:\(rawValue)")!
        }

        var title: String {
            switch self {
            case .malformedRequest: "Malformed request"
            case .invalidDestination: "Invalid destination"
            case .destinationRefused: "Destination refused"
            case .tooManyRequests: "Too many requests"
            case .wrongCode: "Wrong code"
            case .expired: "Code expired"
            case .superseded: "Code superseded"
            case .invalidProof: "Invalid proof"
            case .accountExists: "Account exists"
            case .weakPassword: "Password refused"
            case .notFound: "Not found"
            case .internal: "Internal error"
            case .busy: "Busy"
            }
        }
    }

    static func problem(
        _ kind: Kind, status: Int, detail: String, reason: LimitReason? = nil, retryAfter: Int? = nil,
        attemptsLeft: Int? = nil
    ) -> Components.Schemas.Problem {
        Components.Schemas.Problem(
            _type: kind.type, title: kind.title, status: status, detail: detail,
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

    /// A problem's JSON, for an answer written outside the router (``RequestHeadErrorHandler``):
    /// compact, its keys sorted, as the generated server writes its own.
    static func json(_ kind: Kind, status: Int, detail: String) -> ByteBuffer {
        ByteBuffer(bytes: try! encoder.encode(problem(kind, status: status, detail: detail)))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}
