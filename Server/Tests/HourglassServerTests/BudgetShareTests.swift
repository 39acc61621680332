import Foundation
import Testing

@testable import HourglassServer

/// A send budget shared: one network, or one number prefix, spends its share and no more, so
/// that the budget lasts for everyone else.
@Suite("A send budget's shares, by network and by number prefix, on SQLite and PostgreSQL")
struct BudgetShareTests {
    @Test(
        "one /24 or one number prefix spends its share of the budget (20 % of 10: 2), the others still get codes",
        arguments: TestDatabase.available)
    func shares(database: TestDatabase) async throws {
        // Budgets count every send of a database: on a database of its own.
        let server = try ServerHarness(database, start: FraudTests.freshWindow(), ownDatabase: true) {
            $0.sendBudget = 10
            $0.budgetShare = 20
            $0.budgetWindow = .seconds(3_600)
        }
        /// A fresh number of area code `area` (its own prefix: `1` and the area code, and `555`).
        @Sendable func phone(_ area: String) -> String { "+1\(area)555" + ServerHarness.newPhone().suffix(4) }
        try await server.run { client in
            func send(_ destination: String, from address: String) async throws -> Answer {
                try await client.post("/v1/codes", ["destination": destination], from: address)
            }
            // Two addresses of one /24 spend its share; a third send from it is refused.
            #expect(try await send(phone("212"), from: "203.0.113.5").status == 200)
            #expect(try await send(phone("646"), from: "203.0.113.77").status == 200)
            let network = try await send(phone("718"), from: "203.0.113.5")
            #expect(network.status == 429 && network["reason"] as? String == "send_budget")
            // Spent at once: it rolls back in half a window into the next (see BudgetWindowTests).
            #expect(network["retryAfter"] as? Int == 5_400)
            // Another network is not refused: the budget is not spent for everyone.
            #expect(try await send(phone("718"), from: "198.51.100.9").status == 200)
            // A number prefix's share: a second code to +1212555… goes, a third does not,
            // whichever network asks; another prefix still gets one.
            #expect(try await send(phone("212"), from: "198.51.100.9").status == 200)
            let prefix = try await send(phone("212"), from: "192.0.2.1")
            #expect(prefix.status == 429 && prefix["reason"] as? String == "send_budget")
            #expect(try await send(phone("415"), from: "192.0.2.1").status == 200)
        }
    }

    @Test("the network a budget's share is kept under: an IPv4 /24, an IPv6 /64 as its key is")
    func networks() {
        #expect(ClientAddress.network(ofKey: "203.0.113.77") == "203.0.113.0/24")
        #expect(ClientAddress.network(ofKey: ClientAddress.limitKey("::ffff:198.51.100.7")) == "198.51.100.0/24")
        #expect(ClientAddress.network(ofKey: ClientAddress.limitKey("2001:db8:1:2::5")) == "2001:db8:1:2::/64")
        #expect(ClientAddress.network(ofKey: "unknown") == "unknown")
        #expect(ClientAddress.network(ofKey: "1.2.3.256") == "1.2.3.256")
    }
}
