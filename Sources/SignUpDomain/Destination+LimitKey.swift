extension Destination {
    /// What the destination's limits (cooldown, send limit, lock) and its account are kept
    /// under: the normalised number, or the normalised e-mail address (its domain mapped by
    /// UTS 46) with its local part in lower case and without a `+tag`, so that every spelling of
    /// one mailbox (`User+x@Example.COM`, `user@𝐞xample.com`, with a combining grapheme joiner
    /// or a variation selector in the domain) is one destination with `user@example.com`.
    public var limitKey: String {
        switch self {
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
