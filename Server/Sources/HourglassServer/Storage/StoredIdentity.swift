import SignUpDomain

/// What a stored destination's limits, proofs and account are kept under: its limit key, as
/// `Destination` reads it (an e-mail address lower-cased, `+tag` dropped). A row written by an
/// older release that no longer reads as a destination keeps its own spelling.
enum StoredIdentity {
    static func limitKey(of destination: String) -> String {
        Destination(normalized: destination)?.limitKey ?? destination
    }

    /// The limit key each of `destinations` (oldest first) keeps its account under: the first
    /// of each key holds it; a later account of the same key (3.0 made one per spelling) keeps
    /// its row with no key, so that no account is lost and none is made again for that key.
    static func accountKeys(_ destinations: [String]) -> [String?] {
        var taken: Set<String> = []
        return destinations.map { destination in
            let key = limitKey(of: destination)
            return taken.insert(key).inserted ? key : nil
        }
    }
}
