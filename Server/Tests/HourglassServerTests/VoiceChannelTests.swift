import Foundation
import HTTPTypes
import HummingbirdTesting
import PhoneNumbers
import SignUp
import Testing

@testable import HourglassServer

/// A call when a text cannot come: a landline's default, any number's on request ("Call me"),
/// the channel in the answer, the outbox line and the webhook; a text asked for a landline
/// refused; the voice budget; the spoken text in every language.
@Suite("The voice channel, on SQLite and PostgreSQL")
struct VoiceChannelTests {
    /// The outbox lines for `destination`, oldest first.
    static func lines(_ server: ServerHarness, to destination: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: server.folder.appendingPathComponent("outbox.jsonl"), encoding: .utf8)
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["destination"] as? String == destination }
    }

    @Test(
        "a landline gets a call, a mobile a text unless it asks a call; a text for a landline is refused: reason channel",
        arguments: TestDatabase.available)
    func defaults(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let (landline, mobile) = (ServerHarness.newLandline(), ServerHarness.newUKPhone())
        #expect(PhoneNumbering.type(of: landline) == .fixedLine && PhoneNumbering.type(of: mobile) == .mobile)
        try await server.run { client in
            let refused = try await client.post(
                "/v1/codes", ["destination": landline, "channel": "sms"], from: server.address)
            #expect(refused.status == 422 && refused.type == "destination-refused")
            #expect(refused["reason"] as? String == "channel")
            #expect(refused["detail"] as? String == "No code can reach this destination by sms.")
            let called = try await client.post("/v1/codes", ["destination": landline], from: server.address)
            #expect(called.status == 200 && called["channel"] as? String == "voice")
            let texted = try await client.post("/v1/codes", ["destination": mobile], from: server.address)
            #expect(texted.status == 200 && texted["channel"] as? String == "sms")
            // "Call me" once the cooldown is over: it counts in the same cooldown.
            let tooSoon = try await client.post(
                "/v1/codes", ["destination": mobile, "channel": "voice"], from: server.address)
            #expect(tooSoon.status == 429 && tooSoon["reason"] as? String == "rate_limited")
            server.clock.advance(by: .seconds(61))
            let callMe = try await client.post(
                "/v1/codes", ["destination": mobile, "channel": "voice"], from: server.address)
            #expect(callMe.status == 200 && callMe["channel"] as? String == "voice")
        }
        let call = try #require(try Self.lines(server, to: landline).first)
        let code = try #require(call["code"] as? String)
        let digits = code.map(String.init).joined(separator: ", ")
        #expect(call["channel"] as? String == "voice" && call["segments"] == nil)
        #expect(call["text"] as? String == "Your verification code is \(digits). Once again: \(digits).")
        #expect(try Self.lines(server, to: mobile).map { $0["channel"] as? String } == ["sms", "voice"])
        #expect(try Self.lines(server, to: mobile).map { $0["segments"] as? Int } == [1, nil])
    }

    @Test("an address takes e-mail alone, a number never e-mail: reason channel", arguments: TestDatabase.available)
    func addresses(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        try await server.run { client in
            for (destination, channel) in [
                (ServerHarness.newEmail(), "voice"), (ServerHarness.newEmail(), "sms"),
                (ServerHarness.newPhone(), "email"),
            ] {
                let refused = try await client.post(
                    "/v1/codes", ["destination": destination, "channel": channel], from: server.address)
                #expect(refused.status == 422 && refused["reason"] as? String == "channel", "\(channel)")
                #expect(try server.codes(to: destination).isEmpty)
            }
            let mailed = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newEmail(), "channel": "email"], from: server.address)
            #expect(mailed.status == 200 && mailed["channel"] as? String == "email")
            let unknown = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone(), "channel": "fax"], from: server.address)
            #expect(unknown.status == 400)
        }
    }

    @Test(
        "the voice budget: calls past it get 429 voice_budget, texts still go; calls spend the send budget too",
        arguments: TestDatabase.available)
    func budget(database: TestDatabase) async throws {
        let server = try ServerHarness(database, start: FraudTests.freshWindow(), ownDatabase: true) {
            $0.voiceBudget = 1
            $0.sendBudget = 3
            $0.budgetWindow = .seconds(3_600)
            $0.budgetShare = 100
        }
        try await server.run { client in
            let first = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newLandline()], from: server.address)
            #expect(first.status == 200)
            let second = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newLandline()], from: server.address)
            #expect(second.status == 429 && second["reason"] as? String == "voice_budget")
            #expect(Int(second.headers[.retryAfter] ?? "") ?? 0 > 0)
            for _ in 0..<2 {
                let text = try await client.post(
                    "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
                #expect(text.status == 200 && text["channel"] as? String == "sms")
            }
            // The call and two texts spent the send budget of 3.
            let fourth = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(fourth.status == 429 && fourth["reason"] as? String == "send_budget")
        }
    }

    @Test(
        "every language's call says the code's digits apart, twice, and no minutes",
        arguments: MessageTemplates.languages)
    func spoken(language: String) throws {
        let text = MessageTexts.builtIn.spoken(code: "1234567890", language: language)
        let pause = try #require(MessageTemplates.digitPause[language])
        let digits = "1234567890".map(String.init).joined(separator: pause)
        #expect(text.components(separatedBy: digits).count == 3, "\(language): \(text)")
        // No two digits side by side: speech would read "12" as twelve.
        #expect(text.range(of: "[0-9][0-9]", options: .regularExpression) == nil, "\(language): \(text)")
        #expect(!text.contains("{"))
    }

    @Test("an operator's voice: line replaces the built-in call text; {minutes} in it is refused")
    func templates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.txt")
        try "other: Code {code}, {minutes} Minuten.\nvoice: Ihr Code: {code}. Nochmals: {code}.\n".write(
            to: file, atomically: true, encoding: .utf8)
        let texts = try MessageTexts.builtIn.loading(folder.path)
        #expect(texts.spoken(code: "123", language: "de") == "Ihr Code: 1, 2, 3. Nochmals: 1, 2, 3.")
        #expect(
            texts.spoken(code: "12", language: "fr") == "Votre code de vérification est 1, 2. Je répète\u{00A0}: 1, 2.")
        try "other: Code {code}.\nvoice: Ihr Code {code} gilt {minutes} Minuten.\n".write(
            to: file, atomically: true, encoding: .utf8)
        #expect {
            _ = try MessageTexts.builtIn.loading(folder.path)
        } throws: { error in
            guard case .messageTemplates(let message) = error as? ServerSetupError else { return false }
            return message == "\(file.path) line 2: a voice text holds {code} alone, no {minutes}"
        }
    }
}
