import Foundation
import HummingbirdTesting
import NIOCore
import NIOPosix
import Testing

@testable import HourglassServer

/// `GET /metrics` on a port of its own: outcomes, deliveries and times, in Prometheus's format.
@Suite("Metrics on their own port")
struct MetricsTests {
    /// A port free a moment ago.
    static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(channel.localAddress?.port)
        try await channel.close()
        return port
    }

    @Test("sends, checks, deliveries and fraud refusals are counted by outcome, requests and database calls timed")
    func counted() async throws {
        var harness = try ServerHarness(.sqlite)
        let metricsPort = try await Self.freePort()
        harness.configuration.metricsPort = metricsPort
        harness.configuration.destinationRules.deniedRegions = ["MX"]
        let server = harness
        try await server.run(.live) { client in
            let phone = ServerHarness.newPhone()
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 429)
            #expect(try await client.post("/v1/codes", ["destination": "nobody"], from: server.address).status == 422)
            #expect(
                try await client.post("/v1/codes", ["destination": "+525512345678"], from: server.address).status == 422
            )
            let code = try #require(try server.codes(to: phone).last)
            let wrong = code == "000000" ? "111111" : "000000"
            for attempt in [wrong, code] {
                _ = try await client.post(
                    "/v1/codes/check", ["destination": phone, "code": attempt], from: server.address)
            }
            let text = try await RequestHeadTests.exchange(
                "GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: metricsPort)
            let lines = Set(text.split(separator: "\r\n").flatMap { $0.split(separator: "\n") }.map(String.init))
            for expected in [
                #"hourglass_sends_total{outcome="sent"} 1"#,
                #"hourglass_sends_total{outcome="rate_limited"} 1"#,
                #"hourglass_sends_total{outcome="invalid"} 1"#,
                #"hourglass_sends_total{outcome="refused"} 1"#,
                #"hourglass_fraud_refusals_total{rule="region"} 1"#,
                #"hourglass_checks_total{outcome="wrong"} 1"#,
                #"hourglass_checks_total{outcome="verified"} 1"#,
                #"hourglass_deliveries_total{sender="outbox",result="delivered"} 1"#,
                #"hourglass_request_duration_seconds_count{operation="send_code",status="200"} 1"#,
                #"hourglass_request_duration_seconds_count{operation="send_code",status="429"} 1"#,
                #"hourglass_request_duration_seconds_count{operation="check_code",status="200"} 1"#,
                #"hourglass_database_duration_seconds_count{operation="send"} 2"#,
                #"hourglass_database_duration_seconds_count{operation="check"} 2"#,
            ] {
                #expect(lines.contains(expected), "\(expected)")
            }
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(!text.contains("\"\(code)\""), "a code as a label value")
        }
    }
}
