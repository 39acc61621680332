import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import OpenAPIRuntime
import Synchronization
import Testing

@testable import HourglassServer

/// The send and the check, served by `DirectRoutes`, answer byte for byte as the generated server
/// answers the same operations' outputs, and read the same requests the same way.
@Suite("The direct routes read and answer as the generated server")
struct DirectRoutesTests {
    /// Operations that answer fixed outputs and keep what they were asked.
    final class FixedAnswers: APIProtocol, DirectOperations {
        let sendOutput: Operations.SendCode.Output
        let checkOutput: Operations.CheckCode.Output
        /// Each request's decoded body, client address and language.
        let asked = Mutex<[String]>([])

        init(
            send: Operations.SendCode.Output = .ok(
                .init(body: .json(.init(resendAfter: 60, codeLifetime: 600, codeLength: 6)))),
            check: Operations.CheckCode.Output = .ok(.init(body: .json(.init(proof: "p", proofLifetime: 900))))
        ) {
            (sendOutput, checkOutput) = (send, check)
        }

        func send(
            _ body: Components.Schemas.SendCodeRequest, from address: String, accepting accepted: String?
        ) async -> Operations.SendCode.Output {
            asked.withLock { $0.append("send \(body) \(address) \(accepted ?? "-")") }
            return sendOutput
        }

        func check(_ body: Components.Schemas.CheckCodeRequest, from address: String) async
            -> Operations.CheckCode.Output
        {
            asked.withLock { $0.append("check \(body) \(address)") }
            return checkOutput
        }

        func sendCode(_ input: Operations.SendCode.Input) async throws -> Operations.SendCode.Output {
            switch input.body {
            case .json(let body): await send(body, from: ClientAddress.current, accepting: MessageLanguage.accepted)
            }
        }

        func checkCode(_ input: Operations.CheckCode.Input) async throws -> Operations.CheckCode.Output {
            switch input.body {
            case .json(let body): await check(body, from: ClientAddress.current)
            }
        }

        func createAccount(_ input: Operations.CreateAccount.Input) async throws -> Operations.CreateAccount.Output {
            .undocumented(statusCode: 599, .init())
        }

        func readOutbox(_ input: Operations.ReadOutbox.Input) async throws -> Operations.ReadOutbox.Output {
            .undocumented(statusCode: 599, .init())
        }
    }

    /// An answer as a client reads it: the status, every header but the date, the body.
    struct Seen: Equatable, CustomStringConvertible {
        let status: Int
        let headers: [String]
        let body: String
        var description: String { "\(status) \(headers) \(body)" }
    }

    /// What `api` answers to `request` (path, content type, body), served directly and by the
    /// generated server; and what each asked the operations.
    static func both(
        _ api: @autoclosure () -> FixedAnswers, _ path: String, contentType: String?, body: String
    ) async throws -> (direct: Seen, generated: Seen, directAsked: [String], generatedAsked: [String]) {
        var seen: [Seen] = []
        var asked: [[String]] = []
        for direct in [true, false] {
            let answers = api()
            let router = Router(context: ServerRequestContext.self)
            router.add(
                middleware: RequestMiddleware(
                    metrics: ServerMetrics(), logger: Logger(label: "test"), bodyLimit: VerificationServer.bodyLimit,
                    trustForwardedFor: true))
            VerificationServer.addOperations(answers, to: router, direct: direct)
            var headers = HTTPFields()
            headers[.contentType] = contentType
            headers[ClientAddress.forwardedFor] = "203.0.113.9"
            headers[.acceptLanguage] = "ar-EG, en;q=0.5"
            let request = headers
            let answer = try await Application(router: router).test(.router) { client in
                try await client.execute(uri: path, method: .post, headers: request, body: ByteBuffer(string: body)) {
                    response in
                    Seen(
                        status: Int(response.status.code),
                        headers: response.headers.filter { $0.name != .date }.map { "\($0.name): \($0.value)" },
                        body: String(buffer: response.body))
                }
            }
            seen.append(answer)
            asked.append(answers.asked.withLock { $0 })
        }
        return (seen[0], seen[1], asked[0], asked[1])
    }

    static let contentTypes: [String?] = [
        nil, "application/json", "application/json; charset=utf-8", "Application/JSON", "application/*", "*/*",
        "text/plain", "application/problem+json", "application/jsonx", "garbage", "application/json;", "",
    ]

    static let sendBodies = [
        #"{"destination":"+14155550100"}"#, #"{"destination":"+14155550100","channel":"voice"}"#,
        #"{"destination":"+14155550100","channel":"fax"}"#, #"{"destination":"+14155550100","extra":[1,2]}"#,
        #"{"destination":"\u002b1 415\/555"}"#, #"{"destination":5}"#, #"{"channel":"sms"}"#, "{}", "[]", "{", "",
        #"{"destination":null}"#, #"{"destination":"a","destination":"b"}"#, " \n{\"destination\":\"x\"}\t",
    ]

    static let checkBodies = [
        #"{"destination":"+14155550100","code":"123456"}"#, #"{"destination":"+14155550100"}"#,
        #"{"destination":"+14155550100","code":123456}"#, #"{"code":"1","destination":"é\u0301"}"#, "{", "null",
    ]

