// The benchmark's floor: Hummingbird and a database running the ceiling's own statements for
// each request, and nothing else: no contract, no rules, no reading of the destination, no
// metrics, no code sent. What a server on this stack can do at best; tools/bench/run measures
// it beside the server.
//   bench-floor DATABASE PORT SCRIPTS_FOLDER
// DATABASE: a postgres:// URL (pgbench's send.sql and check.sql through postgres-nio) or a file
// (sqlite-send.sql and sqlite-check.sql through GRDB).
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Where the floor's statements go: a request's in one transaction.
protocol FloorStore: Sendable {
    func run() async
    func send(destination: String, address: String) async throws
    func check(destination: String, address: String) async throws
}

/// The command line.
struct FloorArguments: Sendable {
    var database: String, port: Int, scripts: String
    static let current: FloorArguments = {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let port = Int(arguments[2]) else {
            print("usage: bench-floor DATABASE PORT SCRIPTS_FOLDER")
            exit(64)
        }
        return FloorArguments(database: arguments[1], port: port, scripts: arguments[3])
    }()

    /// The statements of a script's text, split at `;`.
    static func split(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}

/// The store as a service of the application: postgres-nio's client runs as one.
struct FloorService: Service {
    let store: any FloorStore
    func run() async throws { await store.run() }
}

struct RequestBody: Decodable { let destination: String }

let arguments = FloorArguments.current
let logger = Logger(label: "bench-floor")
let store: any FloorStore
if arguments.database.hasPrefix("postgres://") {
    guard let url = URLComponents(string: arguments.database) else {
        print("bench-floor: \(arguments.database) is no URL")
        exit(64)
    }
    store = PostgresFloor(url: url, logger: logger)
} else {
    store = try SQLiteFloor(path: arguments.database, scripts: arguments.scripts)
}

/// A route's handler: reads the body's destination and the client address, runs `work` on
/// them, and answers `status` with `body`.
func handler(
    status: HTTPResponse.Status, body: String, _ work: @escaping @Sendable (String, String) async throws -> Void
) -> @Sendable (Request, BasicRequestContext) async throws -> Response {
    { request, context in
        let destination = try await request.decode(as: RequestBody.self, context: context).destination
        try await work(destination, request.headers[.init("X-Forwarded-For")!] ?? "-")
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
let router = Router()
router.post(
    "v1/codes",
    use: handler(status: .ok, body: #"{"resendAfter":0,"codeLifetime":300,"codeLength":6}"#) {
        try await store.send(destination: $0, address: $1)
    })
router.post(
    "v1/codes/check",
    use: handler(status: .unprocessableContent, body: #"{"type":"wrong-code","status":422}"#) {
        try await store.check(destination: $0, address: $1)
    })
let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: arguments.port)),
    services: [FloorService(store: store)], logger: logger)
try await app.runService()
