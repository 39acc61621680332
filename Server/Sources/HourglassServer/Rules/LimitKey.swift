import SignUp

/// What a destination's limits are kept under: its normalised number, or its normalised
/// e-mail address with the local part in lower case and without a `+tag`, so that a respelling
/// of one mailbox (`User+x@Example.COM`) shares the limits of `user@example.com`.
enum LimitKey {
    static func of(_ destination: Destination) -> String {
        switch destination {
        case .phone(let number):
            return number
        case .email(let address):
            guard let at = address.lastIndex(of: "@") else { return address.lowercased() }
            let local = address[..<at].lowercased()
            let base = local.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return (base.isEmpty ? local : String(base)) + address[at...].lowercased()
        }
    }
}
