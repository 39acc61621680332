/// An error a service throws for a call that failed without the server's refusal, saying whose
/// failure it was: the service's (a 5xx, an answer outside the contract, a proxy's HTML page),
/// shown as `.serviceUnavailable`, or the network's (no connection, a timeout), shown as
/// `.network`. Any other error a service throws is shown as `.network`.
///
/// `SignUpHTTP`'s `HTTPServiceError` conforms; an app's own service can make its errors conform.
public protocol ServiceFault: Error {
    /// Whether the service failed, rather than the network.
    var isServiceUnavailable: Bool { get }
}
