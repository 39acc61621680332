import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import SignUp
import Synchronization
import Testing

@testable import HourglassServer

/// The databases the suite runs on: a new SQLite file each time, and the PostgreSQL server of
/// `HOURGLASS_TEST_POSTGRES` (`Server/tools/test` starts a throwaway one). Under CI the
/// PostgreSQL run is required: a missing URL fails, it is never skipped quietly.
enum TestDatabase: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    static var postgresURL: String? { ProcessInfo.processInfo.environment["HOURGLASS_TEST_POSTGRES"] }

    /// The databases to run on here.
    static var available: [TestDatabase] {
        postgresURL != nil || ProcessInfo.processInfo.environment["CI"] != nil ? allCases : [.sqlite]
    }
}

/// A server on a manual clock, reached through Hummingbird's router (no socket), with its own
/// folder for the SQLite file, the key and the outbox.
struct ServerHarness {
    let folder: URL
    let clock: ManualWallClock
    var configuration: ServerConfiguration
    /// A client address of this harness's own, so that tests sharing a PostgreSQL database never
    /// share an address's limits.
    let address = "198.51.100.\(Int.random(in: 1...254))-\(UUID().uuidString.prefix(8))"

    /// A harness whose clock starts at `start`: a test that purges starts years before the
    /// others, so that its purge never reaches their rows on a shared PostgreSQL database.
    ///
    /// `ownDatabase` gives a PostgreSQL run a database of its own, made for it: for the tests of
    /// the budgets, whose counters (`budget:sms`) every send of a database shares. On a shared
    /// one, another test's window later than this one's is a window "after now", which counts
    /// as this one's (a clock gone back).
    init(
        _ database: TestDatabase, dev: Bool = true, start: Date = Date(timeIntervalSince1970: 1_800_000_000),
        ownDatabase: Bool = false, rules: (inout VerificationRules) -> Void = { _ in }
    ) throws {
        clock = ManualWallClock(start)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        switch database {
        case .sqlite:
            configuration.database = folder.appendingPathComponent("db.sqlite").path
        case .postgres:
            let url = try #require(
                TestDatabase.postgresURL, "HOURGLASS_TEST_POSTGRES must name a PostgreSQL database under CI")
            configuration.database = ownDatabase ? try Self.newDatabase(beside: url) : url
            // The suites run at once, each server with a pool of its own, on one PostgreSQL
            // (tools/postgres: 400 connections): at the default 20 a server they took every slot,
            // and a server starting then could not connect ("remaining connection slots are
            // reserved"). With 8 the suite peaked at 173 connections.
            configuration.databaseConnections = 8
            let key = folder.appendingPathComponent("key").path
            try Data(repeating: 7, count: 32).write(to: URL(fileURLWithPath: key))
            configuration.keyFile = key
        }
        configuration.outbox = folder.appendingPathComponent("outbox.jsonl").path
        configuration.dev = dev
        configuration.trustForwardedFor = true
        configuration.clock = clock
        configuration.port = 0
        rules(&configuration.rules)
        self.configuration = configuration
    }

    /// A new, empty database on the PostgreSQL server of `url` (whose user may create one), by
    /// `psql`; its URL.
    static func newDatabase(beside url: String) throws -> String {
        let name = "hourglass_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        psql.arguments = ["psql", url, "-qc", "CREATE DATABASE \(name)"]
        try psql.run()
        psql.waitUntilExit()
        try #require(psql.terminationStatus == 0, "psql could not make a database on \(url)")
        guard let slash = url.lastIndex(of: "/") else { throw ServerSetupError.database("no database in \(url)") }
        return url[...slash] + name
    }

    /// A fresh phone number, so that tests on one PostgreSQL database never share a destination:
    /// a different one at each call of a run (a counter from a random start), not by chance.
    static func newPhone() -> String {
        let number = phones.withLock { next in
            defer { next = (next + 1) % 10_000 }
            return next
        }
        return "+1415555\(String(format: "%04d", number))"
    }

    /// A fresh United Kingdom mobile number, as ``newPhone()`` makes a fresh US one.
    static func newUKPhone() -> String {
        "+44740012" + newPhone().suffix(4)
    }

    /// A fresh London landline (fixed line: its codes come by call), as ``newPhone()`` makes a
    /// fresh US number.
    static func newLandline() -> String {
        "+44207946" + newPhone().suffix(4)
    }

    private static let phones = Mutex(Int.random(in: 0...9_999))
    /// A fresh e-mail address.
    static func newEmail() -> String { "user-\(UUID().uuidString.prefix(12).lowercased())@example.com" }

    /// Runs `body` with a client of the application.
    func run(_ mode: TestingSetup = .router, _ body: @Sendable (any TestClientProtocol) async throws -> Void)
        async throws
    {
        var logger = Logger(label: "test")
        logger.logLevel = ProcessInfo.processInfo.environment["HOURGLASS_TEST_LOG"] != nil ? .debug : .critical
        let app = try VerificationServer.makeApplication(configuration, logger: logger)
        try await app.test(mode, body)
    }

    /// A store on the harness's database, as the application opens it.
    func store() async throws -> any VerificationStore {
        switch try DatabaseLocation.parse(configuration.database) {
        case .sqlite(let path):
            return try SQLiteStore(path: path)
        case .postgres(var postgres, _):
            // Its client runs to the end of the test process: a small pool, closed when idle, so
            // that the stores of many tests do not hold the test database's connections.
            postgres.options.maximumConnections = 2
            postgres.options.connectionIdleTimeout = .seconds(2)
            let client = PostgresClient(configuration: postgres)
            Task { await client.run() }
            return PostgresStore(client: client, logger: Logger(label: "test"))
        }
    }

    /// The codes the outbox holds for `destination`, oldest first: one a delivery, as a receiver
    /// deduplicates on the delivery's id. A delivery may be written twice by design: its server's
    /// resumer finds its pending row past the lease (the clock advanced) before the row's removal,
    /// which is batched, reached the database.
    func codes(to destination: String) throws -> [String] {
        let lines = try String(contentsOf: folder.appendingPathComponent("outbox.jsonl"), encoding: .utf8)
        var seen: Set<String> = []
        return lines.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["destination"] as? String == destination
            else { return nil }
            if let id = object["id"] as? String, !seen.insert(id).inserted { return nil }
            return object["code"] as? String
        }
    }
}

