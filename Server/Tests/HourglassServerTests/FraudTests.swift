import Foundation
import HTTPTypes
import HummingbirdTesting
import PhoneNumbers
import SignUp
import Synchronization
import Testing

@testable import HourglassServer

/// SMS pumping's defences, as Twilio's geo permissions and Fraud Guard: regions, number types,
/// and budgets of codes per window, each refusal with its own documented reason.
@Suite("Fraud limits: regions, number types and send budgets, on SQLite and PostgreSQL")
struct FraudTests {
    @Test("a region not allowed, or denied, gets no code: 422 destination-refused, reason region")
    func regions() async throws {
        var harness = try ServerHarness(.sqlite)
        harness.configuration.destinationRules.allowedRegions = ["US", "MX"]
        harness.configuration.destinationRules.deniedRegions = ["MX"]
        let server = harness
        try await server.run { client in
            for (number, region) in [("+525512345678", "MX"), ("+447400123456", "GB")] {
                let refused = try await client.post("/v1/codes", ["destination": number], from: server.address)
                #expect(refused.status == 422 && refused.type == "destination-refused")
                #expect(refused["reason"] as? String == "region")
                #expect(refused["detail"] as? String == "No codes are sent to phone numbers of region \(region).")
                #expect(try server.codes(to: number).isEmpty)
            }
            let allowed = ServerHarness.newPhone()
            #expect(try await client.post("/v1/codes", ["destination": allowed], from: server.address).status == 200)
            // An e-mail address has no region.
            let email = ServerHarness.newEmail()
            #expect(try await client.post("/v1/codes", ["destination": email], from: server.address).status == 200)
        }
    }

    @Test(
        "premium-rate and toll-free numbers get no code by default: reason number_type",
        arguments: [
            ("+19002345678", PhoneNumberType.premiumRate, "premium-rate"), ("+18002345678", .tollFree, "toll-free"),
        ])
    func numberTypes(number: String, type: PhoneNumberType, name: String) async throws {
        #expect(PhoneNumbering.type(of: number) == type)
        let server = try ServerHarness(.sqlite)
        try await server.run { client in
            let refused = try await client.post("/v1/codes", ["destination": number], from: server.address)
            #expect(refused.status == 422 && refused.type == "destination-refused")
            #expect(refused["reason"] as? String == "number_type")
            #expect(refused["detail"] as? String == "No codes are sent to \(name) numbers.")
        }
        var open = try ServerHarness(.sqlite)
        open.configuration.destinationRules.refusedTypes = []
        let allowing = open
        try await allowing.run { client in
            let sent = try await client.post("/v1/codes", ["destination": number], from: allowing.address)
            #expect(sent.status == 200)
        }
    }

