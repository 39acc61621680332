/// A service call that failed, for the app's log: which call, and the error the service threw
/// as it threw it — a `URLError`, an HTTP client's error, or one of the typed errors — before the
/// model turned it into what the screen shows (`.network` for any error of another type).
///
/// A view-model hands one to its `onServiceFailure` hook for every failed call, on the clock's
/// context, except a call it cancelled itself (superseded, or the model gone). The errors of
/// this package and of `SignUpHTTP` hold no secret; an app's own service should keep codes and
/// passwords out of its errors too.
public struct ServiceFailure: Sendable, CustomStringConvertible {
    /// The kinds of call.
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
