import Foundation
import HTTPTypes
import Hourglass
import Logging
import SignUp
import Testing

@testable import SignUpHTTP

/// Every answer of the contract, as the client reads it. The wait of a 429 comes from its
/// `Retry-After`; a request's body carries the normalised destination; nothing is retried.
@Suite struct HTTPVerificationServiceTests {
    let phone = Destination.phone("+14155550100")
    let base = URL(string: "http://127.0.0.1:9")!

    func make(_ answer: AnsweringTransport.Answer, timeout: Duration = .seconds(15)) -> (
        HTTPVerificationService, AnsweringTransport
    ) {
        let transport = AnsweringTransport(answer)
        let wall = ManualWallClock(Date(timeIntervalSince1970: 1_795_770_000))
        return (
            HTTPVerificationService(serverURL: base, timeout: timeout, transport: transport, wallClock: wall), transport
        )
    }

    static func problem(_ type: String, _ status: Int, _ extra: String = "") -> String {
        #"{"type":"urn:hourglass:problem:\#(type)","title":"t","status":\#(status)\#(extra)}"#
    }

    @Test func aSentCodeGivesItsWaitAndLifetime() async throws {
        let (service, transport) = make(
            .init(
                status: 200, body: #"{"resendAfter":60,"codeLifetime":600,"codeLength":6}"#,
                contentType: "application/json"))
        let receipt = try await service.requestCode(to: phone)
        #expect(receipt == CodeReceipt(resendAfter: .seconds(60), codeLifetime: .seconds(600), codeLength: 6))
        let sent = try #require(transport.requests.first)
        #expect(sent.request.method == .post && sent.request.path == "/v1/codes")
        let json = try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? [String: String]
        #expect(json == ["destination": "+14155550100"])
    }

    @Test func aTooManyRequestsReadsItsReasonAndRetryAfter() async {
        let cases: [(String, [String: String], CodeRequestError)] = [
            (
                #","reason":"rate_limited","retryAfter":30"#, ["Retry-After": "30"],
                .rateLimited(retryAfter: .seconds(30))
            ),
            (
                #","reason":"send_limit","retryAfter":900"#, ["Retry-After": "900"],
                .sendLimitReached(retryAfter: .seconds(900))
            ),
            (
                #","reason":"locked""#, ["Retry-After": "Fri, 27 Nov 2026 09:05:00 GMT"],
                .rateLimited(retryAfter: .seconds(300))
            ),
            // The server's budgets: a wait like any other.
            (
                #","reason":"send_budget","retryAfter":3000"#, ["Retry-After": "3000"],
                .rateLimited(retryAfter: .seconds(3000))
            ),
            (
                #","reason":"calling_code_budget","retryAfter":60"#, ["Retry-After": "60"],
                .rateLimited(retryAfter: .seconds(60))
            ),
            // A header a proxy mangled: the body's retryAfter.
            (
                #","reason":"rate_limited","retryAfter":12"#, ["Retry-After": "soon"],
                .rateLimited(retryAfter: .seconds(12))
            ),
        ]
        for (extra, headers, expected) in cases {
            let (service, transport) = make(
                .init(status: 429, headers: headers, body: Self.problem("too-many-requests", 429, extra)))
            await #expect(throws: expected) { try await service.requestCode(to: phone) }
            #expect(transport.requests.count == 1, "a refused send is never retried")
        }
    }

