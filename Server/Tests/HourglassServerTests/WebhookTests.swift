import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import HourglassServer

/// Codes delivered to a webhook as Standard Webhooks signs them, checked by a receiver that
/// verifies each request with PyPI's `standardwebhooks` (tools/webhook-receiver).
@Suite("Delivery to a webhook")
struct WebhookTests {
    /// The receiver, a child process for the test's length.
    final class Receiver {
        let process = Process()
        let port: Int
        let out: URL

        init(
            secret: String, folder: URL, failFirst: Int = 0, alwaysFail: Bool = false, delay: Double = 0,
            redirect: String? = nil, name: String = "webhook"
        ) throws {
            out = folder.appendingPathComponent("\(name).jsonl")
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("tools/webhook-receiver")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                ["python3", script.path, "--secret", secret, "--out", out.path, "--fail-first", "\(failFirst)"]
                + (alwaysFail ? ["--always-fail"] : []) + ["--delay", "\(delay)"]
                + (redirect.map { ["--redirect", $0] } ?? [])
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            var line = Data()
            while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
                line.append(byte)
            }
            port = try #require(Int(String(decoding: line, as: UTF8.self)), "the receiver printed no port")
        }

        deinit { process.terminate() }

        /// What it received, one entry a request.
        func received() throws -> [[String: Any]] {
            guard let text = try? String(contentsOf: out, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    static let secret = "whsec_" + Data((0..<32).map { UInt8($0 * 7 % 251) }).base64EncodedString()

    /// A harness whose codes go to `receiver`.
    static func server(to receiver: Receiver) throws -> ServerHarness {
        var server = try ServerHarness(.sqlite)
        let secretFile = server.folder.appendingPathComponent("webhook.secret")
        try Data(secret.utf8).write(to: secretFile)
        server.configuration.webhookURL = "http://127.0.0.1:\(receiver.port)/codes"
        server.configuration.webhookSecretFile = secretFile.path
        return server
    }

    static func send(_ client: any TestClientProtocol, _ phone: String, language: String) async throws -> Int {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.acceptLanguage] = language
        return try await client.execute(
            uri: "/v1/codes", method: .post, headers: headers, body: .init(string: #"{"destination":"\#(phone)"}"#)
        ) { Int($0.status.code) }
    }

    @Test("a code goes to the webhook, signed and in the request's language; a failed attempt is tried again, same id")
    func delivered() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let receiver = try Receiver(secret: Self.secret, folder: folder, failFirst: 1)
        let server = try Self.server(to: receiver)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let status = try await Self.send(client, phone, language: "fr-CA;q=0.5, es-MX, en;q=0.1")
            #expect(status == 200)
        }
        let received = try receiver.received()
        #expect(received.map { $0["status"] as? Int } == [500, 200])
        #expect(received.allSatisfy { $0["verified"] as? Bool == true })
        #expect(Set(received.compactMap { $0["id"] as? String }).count == 1)
        let payload = try #require(received.last?["payload"] as? [String: Any])
        let data = try #require(payload["data"] as? [String: Any])
        let code = try #require(data["code"] as? String)
        #expect(payload["type"] as? String == "verification.code" && code.count == 6)
        #expect(data["destination"] as? String == phone && data["channel"] as? String == "sms")
        #expect(data["language"] as? String == "es")
        #expect(data["text"] as? String == "Tu código de verificación es \(code). Expira en 10 minutos.")
        #expect(data["segments"] as? Int == 1)
        #expect(try server.codes(to: phone).isEmpty)
    }