    @Test("a send's and a check's requests are read alike", arguments: contentTypes)
    func requests(contentType: String?) async throws {
        for (path, bodies) in [("/v1/codes", Self.sendBodies), ("/v1/codes/check", Self.checkBodies)] {
            for body in bodies {
                let seen = try await Self.both(FixedAnswers(), path, contentType: contentType, body: body)
                #expect(seen.direct == seen.generated, "\(path) \(contentType ?? "none") \(body)")
                #expect(seen.directAsked == seen.generatedAsked, "\(path) \(contentType ?? "none") \(body)")
            }
        }
        // Not vacuous: a request of the documented shape reaches the operation, one of another
        // is a 400 problem that never does.
        let read = try await Self.both(FixedAnswers(), "/v1/codes", contentType: contentType, body: Self.sendBodies[1])
        let refused = ["text/plain", "application/problem+json", "application/jsonx"].contains(contentType)
        #expect(read.direct.status == (refused ? 400 : 200))
        #expect(
            read.directAsked
                == (refused
                    ? []
                    : [
                        #"send SendCodeRequest(destination: "+14155550100", channel: Optional(HourglassServer.Components.Schemas.Channel.voice)) 203.0.113.9 ar-EG, en;q=0.5"#
                    ]))
    }

    /// Problems with every field, and texts of every class of character a problem's JSON escapes.
    static let problems: [Components.Schemas.Problem] = [
        Problems.problem(.wrongCode, status: 422, detail: "Wrong code; 4 attempts left.", attemptsLeft: 4),
        Problems.problem(
            .tooManyRequests, status: 429, detail: "retry \"now\" \\ or / later\n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f}",
            reason: .locked, retryAfter: 900),
        Problems.problem(.invalidDestination, status: 422, detail: "رقم غير صالح — 号码无效 👍🏽 é\u{301}"),
        Components.Schemas.Problem(
            _type: .weakPassword, title: "Weak", status: 422, passwordProblems: [.tooShort, .common],
            minimumLength: 8, maximumLength: 1_024),
    ]

    @Test("every output of a send and a check is answered alike, byte for byte")
    func answers() async throws {
        var sends: [Operations.SendCode.Output] = [
            .ok(.init(body: .json(.init(channel: .voice, resendAfter: 60, codeLifetime: 600, codeLength: 6)))),
            .ok(.init(body: .json(.init(resendAfter: 0, codeLifetime: 1, codeLength: 4)))),
            .undocumented(statusCode: 418, .init()),
        ]
        var checks: [Operations.CheckCode.Output] = [
            .ok(.init(body: .json(.init(proof: "a/b+c\"d", proofLifetime: 900)))),
            .undocumented(statusCode: 418, .init()),
        ]
        for problem in Self.problems {
            sends += [
                .badRequest(.init(body: .applicationProblemJson(problem))),
                .contentTooLarge(.init(body: .applicationProblemJson(problem))),
                .requestHeaderFieldsTooLarge(.init(body: .applicationProblemJson(problem))),
                .unprocessableContent(.init(body: .applicationProblemJson(problem))),
                .tooManyRequests(.init(headers: .init(retryAfter: "17"), body: .applicationProblemJson(problem))),
                .internalServerError(.init(body: .applicationProblemJson(problem))),
                .serviceUnavailable(.init(body: .applicationProblemJson(problem))),
            ]
            checks += [
                .badRequest(.init(body: .applicationProblemJson(problem))),
                .contentTooLarge(.init(body: .applicationProblemJson(problem))),
                .requestHeaderFieldsTooLarge(.init(body: .applicationProblemJson(problem))),
                .gone(.init(body: .applicationProblemJson(problem))),
                .unprocessableContent(.init(body: .applicationProblemJson(problem))),
                .tooManyRequests(.init(headers: .init(retryAfter: "3600"), body: .applicationProblemJson(problem))),
                .internalServerError(.init(body: .applicationProblemJson(problem))),
                .serviceUnavailable(.init(body: .applicationProblemJson(problem))),
            ]
        }
        for send in sends {
            let seen = try await Self.both(
                FixedAnswers(send: send), "/v1/codes", contentType: "application/json", body: Self.sendBodies[0])
            #expect(seen.direct == seen.generated, "\(send)")
        }
        for check in checks {
            let seen = try await Self.both(
                FixedAnswers(check: check), "/v1/codes/check", contentType: "application/json",
                body: Self.checkBodies[0])
            #expect(seen.direct == seen.generated, "\(check)")
        }
        // Not vacuous: the answers are what the contract says, headers included.
        let locked = try await Self.both(
            FixedAnswers(check: checks[2 + 8 + 5]), "/v1/codes/check", contentType: nil, body: Self.checkBodies[0])
        #expect(locked.direct.status == 429)
        #expect(
            locked.direct.headers == [
                "Retry-After: 3600", "Content-Type: application/problem+json; charset=utf-8",
                "Content-Length: \(locked.direct.body.utf8.count)",
            ])
        #expect(
            locked.direct.body
                == #"{"detail":"retry \"now\" \\ or \/ later\n\t\r\b\f\u0001\u001f\#u{7f}","reason":"locked","retryAfter":900,"status":429,"title":"Too many requests","type":"urn:hourglass:problem:too-many-requests"}"#
        )
    }

    @Test("a problem's JSON is JSONEncoder's, for every ASCII character and beyond")
    func problemJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["", "é", "\u{2028}", "\u{202E}x", "👍🏽/\\"]
        for text in texts {
            for problem in Self.problems + [
                Problems.problem(.busy, status: 503, detail: "a\(text)b\(text)", retryAfter: 1)
            ] {
                var problem = problem
                problem.detail = problem.detail.map { $0 + text }
                problem.title += text
                let json = problem.json
                #expect(
                    String(buffer: json) == String(decoding: try encoder.encode(problem), as: UTF8.self),
                    "\(text.unicodeScalars.map(\.value))")
            }
        }
    }
}
