import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `GET /metrics` on a server of its own (`--metrics-port`), run as one of the application's
/// services. A port it cannot bind is said as the metrics' own, not the API's: the error names
/// `--metrics-host` and `--metrics-port`.
struct MetricsServer: Service {
    private let application: any Service
    private let host: String
    private let port: Int

    init(_ metrics: ServerMetrics, host: String, port: Int, logger: Logger) {
        let router = Router()
        router.get("metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }
        // A connection idle for 15 s is closed: a scraper asks and goes.
        application = Application(
            router: router, server: .http1(configuration: .init(idleTimeout: .seconds(15))),
            configuration: .init(address: .hostname(host, port: port), serverName: nil), logger: logger)
        (self.host, self.port) = (host, port)
    }

    func run() async throws {
        do { try await application.run() } catch let error as IOError
            where [EADDRINUSE, EADDRNOTAVAIL, EACCES].contains(error.errnoCode)
        {
            throw ServerSetupError.address("cannot listen on \(host):\(port) for metrics: \(error.description)")
        }
    }
}
