import Foundation
public import SignUp

/// A call to the verification server that failed for a reason the contract has no typed error
/// for: no answer, a timeout, or an answer outside the contract. The models show it as a network
/// error; their `onServiceFailure` hook and the service's `Logger` see it whole.
///
/// Its description never holds a secret: not the code, the password or the proof, and the
/// destination only masked. The transport's own error (a `URLError`, say) is kept in
/// ``underlying``; the request that carried the secrets is not.
public struct HTTPServiceError: Error, CustomStringConvertible {
    /// The operation of the contract that failed.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Operation: String, Hashable, Sendable {
        /// `POST /v1/codes`.
        case sendCode
        /// `POST /v1/codes/check`.
        case checkCode
        /// `POST /v1/accounts`.
        case createAccount
    }

    /// What went wrong.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Kind: Hashable, Sendable {
        /// No answer within the service's timeout.
        case timedOut(after: Duration)
        /// The request did not get an answer: no connection, a reset, a cancelled task.
        case transport
        /// An answer with a status the operation does not expect, or a body it cannot read
        /// (a `500` from the server, a proxy's `502`); `problemType` is the body's RFC 9457
        /// `type`, when it had one.
        case unexpectedAnswer(status: Int?, problemType: String?)
    }

    /// The operation.
    public var operation: Operation
    /// What went wrong.
    public var kind: Kind
    /// The destination, masked.
    public var maskedDestination: String
    /// The error underneath, from the transport or from decoding, when there is one.
    public var underlying: (any Error)?

    /// Creates an error.
    public init(operation: Operation, kind: Kind, maskedDestination: String, underlying: (any Error)? = nil) {
        self.operation = operation
        self.kind = kind
        self.maskedDestination = maskedDestination
        self.underlying = underlying
    }

    public var description: String {
        let what =
            switch kind {
            case .timedOut(let after): "no answer within \(after)"
            case .transport: "no answer"
            case .unexpectedAnswer(let status, let type):
                "unexpected answer" + (status.map { " \($0)" } ?? "") + (type.map { " (\($0))" } ?? "")
            }
        let cause = underlying.map { ": \(String(describing: $0))" } ?? ""
        return "\(operation.rawValue) for \(maskedDestination) failed, \(what)\(cause)"
    }
}

extension HTTPServiceError: ServiceFault {
    /// Whether the server answered outside the contract (a 5xx, a proxy's page): the models show
    /// `.serviceUnavailable`; a timeout or no answer is the network's failure (`.network`).
    public var isServiceUnavailable: Bool {
        if case .unexpectedAnswer = kind { return true }
        return false
    }
}
