import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `GET /metrics` on a server of its own (`--metrics-port`), run as one of the application's
/// services. A port it cannot bind is said as the metrics' own, not the API's: the error names
/// `--metrics-host` and `--metrics-port`. Bounded as the API is (``limits``): a scraper asks and
/// goes, so a few connections serve it, and clients that reconnect at once when closed wait in
/// the kernel's backlog rather than take descriptors.
struct MetricsServer: Service {
    /// 16 connections, 8 from one address; the API's deadlines; idle 15 s closes.
    static let limits = ListenerLimits(
        maxConnections: 16, addressShare: 8, requestDeadline: .seconds(15), writeDeadline: .seconds(10))

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
        let registry = Self.limits.registry()
        application = Application(
            router: router, server: .http1(configuration: Self.limits.http1(registry)),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                await ListenerLimits.installGate(on: channel, registry: registry, logger: logger)
            }, logger: logger)
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