    @Test("a webhook that keeps failing: the send answers 500, and the code is taken back")
    func undelivered() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let receiver = try Receiver(secret: Self.secret, folder: folder, alwaysFail: true)
        let server = try Self.server(to: receiver)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let first = try await Self.send(client, phone, language: "en")
            // Taken back: no cooldown holds, the next tap is tried again (500 again, not 429).
            let second = try await Self.send(client, phone, language: "en")
            #expect(first == 500 && second == 500)
        }
        #expect(try receiver.received().map { $0["status"] as? Int } == Array(repeating: 503, count: 6))
    }

    /// A fresh folder for a test's receivers.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a provider that delivers, then answers after the timeout: the send stays counted, tried again, same id")
    func slowProvider() async throws {
        let receiver = try Receiver(secret: Self.secret, folder: try Self.folder(), delay: 0.8)
        var server = try Self.server(to: receiver)
        server.configuration.sender = try WebhookSender(
            url: try #require(URL(string: "http://127.0.0.1:\(receiver.port)/codes")), secret: Self.secret,
            timeout: .milliseconds(300), attempts: 2)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let first = try await Self.send(client, phone, language: "en")
            // Counted: the cooldown holds, where a send taken back would be sent again (free).
            let second = try await Self.send(client, phone, language: "en")
            #expect(first == 200 && second == 429)
        }
        let received = try receiver.received()
        #expect(received.count == 2 && Set(received.compactMap { $0["id"] as? String }).count == 1)
    }

    @Test("a webhook that redirects: nothing goes where it points, and the send is taken back")
    func redirect() async throws {
        let folder = try Self.folder()
        let elsewhere = try Receiver(secret: Self.secret, folder: folder, name: "elsewhere")
        let receiver = try Receiver(
            secret: Self.secret, folder: folder, redirect: "http://127.0.0.1:\(elsewhere.port)/stolen")
        let server = try Self.server(to: receiver)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let first = try await Self.send(client, phone, language: "en")
            // Taken back: a 3xx is a definite refusal, answered at once and not tried again.
            let second = try await Self.send(client, phone, language: "en")
            #expect(first == 500 && second == 500)
        }
        #expect(try receiver.received().map { $0["status"] as? Int } == [307, 307])
        #expect(try elsewhere.received().isEmpty)
    }

    @Test("what tells a webhook that was never reached from one that may have been")
    func neverConnected() {
        #expect(WebhookSender.neverConnected(HTTPClientError.connectTimeout))
        #expect(WebhookSender.neverConnected(IOError(errnoCode: ECONNREFUSED, reason: "connect")))
        #expect(!WebhookSender.neverConnected(HTTPClientError.readTimeout))
        #expect(!WebhookSender.neverConnected(HTTPClientError.deadlineExceeded))
        #expect(!WebhookSender.neverConnected(HTTPClientError.remoteConnectionClosed))
    }

    @Test("a webhook without its secret, or with a secret that is not one, stops the start (exit 78)")
    func configuration() throws {
        var server = try ServerHarness(.sqlite)
        server.configuration.webhookURL = "http://127.0.0.1:9/codes"
        #expect(throws: ServerSetupError.webhook("--webhook-url needs --webhook-secret-file")) {
            _ = try VerificationServer.makeApplication(server.configuration, logger: .init(label: "test"))
        }
        let secretFile = server.folder.appendingPathComponent("bad.secret")
        try Data("not base64!".utf8).write(to: secretFile)
        server.configuration.webhookSecretFile = secretFile.path
        #expect(throws: ServerSetupError.webhook("the webhook secret must be whsec_ and base64 of 16 bytes or more")) {
            _ = try VerificationServer.makeApplication(server.configuration, logger: .init(label: "test"))
        }
        #expect(ServerSetupError.webhook("x").exitCode == 78)
    }

    @Test("the message's language from Accept-Language, and its plural form from CLDR")
    func templates() {
        #expect(MessageTemplates.language(accepting: nil) == "en")
        #expect(MessageTemplates.language(accepting: "nl-NL, de;q=0.8") == "de")
        #expect(MessageTemplates.language(accepting: "pt-PT") == "pt-BR")
        #expect(MessageTemplates.language(accepting: "zh-TW") == "zh-Hant")
        #expect(MessageTemplates.language(accepting: "zh-Hans-HK") == "zh-Hans")
        #expect(MessageTemplates.language(accepting: "ar;q=0, ru;q=0.4, ja;q=0.6") == "ja")
        #expect(MessageTemplates.forms.count == 15)
        #expect(Set(MessageTemplates.languages) == Set(MessageTemplates.forms.keys))
        #expect(
            [1, 2, 5, 21].map { MessageTemplates.text(code: "1", minutes: $0, language: "ru") }
                == [
                    "Ваш код подтверждения: 1. Он действует 1 минуту.",
                    "Ваш код подтверждения: 1. Он действует 2 минуты.",
                    "Ваш код подтверждения: 1. Он действует 5 минут.",
                    "Ваш код подтверждения: 1. Он действует 21 минуту.",
                ])
        #expect(
            MessageTemplates.text(code: "123456", minutes: 10, language: "ar")
                == "رمز التحقق الخاص بك هو \u{2068}123456\u{2069}. تنتهي صلاحيته بعد \u{2068}10\u{2069} دقائق.")
    }
}
