/// A service call that failed, for the app's log: which call, and the error the service threw
/// as it threw it — a `URLError`, an HTTP client's error, or a typed `.network` or
/// `.serviceUnavailable` — before the model turned it into what the screen shows.
///
/// A view-model hands one to its `onServiceFailure` hook for every failed call, on the clock's
/// context, except a call it cancelled itself (superseded, or the model gone). A refusal the
/// server answered (a wrong code, a 429, an existing account, a weak password) is no failure:
/// the screen shows it and the hook is not told. The errors of
/// this package and of `SignUpHTTP` hold no secret; an app's own service should keep codes and
/// passwords out of its errors too.
public struct ServiceFailure: Sendable, CustomStringConvertible {
    /// The kinds of call.
    #if hasAttribute(nonexhaustive)
    @nonexhaustive
    #endif
    public enum Call: String, Hashable, Sendable {
        /// ``VerificationService/requestCode(to:)``.
        case requestCode
        /// ``VerificationService/verify(code:for:)``.
        case verify
        /// ``VerificationService/register(_:)``.
        case register
    }

    /// The call that failed.
    public var call: Call
    /// The error the service threw.
    public var error: any Error

    /// Creates a report.
    public init(call: Call, error: any Error) {
        self.call = call
        self.error = error
    }

    /// `requestCode failed: …`.
    public var description: String { "\(call.rawValue) failed: \(error)" }
}