/// An answer: its status, headers and JSON body.
struct Answer {
    let status: Int
    let headers: HTTPFields
    let json: [String: Any]

    subscript(_ key: String) -> Any? { json[key] }
    var type: String? { (json["type"] as? String)?.replacingOccurrences(of: "urn:hourglass:problem:", with: "") }
}

extension TestClientProtocol {
    /// POSTs `body` as JSON to `path`, from `address`, with `accept` as its `Accept` header if any.
    func post(_ path: String, _ body: [String: String], from address: String, accept: String? = nil) async throws
        -> Answer
    {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await request(
            .post, path, body: String(decoding: data, as: UTF8.self), from: address, accept: accept)
    }

    /// Sends `body` (JSON, or anything) to `path` with `method`, from `address`, with `accept` as
    /// its `Accept` header if any.
    func request(
        _ method: HTTPRequest.Method, _ path: String, body: String? = nil, from address: String, accept: String? = nil
    ) async throws -> Answer {
        var headers = HTTPFields()
        if body != nil { headers[.contentType] = "application/json" }
        headers[HTTPField.Name("X-Forwarded-For")!] = address
        headers[.accept] = accept
        return try await execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        {
            response in
            let object =
                (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any]
                ?? [:]
            SeenStatuses.record(method.rawValue, path, Int(response.status.code))
            return Answer(status: Int(response.status.code), headers: response.headers, json: object)
        }
    }
}
