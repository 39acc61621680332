import Foundation
import GRDB
import HummingbirdTesting
import PostgresNIO
import SignUp
import Testing

@testable import HourglassServer

/// The form of the stored limit keys: a database made by the release before (3.0, keys of form
/// 1) is re-keyed to form 2 by a frozen copy of 4.0's rule, so that its cooldowns, send limits
/// and accounts hold for every spelling 4.0 reads as one; a database of a newer release is
/// refused rather than read with the wrong keys.
@Suite("Limit keys in versioned forms, on SQLite and PostgreSQL")
struct KeyFormTests {
    @Test("the frozen form-2 rule gives what Destination gives today, for every kind of spelling")
    func frozenRuleAgrees() throws {
        for typed in [
            "Ann+News@Example.com", "jose\u{301}@example.com", "JOS\u{C9}@EXAMPLE.COM", "zoe\u{308}+a+b@example.com",
            "user@b\u{FC}cher.de", "+news@example.com", "+14155550123", "+44 7400 123456",
        ] {
            let destination = try Destination.parse(typed).get()
            #expect(StoredIdentity.limitKey(of: destination.normalized) == destination.limitKey, "\(typed)")
        }
        #expect(StoredIdentity.limitKey(of: "jose\u{301}@example.com") == "jos\u{E9}@example.com")
        #expect(StoredIdentity.limitKey(of: "ann+news@example.com") == "ann@example.com")
        #expect(StoredIdentity.limitKey(of: "+news@example.com") == "+news@example.com")
        #expect(StoredIdentity.limitKey(of: "+14155550123") == "+14155550123")
    }

    @Test("two accounts whose keys become one: the older keeps the key, the later none")
    func accountsMerge() {
        let nfd = "jose\u{301}@example.com"
        let nfc = "jos\u{E9}@example.com"
        let statements = StoredIdentity.rekeying(
            keys: [], accounts: [(nfd, nfd), (nfc, nfc), ("+14155550199", "+14155550199"), ("old@example.com", nil)])
        #expect(
            statements == [
                .init(sql: "UPDATE accounts SET limit_key = NULL WHERE destination = $1", arguments: [nfd]),
                .init(sql: "UPDATE accounts SET limit_key = NULL WHERE destination = $1", arguments: [nfc]),
                .init(sql: "UPDATE accounts SET limit_key = $2 WHERE destination = $1", arguments: [nfd, nfc]),
            ])
        #expect(StoredIdentity.rekeying(keys: [nfc, "+14155550123"], accounts: [(nfc, nfc)]).isEmpty)
    }

    @Test(
        "a 3.0 database's keys of form 1 are re-keyed: cooldowns, send limits, locks and accounts hold",
        arguments: TestDatabase.available)
    func rekeysFormOne(database: TestDatabase) async throws {
        var server = try ServerHarness(database)
        let local = "k\(UUID().uuidString.prefix(8).lowercased())"
        let (tagged, nfd, nfc) = (
            "\(local)+news@example.com", "jose\u{301}.\(local)@example.com", "jos\u{E9}.\(local)@example.com"
        )
        let (zoeNFD, zoeNFC) = ("zoe\u{308}.\(local)@example.com", "zo\u{EB}.\(local)@example.com")
        let now: Int64 = 1_800_000_000_000
        let blob = { (hex: String) in database == .sqlite ? "X'\(hex)'" : "decode('\(hex)', 'hex')" }
        let rows =
            [
                // A code sent 10 s ago under 3.0's key of a tagged address.
                "INSERT INTO codes VALUES ('\(tagged)', '\(local)+News@example.com', \(blob("01")), \(now - 10_000), \(now + 290_000), 5, 0)",
                // Two spellings of one mailbox: an old lock on the decomposed one, a recent code on the other.
                "INSERT INTO codes VALUES ('\(nfd)', '\(nfd)', \(blob("02")), \(now - 3_000_000), \(now - 2_400_000), 0, \(now + 600_000))",
                "INSERT INTO codes VALUES ('\(nfc)', '\(nfc)', \(blob("03")), \(now - 20_000), \(now + 580_000), 5, 0)",
                "INSERT INTO superseded_codes VALUES ('\(nfd)', \(blob("04")), \(now + 100_000))",
            ]
            + (1...5).map { "INSERT INTO sends VALUES ('\(zoeNFD)', '203.0.113.9', \(now - 100_000 - Int64($0)))" }
            + [
                "INSERT INTO accounts VALUES ('\(nfd)', 'pbkdf2-sha256$1$AA==$AA==', \(blob("05")), 1)",
                "INSERT INTO accounts VALUES ('\(nfc)', 'pbkdf2-sha256$1$AA==$AA==', \(blob("06")), 2)",
            ]
        let reader = try await MigrationTests.threeDatabase(&server, database, rows: rows)
        let harness = server
        try await harness.run { client in
            let cooling = try await client.post(
                "/v1/codes", ["destination": "\(local)@example.com"], from: harness.address)
            #expect(
                cooling.status == 429 && cooling["reason"] as? String == "rate_limited"
                    && cooling["retryAfter"] as? Int == 50)
            let limited = try await client.post("/v1/codes", ["destination": zoeNFC], from: harness.address)
            #expect(limited.status == 429 && limited["retryAfter"] as? Int == 3_500)
        }
        let codes = try await reader.rows(
            """
            SELECT limit_key || ' ' || CAST(sent_at AS TEXT) || ' ' || CAST(locked_until AS TEXT) || ' '
                || CAST(attempts_left AS TEXT) || ' ' || CASE WHEN code_hash IS NULL THEN '-' ELSE 'hash' END
            FROM codes WHERE limit_key LIKE '%\(local)%' AND sent_at > 0 ORDER BY limit_key
            """)
        #expect(
            codes == [
                "\(nfc) \(now - 20_000) \(now + 600_000) 5 hash",
                "\(local)@example.com \(now - 10_000) 0 0 -",
            ])
        #expect(try await reader.rows("SELECT limit_key FROM superseded_codes WHERE limit_key LIKE '%\(local)%'") == [])
        #expect(
            try await reader.rows("SELECT DISTINCT limit_key FROM sends WHERE limit_key LIKE '%\(local)%'") == [zoeNFC])
        #expect(
            try await reader.rows(
                "SELECT destination || ' ' || COALESCE(limit_key, '-') FROM accounts WHERE destination LIKE '%\(local)%' ORDER BY created_at"
            ) == ["\(nfd) \(nfc)", "\(nfc) -"])
        #expect(try await reader.rows("SELECT CAST(form AS TEXT) FROM limit_key_form") == ["2"])
    }

    @Test(
        "a database of a newer release, by its schema or its keys' form, is refused", arguments: TestDatabase.available)
    func refusesNewer(database: TestDatabase) async throws {
        let server = try ServerHarness(database, ownDatabase: true)
        let store = try await server.store()
        try await store.prepare()
        let reader: MigrationTests.Reader =
            database == .sqlite ? .sqlite(server.configuration.database) : .postgres(server.configuration.database)
        try await reader.execute("UPDATE limit_key_form SET form = 3")
        await #expect(throws: StoredIdentity.NewerDatabase.form(3)) { try await store.prepare() }
        try await reader.execute("UPDATE limit_key_form SET form = 2")
        try await store.prepare()
        try await reader.execute(
            database == .sqlite
                ? "INSERT INTO grdb_migrations VALUES ('v9-later')"
                : "INSERT INTO schema_versions VALUES (9, 'later', 0)")
        await #expect(throws: StoredIdentity.NewerDatabase.schema) { try await store.prepare() }
    }
}