    @Test func aCallIsAskedInTheBodyAndItsChannelRead() async throws {
        let (service, transport) = make(
            .init(
                status: 200, body: #"{"channel":"voice","resendAfter":60,"codeLifetime":600,"codeLength":6}"#,
                contentType: "application/json"))
        let receipt = try await service.requestCode(to: phone, by: .voice)
        #expect(
            receipt
                == CodeReceipt(resendAfter: .seconds(60), codeLifetime: .seconds(600), codeLength: 6, channel: .voice))
        let sent = try #require(transport.requests.first)
        let json = try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? [String: String]
        #expect(json == ["destination": "+14155550100", "channel": "voice"])
    }

    @Test func aRefusedChannelIsTheChannelsNotTheDestinations() async {
        let refusal = Self.problem("destination-refused", 422, #","reason":"channel""#)
        let (service, _) = make(.init(status: 422, body: refusal))
        await #expect(throws: CodeRequestError.channelRefused(.voice)) {
            try await service.requestCode(to: phone, by: .voice)
        }
        // Asked for no channel: the destination's default was refused.
        let (landline, _) = make(.init(status: 422, body: refusal))
        await #expect(throws: CodeRequestError.channelRefused(.voice)) {
            try await landline.requestCode(to: .phone("+442079460018"))
        }
    }

    @Test func aSpentCallBudgetRefusesTheCallNotTheTexts() async {
        let spent = Self.problem("too-many-requests", 429, #","reason":"voice_budget","retryAfter":3000"#)
        let (service, _) = make(.init(status: 429, headers: ["Retry-After": "3000"], body: spent))
        await #expect(throws: CodeRequestError.channelRefused(.voice)) {
            try await service.requestCode(to: phone, by: .voice)
        }
        // A landline has no text to fall back on: its wait is the number's.
        let (landline, _) = make(.init(status: 429, headers: ["Retry-After": "3000"], body: spent))
        await #expect(throws: CodeRequestError.rateLimited(retryAfter: .seconds(3000))) {
            try await landline.requestCode(to: .phone("+442079460018"))
        }
    }

    @Test func anInvalidDestinationIsSaidSo() async {
        let (service, _) = make(.init(status: 422, body: Self.problem("invalid-destination", 422)))
        await #expect(throws: CodeRequestError.invalidDestination) { try await service.requestCode(to: phone) }
    }

    @Test func aDestinationTheServerRefusesIsNoValidOne() async {
        for reason in ["region", "number_type"] {
            let (service, _) = make(
                .init(status: 422, body: Self.problem("destination-refused", 422, #","reason":"\#(reason)""#)))
            await #expect(throws: CodeRequestError.invalidDestination) { try await service.requestCode(to: phone) }
        }
    }

    @Test func everyCheckAnswerIsTyped() async throws {
        var cases: [(AnsweringTransport.Answer, CodeCheckError)] = [
            (
                .init(status: 422, body: Self.problem("wrong-code", 422, #","attemptsLeft":3"#)),
                .wrongCode(attemptsLeft: 3)
            ),
            (.init(status: 410, body: Self.problem("expired", 410)), .expired),
            (.init(status: 410, body: Self.problem("superseded", 410)), .superseded),
            (
                .init(
                    status: 429, headers: ["Retry-After": "900"],
                    body: Self.problem("too-many-requests", 429, #","reason":"locked""#)),
                .locked(retryAfter: .seconds(900))
            ),
        ]
        // A client address's limit only asks to wait: the code is not dead.
        cases.append(
            (
                .init(
                    status: 429, headers: ["Retry-After": "30"],
                    body: Self.problem("too-many-requests", 429, #","reason":"rate_limited""#)),
                .rateLimited(retryAfter: .seconds(30))
            ))
        for (answer, expected) in cases {
            let (service, _) = make(answer)
            await #expect(throws: expected) { try await service.verify(code: Secret("123456"), for: phone) }
        }
        let (service, transport) = make(
            .init(status: 200, body: #"{"proof":"p-1","proofLifetime":600}"#, contentType: "application/json"))
        #expect(try await service.verify(code: Secret("123456"), for: phone) == VerificationProof(token: Secret("p-1")))
        #expect(transport.requests.first?.request.path == "/v1/codes/check")
    }

    @Test("every request says the language of the message that carries a code: Accept-Language")
    func acceptLanguage() async throws {
        let transport = AnsweringTransport(
            .init(
                status: 200, body: #"{"resendAfter":60,"codeLifetime":600,"codeLength":6}"#,
                contentType: "application/json"))
        let service = HTTPVerificationService(serverURL: base, transport: transport, language: .spanish)
        _ = try await service.requestCode(to: phone)
        #expect(transport.requests.first?.request.headerFields[.acceptLanguage] == "es")
    }

    @Test func registrationAnswers() async throws {
        let request = RegistrationRequest(
            account: phone, password: Secret("correct horse"), proof: VerificationProof(token: Secret("p-1")))
        let (created, _) = make(
            .init(status: 201, body: #"{"account":"+14155550100"}"#, contentType: "application/json"))
        try await created.register(request)
        let (exists, _) = make(.init(status: 409, body: Self.problem("account-exists", 409)))
        await #expect(throws: RegistrationError.accountExists) { try await exists.register(request) }
        let (refused, _) = make(
            .init(status: 403, body: Self.problem("invalid-proof", 403, #","detail":"The proof has expired""#)))
        await #expect(throws: RegistrationError.proofRejected) { try await refused.register(request) }
        let (weak, _) = make(
            .init(
                status: 422,
                body: Self.problem(
                    "weak-password", 422, #","passwordProblems":["too_short","common"],"minimumLength":8"#)))
        await #expect(throws: RegistrationError.weakPassword([.tooShort(minimum: 8), .common])) {
            try await weak.register(request)
        }
        // A length reason without its length is left out; a reason the client cannot read is no answer of the contract.
        let (bare, _) = make(
            .init(status: 422, body: Self.problem("weak-password", 422, #","passwordProblems":["too_long"]"#)))
        await #expect(throws: RegistrationError.weakPassword([])) { try await bare.register(request) }
        let (invalid, _) = make(.init(status: 422, body: Self.problem("invalid-destination", 422)))
        await #expect(throws: RegistrationError.proofRejected) { try await invalid.register(request) }
        // The address's refused attempts past their limit, or the server hashing all it can: try later.
        let (limited, _) = make(
            .init(
                status: 429, headers: ["Retry-After": "60"],
                body: Self.problem("too-many-requests", 429, #","reason":"rate_limited","retryAfter":60"#)))
        await #expect(throws: RegistrationError.serviceUnavailable) { try await limited.register(request) }
        let (busy, _) = make(
            .init(status: 503, headers: ["Retry-After": "1"], body: Self.problem("busy", 503, #","retryAfter":1"#)))
        await #expect(throws: RegistrationError.serviceUnavailable) { try await busy.register(request) }
    }

    @Test func anAnswerOutsideTheContractIsTheServicesFailureAndNoAnswerTheNetworks() async throws {
        let (page, _) = make(.init(status: 502, body: "<html>Bad gateway</html>", contentType: "text/html"))
        let pageError = try await #require(throws: HTTPServiceError.self) { try await page.requestCode(to: phone) }
        #expect(pageError.isServiceUnavailable)
        let offline = HTTPVerificationService(
            serverURL: base, transport: AnsweringTransport(failing: URLError(.notConnectedToInternet)))
        let offlineError = try await #require(throws: HTTPServiceError.self) {
            try await offline.requestCode(to: phone)
        }
        #expect(offlineError.kind == .transport)
        #expect(!offlineError.isServiceUnavailable)
    }

    @Test func anAnswerOutsideTheContractIsAnHTTPServiceErrorWithoutSecrets() async throws {
        let (service, _) = make(.init(status: 502, body: "<html>Bad gateway</html>", contentType: "text/html"))
        let error = try await #require(throws: HTTPServiceError.self) {
            try await service.verify(code: Secret("987654"), for: phone)
        }
        #expect(error.kind == .unexpectedAnswer(status: 502, problemType: nil))
        #expect(error.operation == .checkCode)
        #expect(error.description == "checkCode for +1 415-•••-0100 failed, unexpected answer 502")
        let (failing, _) = make(.init(status: 500, body: Self.problem("internal", 500)))
        let serverError = try await #require(throws: HTTPServiceError.self) {
            try await failing.register(
                RegistrationRequest(
                    account: phone, password: Secret("hunter2-secret"),
                    proof: VerificationProof(token: Secret("proof-xyz"))))
        }
        #expect(serverError.kind == .unexpectedAnswer(status: 500, problemType: "urn:hourglass:problem:internal"))
    }

    @Test func anUnreadableAnswerIsUnexpectedWithItsStatusNotLost() async throws {
        // A proxy's 429 page: no problem body, no Retry-After.
        let (service, _) = make(.init(status: 429, body: "<html>slow down</html>", contentType: "text/html"))
        let error = try await #require(throws: HTTPServiceError.self) { try await service.requestCode(to: phone) }
        #expect(error.kind == .unexpectedAnswer(status: 429, problemType: nil))
    }

    @Test func noAnswerKeepsTheTransportsErrorButNotTheRequest() async throws {
        let transport = AnsweringTransport(failing: URLError(.cannotConnectToHost))
        let service = HTTPVerificationService(serverURL: base, transport: transport)
        let error = try await #require(throws: HTTPServiceError.self) {
            try await service.verify(code: Secret("987654"), for: phone)
        }
        #expect(error.kind == .transport)
        #expect((error.underlying as? URLError)?.code == .cannotConnectToHost)
        #expect(!String(describing: error).contains("987654"))
        #expect(transport.requests.count == 1)
    }

    @Test func aSlowServerTimesOut() async throws {
        let transport = AnsweringTransport(.init(status: 200, body: "{}"), after: .seconds(30))
        let service = HTTPVerificationService(serverURL: base, timeout: .milliseconds(50), transport: transport)
        let error = try await #require(throws: HTTPServiceError.self) { try await service.requestCode(to: phone) }
        #expect(error.kind == .timedOut(after: .milliseconds(50)))
    }

    @Test func cancellingTheCallCancelsTheRequest() async throws {
        let transport = AnsweringTransport(.init(status: 200, body: "{}"), after: .seconds(30))
        let service = HTTPVerificationService(serverURL: base, timeout: .seconds(60), transport: transport)
        let task = Task { try await service.requestCode(to: .phone("+14155550100")) }
        while transport.requests.isEmpty { await Task.yield() }
        task.cancel()
        let result = await task.result
        #expect(throws: HTTPServiceError.self) { try result.get() }
    }
}
