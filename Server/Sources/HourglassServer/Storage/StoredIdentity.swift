import Foundation

/// The form stored limit keys are in, and the functions the migrations make and re-key them
/// with: frozen copies of a release's rule, never `Destination` as it reads now, so that a
/// migration does on every later release what it did on the day it was written (GRDB's
/// migration guide). A release that changes the normal form adds a form and a migration that
/// re-keys the rows with a frozen copy of its rule; the database records its form
/// (`limit_key_form`), and a release refuses a database in a newer form than its own.
///
/// - Form 1, releases before 4.0: an e-mail address's local part lower-cased as typed.
/// - Form 2, 4.0: the local part in NFC, then lower-cased, without its `+tag`; the domain in
///   lower case (UTS 46 mapped it before it was stored). A number is kept as it is.
enum StoredIdentity {
    /// The form this release writes.
    static let form: Int64 = 2

    /// The form-2 key of a stored destination or of a form-1 key. Bounded input: every
    /// destination a release stored was at most 254 scalars, so NFC's cost stays small.
    static func limitKey(of stored: String) -> String {
        guard let at = stored.lastIndex(of: "@") else { return stored }
        let local = String(stored[..<at]).precomposedStringWithCanonicalMapping.lowercased()
        let base = local.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return (base.isEmpty ? local : String(base)) + stored[at...].lowercased()
    }

    /// The limit key each of `destinations` (oldest first) keeps its account under: the first
    /// of each key holds it; a later account of the same key (3.0 made one per spelling) keeps
    /// its row with no key, so that no account is lost and none is made again for that key.
    static func accountKeys(_ destinations: [String?]) -> [String?] {
        var taken: Set<String> = []
        return destinations.map { destination in
            guard let destination else { return nil }
            let key = limitKey(of: destination)
            return taken.insert(key).inserted ? key : nil
        }
    }

    /// One statement of a re-keying, in PostgreSQL's placeholders (`$1`, `$2`); SQLite reads
    /// them as `?1`, `?2`.
    struct Statement: Equatable {
        let sql: String
        let arguments: [String]

        /// Equal by scalars: a decomposed argument is another key than its NFC form.
        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.sql == rhs.sql
                && lhs.arguments.map { Array($0.unicodeScalars) } == rhs.arguments.map { Array($0.unicodeScalars) }
        }
    }

    /// The statements that bring every stored key to form 2: `keys` the distinct e-mail keys of
    /// the codes, the superseded codes, the sends and the proofs; `accounts` the accounts' keys,
    /// oldest first, with their destinations. A re-keyed code keeps its cooldown and its lock
    /// but not its code (its HMAC is bound to the old key): the person asks for another. Two
    /// keys that become one merge: the later send and the later lock of the two are kept, and
    /// the older account keeps the key, as ``accountKeys(_:)`` decides.
    static func rekeying(keys: [String], accounts: [(destination: String, key: String?)]) -> [Statement] {
        var statements: [Statement] = []
        for old in keys {
            let new = limitKey(of: old)
            // By scalars: Swift's == holds a decomposed key equal to its NFC form.
            guard !new.unicodeScalars.elementsEqual(old.unicodeScalars) else { continue }
            let pair = [old, new]
            statements += [
                Statement(sql: "DELETE FROM superseded_codes WHERE limit_key = $1", arguments: [old]),
                Statement(sql: "UPDATE sends SET limit_key = $2 WHERE limit_key = $1", arguments: pair),
                Statement(sql: "UPDATE proofs SET limit_key = $2 WHERE limit_key = $1", arguments: pair),
                Statement(sql: mergeCode, arguments: pair),
                Statement(
                    sql: "DELETE FROM codes WHERE limit_key = $1 AND EXISTS (SELECT 1 FROM codes WHERE limit_key = $2)",
                    arguments: pair),
                Statement(
                    sql: "UPDATE codes SET limit_key = $2, code_hash = NULL, attempts_left = 0 WHERE limit_key = $1",
                    arguments: pair),
            ]
        }
        let wanted = accountKeys(accounts.map(\.key))
        let moved = zip(accounts, wanted).filter { account, key in
            account.key.map { Array($0.unicodeScalars) } != key.map { Array($0.unicodeScalars) }
        }
        statements += moved.map { account, _ in
            Statement(
                sql: "UPDATE accounts SET limit_key = NULL WHERE destination = $1", arguments: [account.destination])
        }
        statements += moved.compactMap { account, key in
            key.map {
                Statement(
                    sql: "UPDATE accounts SET limit_key = $2 WHERE destination = $1",
                    arguments: [account.destination, $0])
            }
        }
        return statements
    }

    /// The later send and the later lock of the code of `$1` moved onto the code of `$2`.
    private static let mergeCode = """
        UPDATE codes SET
            sent_at = COALESCE((SELECT CASE WHEN old.sent_at > codes.sent_at THEN old.sent_at ELSE codes.sent_at END
                FROM codes AS old WHERE old.limit_key = $1), sent_at),
            locked_until = COALESCE((SELECT CASE WHEN old.locked_until > codes.locked_until THEN old.locked_until
                ELSE codes.locked_until END FROM codes AS old WHERE old.limit_key = $1), locked_until)
        WHERE limit_key = $2
        """

    /// The distinct keys the re-keying reads (every table keyed by destination but accounts).
    static let keysQuery = """
        SELECT limit_key FROM codes WHERE limit_key LIKE '%@%'
        UNION SELECT limit_key FROM superseded_codes WHERE limit_key LIKE '%@%'
        UNION SELECT limit_key FROM sends WHERE limit_key LIKE '%@%'
        UNION SELECT limit_key FROM proofs WHERE limit_key LIKE '%@%'
        """

    /// The accounts, oldest first, as ``rekeying(keys:accounts:)`` takes them.
    static let accountsQuery = "SELECT destination, limit_key FROM accounts ORDER BY created_at, destination"

    /// A database a newer release made or re-keyed: this one would miss its rows' limits.
    struct NewerDatabase: Error, CustomStringConvertible, Equatable {
        let description: String

        static func form(_ stored: Int64) -> Self {
            Self(
                description:
                    "its limit keys are in form \(stored), made by a newer release; this release reads form \(StoredIdentity.form): run the newer release"
            )
        }

        static let schema = Self(
            description:
                "its schema has versions this release does not know, made by a newer release: run the newer release")
    }
}
