import Foundation
import HummingbirdTesting
import Testing

@testable import HourglassServer

/// `--message-templates DIR`: an operator's texts, a file a language, each checked at start
/// (its placeholders, its plural forms as CLDR names them, one SMS segment): exit 78 with the
/// file, its line and why.
@Suite("The operator's message texts")
struct MessageTemplateFilesTests {
    /// A folder holding `files` (name: contents).
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder.path
    }

    static let english = """
        # Acme's texts
        one: Acme: {code} is your code, for {minutes} minute.
        other: Acme: {code} is your code, for {minutes} minutes.
        short: Acme code {code}
        """

    @Test("a language's file replaces its texts, forms chosen by CLDR; the others keep the built-in ones")
    func replaces() throws {
        var configuration = ServerConfiguration()
        configuration.messageTemplates = try Self.folder(["en.txt": Self.english])
        let texts = try configuration.validated().texts
        #expect(texts.text(code: "482913", minutes: 1, language: "en") == "Acme: 482913 is your code, for 1 minute.")
        #expect(texts.text(code: "482913", minutes: 10, language: "en") == "Acme: 482913 is your code, for 10 minutes.")
        #expect(
            texts.message(
                code: "482913", minutes: 10, language: "en",
                autofill: CodeAutofill(origin: String(repeating: "a", count: 125) + ".com"))
                == "Acme code 482913\n@\(String(repeating: "a", count: 125)).com #482913")
        #expect(
            texts.text(code: "1", minutes: 5, language: "de")
                == MessageTemplates.text(code: "1", minutes: 5, language: "de"))
    }

    @Test(
        "a file that cannot be used stops the start, naming the file, the line and why",
        arguments: [
            (
                "en.txt", "other: Your code {code}, {name}",
                "en.txt line 1: unknown placeholder {name}; write {code} and {minutes}"
            ),
            ("en.txt", "other: Your code", "en.txt line 1: the text must hold {code} once"),
            ("en.txt", "other: {code} or {code}", "en.txt line 1: the text must hold {code} once"),
            (
                "en.txt", "\nfew: {code}\nother: {code}",
                "en.txt line 2: 'few' is no plural form of en (its forms: one, other), nor short or voice"
            ),
            ("ru.txt", "one: {code}", "ru.txt: an other: line is required"),
            ("en.txt", "other {code}", "en.txt line 1: write FORM: TEXT (one:, other:, short:, voice: …)"),
            (
                "en.txt", "other: {code}\nshort: {code} in {minutes}",
                "en.txt line 2: a short text holds {code} alone, no {minutes}"
            ),
            (
                "nl.txt", "other: {code}",
                "nl.txt: name each file LANGUAGE.txt, LANGUAGE one of en, zh-Hans, zh-Hant, es, pt-BR, fr, de, it, ja, ko, ar, hi, ru, id, tr"
            ),
            (
                "ar.txt", "other: " + String(repeating: "رمز ", count: 20) + "{code}",
                "ar.txt: with a 6-digit code living 10 minutes, the SMS takes 86 of the 70 UCS-2 units of one segment: shorten its text (or its short: text)"
            ),
        ])
    func refused(name: String, text: String, reason: String) throws {
        var configuration = ServerConfiguration()
        let folder = try Self.folder([name: text])
        configuration.messageTemplates = folder
        #expect(throws: ServerSetupError.messageTemplates(folder + "/" + reason)) { _ = try configuration.validated() }
        #expect(ServerSetupError.messageTemplates(reason).exitCode == 78)
    }

    @Test("a folder that is none, or a file that is no text, is refused")
    func notFiles() throws {
        var configuration = ServerConfiguration()
        configuration.messageTemplates = "/nonexistent/templates"
        #expect {
            _ = try configuration.validated()
        } throws: { error in
            guard case .messageTemplates(let reason) = error as? ServerSetupError else { return false }
            return reason.hasPrefix("/nonexistent/templates cannot be read as a folder")
        }
        let folder = try Self.folder([:])
        try FileManager.default.createDirectory(
            atPath: folder + "/en.txt", withIntermediateDirectories: false)
        configuration.messageTemplates = folder
        #expect(
            throws: ServerSetupError.messageTemplates(folder + "/en.txt: not a readable UTF-8 file of at most 64 KiB")
        ) {
            _ = try configuration.validated()
        }
    }

    @Test("the outbox line carries the operator's text")
    func sent() async throws {
        var server = try ServerHarness(.sqlite)
        server.configuration.messageTemplates = try Self.folder(["en.txt": Self.english])
        let phone = ServerHarness.newPhone()
        let harness = server
        try await harness.run { client in
            let sent = try await client.post("/v1/codes", ["destination": phone], from: harness.address)
            #expect(sent.status == 200)
        }
        let lines = try String(contentsOf: server.folder.appendingPathComponent("outbox.jsonl"), encoding: .utf8)
        let message = try #require(
            lines.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { $0["destination"] as? String == phone })
        let code = try #require(message["code"] as? String)
        #expect(message["text"] as? String == "Acme: \(code) is your code, for 10 minutes.")
    }
}