    @Test(
        "the send budget, a channel's each, and a calling code's budget: 429 send_budget or calling_code_budget, in windows that roll",
        arguments: TestDatabase.available)
    func budgets(database: TestDatabase) async throws {
        // Budgets count every send of a database: on a database of its own.
        let server = try ServerHarness(database, start: Self.freshWindow(), ownDatabase: true) {
            $0.sendBudget = 3
            $0.callingCodeBudget = 2
            $0.budgetWindow = .seconds(3_600)
            $0.budgetShare = 100
        }
        try await server.run { client in
            for destination in [ServerHarness.newPhone(), ServerHarness.newPhone()] {
                #expect(
                    try await client.post("/v1/codes", ["destination": destination], from: server.address).status == 200
                )
            }
            server.clock.advance(by: .seconds(600))
            let thirdUS = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(thirdUS.status == 429 && thirdUS["reason"] as? String == "calling_code_budget")
            // The budgets roll (`BudgetWindow`): spent at once, a budget of 2 has one send back
            // half a window into the next (4 800 s), when the window before counts for half.
            #expect(thirdUS.headers[.retryAfter] == "4800")
            // Another calling code has a budget of its own; the whole budget counts it.
            // Fresh numbers: a fixed one may hold a send of another run, at a later instant of
            // the shared database, which counts as made now (a clock gone back).
            #expect(
                try await client.post("/v1/codes", ["destination": ServerHarness.newUKPhone()], from: server.address)
                    .status == 200)
            let fourthText = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newUKPhone()], from: server.address)
            #expect(
                fourthText.status == 429 && fourthText["reason"] as? String == "send_budget"
                    && fourthText.headers[.retryAfter] == "4200")
            // E-mails have a budget of their own: the texts' spent, three go out, the fourth not.
            for _ in 0..<3 {
                #expect(
                    try await client.post("/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address)
                        .status == 200)
            }
            let email = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address)
            #expect(
                email.status == 429 && email["reason"] as? String == "send_budget"
                    && email.headers[.retryAfter] == "4200")
            // The next window does not start afresh (a calendar window would let the budget be
            // spent twice across its end): the three sends of the window before count for all
            // of it at its start, for two thirds a third in, when one send fits again.
            server.clock.advance(by: .seconds(3_000))
            let rolled = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address)
            #expect(rolled.status == 429 && rolled.headers[.retryAfter] == "1200")
            server.clock.advance(by: .seconds(1_199))
            #expect(
                try await client.post("/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address)
                    .status == 429)
            server.clock.advance(by: .seconds(1))
            #expect(
                try await client.post("/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address)
                    .status == 200)
        }
    }

    @Test(
        "sends at the same instant never overshoot a budget: as many 200s as it holds",
        arguments: TestDatabase.available)
    func concurrentBudget(database: TestDatabase) async throws {
        for (sendBudget, callingCodeBudget, expected) in [
            (5, 8, ["200 -": 5, "429 send_budget": 19]), (8, 3, ["200 -": 3, "429 calling_code_budget": 21]),
        ] {
            let server = try ServerHarness(database, start: Self.freshWindow(), ownDatabase: true) {
                $0.sendBudget = sendBudget
                $0.callingCodeBudget = callingCodeBudget
                $0.budgetWindow = .seconds(3_600)
                $0.budgetShare = 100
            }
            try await server.run { client in
                let answers = try await withThrowingTaskGroup(of: String.self) { group in
                    // Each from an address of its own: one address's sends take turns.
                    for index in 0..<24 {
                        group.addTask {
                            let answer = try await client.post(
                                "/v1/codes", ["destination": ServerHarness.newPhone()], from: "198.51.100.\(index)")
                            return "\(answer.status) \(answer["reason"] as? String ?? "-")"
                        }
                    }
                    return try await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
                }
                #expect(answers == expected, "send budget \(sendBudget), calling code budget \(callingCodeBudget)")
            }
        }
    }

    @Test(
        "a delivery outlives the database's deadline; failed, its send is taken back, its budget and address counts too"
    )
    func undeliveredBudget() async throws {
        var harness = try ServerHarness(.sqlite) { $0.sendBudget = 1 }
        let failing = FailingSender()
        (harness.configuration.sender, harness.configuration.databaseTimeout) = (failing, .milliseconds(300))
        failing.fails.withLock { $0 = true }
        failing.delay.withLock { $0 = .seconds(5) }
        let server = harness
        try await server.run(.live) { client in
            let failed = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(failed.status == 500)
            failing.fails.withLock { $0 = false }
            failing.delay.withLock { $0 = .zero }
            // The undo runs as the failed delivery ends: soon, not at once.
            var status = 0
            for _ in 0..<40 where status != 200 {
                status = try await client.post(
                    "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address
                ).status
                if status != 200 { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(status == 200, "the budget of 1 was not given back")
        }
    }

    @Test("the command line's lists: regions and types by name; an unknown or empty one is an invalid option")
    func options() throws {
        let rules = try DestinationRules.parse(allowed: "mx, US", denied: "001", refusedTypes: "premium-rate,voip")
        #expect(rules.allowedRegions == ["MX", "US"] && rules.deniedRegions == ["001"])
        #expect(rules.refusedTypes == [.premiumRate, .voip])
        #expect(try DestinationRules.parse(allowed: nil, denied: nil, refusedTypes: "none").refusedTypes.isEmpty)
        #expect(DestinationRules.defaultRefusedTypeNames == "pager,premium-rate,shared-cost,toll-free,uan,voicemail")
        let refused: [(String?, String)] = [("XX", "none"), ("", "none"), (nil, ""), (nil, "premium")]
        for (allowed, types) in refused {
            #expect(throws: ServerSetupError.self) {
                try DestinationRules.parse(allowed: allowed, denied: nil, refusedTypes: types)
            }
        }
    }

    /// A start at a budget window's beginning (an hour's), at a random one.
    static func freshWindow() -> Date {
        Date(timeIntervalSince1970: TimeInterval(3_600 * (600_000 + Int.random(in: 0..<100_000))))
    }
}
