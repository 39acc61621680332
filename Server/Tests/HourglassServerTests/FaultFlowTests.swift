import Foundation
import SignUp
import Testing

@testable import HourglassServer

/// The whole sign-up — a code sent, the code checked, the account created — by the client's
/// view-models through `HTTPVerificationService`, against the real server on a socket (SQLite,
/// and PostgreSQL when `HOURGLASS_TEST_POSTGRES` is set), through a ``FaultProxy`` that breaks
/// chosen requests. Real time: a scenario takes a second or so (the delayed one 3 s), and every
/// wait is bounded (60 s a step). Screens are asserted as each change showed them, so a
/// countdown reads its full value.
///
/// Every scenario ends verified, with the account made for the number that was typed and
/// verified (the server's own record, made with the proof on screen and the password typed;
/// in the changed-password one, with the first proof and password), every request named that
/// number, and the outbox holds exactly the codes the server was asked for. One at a time
/// (`.serialized`): real time, on two cores. On the way:
///
/// - **An answer lost after the server acted** (the connection closed without it, or reset
///   half-way through its body): a send shows `.network` with Retry, whose 429 opens the code
///   field ("If a code arrived, enter it") so the code the lost answer announced verifies; a
///   registration shows "Network error. Try again" with Create account enabled, and the same
///   request again is the server's replay (`201`). The user leaves each state by the button
///   the screen offers.
/// - **An answer delayed past the client's timeout** (held 2 s, the call's timeout 1 s; the
///   server has no cooldown): the send and the check show `.network`; Retry sends a new code,
///   which supersedes the first; a check whose answer (the proof) never came shows "Tap Verify
///   to try again" with the code kept, and Verify then gets "expired" (the code is used), which
///   leaves Resend enabled: a third code verifies. Left by Resend, never stuck on a code the
///   server will not take. Only the held calls have the short timeout; every other waits 40 s.
/// - **A password changed after a lost registration answer** (no cooldown): the server created
///   the account with the first password, so the request with the second is no replay; its
///   `403` sends the screen back to the code step ("Your verification has expired. Get a new
///   code", the number kept, Resend enabled), and once verified again Create account gets
///   "This account already exists. Sign in instead": the end state, left by signing in with the
///   first password (the account's, checked on the server).
/// - **The server restarted mid-flow** (stopped and started on the same database and key): a
///   check while it is down shows `.network`, code kept; once it is back, Verify verifies (the
///   code lives in the database, hashed with the same key), and after another restart the
///   proof still creates the account.
/// - **A proxy's page instead of the server's answer** (`502` HTML, or `503` with
///   `Retry-After: 5` and a JSON body that is not the contract's problem), on the send, the
///   check and the registration: each shows `.serviceUnavailable` with its button enabled (the
///   request never reached the server: nothing was sent, checked or created), the code kept;
///   the same tap again goes through.
@Suite("The whole flow under real faults", .serialized)
struct FaultFlowTests {
    /// `phone` as the destination field shows it, formatted as typed (no region: in + form).
    static func shown(_ phone: String) -> String { DestinationField.formatted(phone, region: nil) }

    static let password = "correct horse battery"
    static let otherPassword = "correct horse battery2"

    @Test(
        "an answer lost after the server acted: the 429 opens the code field, the registration's replay creates the account",
        arguments: [Fault.dropAnswer, .resetMidBody], TestDatabase.available)
    func lostAnswer(_ fault: Fault, _ database: TestDatabase) async throws {
        let flow = try await FaultFlow(database)
        let phone = flow.phone
        flow.proxy.inject(fault)
        var screen = try await flow.send()
        #expect(
            screen.account.lines == [
                "destination: \"\(Self.shown(phone))\"", "send: [Retry]", "code: \"\" (disabled)",
                "verify: [Verify] (disabled)",
                "message: Network error. Check your connection and retry",
            ])
        let codes = try flow.codes()
        try #require(codes.count == 1, flow.log)

        screen = try await flow.sendAgain()
        #expect(
            screen.account.lines == [
                "destination: \"\(Self.shown(phone))\"",
                "send: [Retry in 60s] (disabled) {Send code: 60 seconds}",
                "code: \"\" — If a code arrived, enter it", "verify: [Verify] (disabled)",
                "message: Too many requests. Retry in 60 seconds",
            ])
        screen = try await flow.enter(codes[0])
        #expect(screen.account.lines == Self.verified(phone, send: "Retry"))

        flow.proxy.inject(fault)
        screen = try await flow.register(password: Self.password)
        #expect(Array(screen.lines.suffix(5)) == Self.form(submit: "[Create account]", "Network error. Try again"))
        screen = try await flow.submitAgain()
        #expect(Array(screen.lines.suffix(5)) == Self.form(submit: "[Create account] (disabled)", "Account created"))

        try await flow.finish()
        #expect(try await flow.accountPassword(matches: Self.password) == true)
        #expect(try flow.codes() == codes)
        #expect(
            flow.proxy.exchanges.map(\.description) == [
                "POST /v1/codes \(phone): 200, \(fault)", "POST /v1/codes \(phone): 429, passed",
                "POST /v1/codes/check \(phone): 200, passed", "POST /v1/accounts \(phone): 201, \(fault)",
                "POST /v1/accounts \(phone): 201, passed",
            ])
        #expect(flow.serviceFailures == ["requestCode: transport", "register: transport"])
    }

    @Test(
        "a password changed after a lost answer is no replay: a new code, then 'account exists' (made with the first)",
        arguments: TestDatabase.available)
    func passwordChangedAfterLostAnswer(_ database: TestDatabase) async throws {
        let flow = try await FaultFlow(database) { $0.cooldown = .zero }
        let phone = flow.phone
        _ = try await flow.send()
        var screen = try await flow.enter(try #require(try flow.codes().first, flow.log))
        let first = try #require(flow.proof, flow.log)
        flow.proxy.inject(.dropAnswer)
        screen = try await flow.register(password: Self.password)
        #expect(Array(screen.lines.suffix(5)) == Self.form(submit: "[Create account]", "Network error. Try again"))

        flow.model.setPassword(Self.otherPassword)
        flow.model.setConfirmation(Self.otherPassword)
        screen = try await flow.submitAgain()
        #expect(
            screen.lines == [
                "destination: \"\(Self.shown(phone))\"", "send: [Resend]", "call: [Call me]",
                "code: \"\" (disabled) — This code has expired. Request a new one", "verify: [Verify] (disabled)",
                "message: Code sent to +1 415-•••-\(phone.suffix(4))",
            ].map { "account." + $0 } + [
                "password: \"••••••••••••••••••••••\" — Strength: strong", "confirm: \"••••••••••••••••••••••\"",
                "terms: [x] I agree to the Terms of Service", "submit: [Create account] (disabled)",
                "message: Your verification has expired. Get a new code",
            ])
        _ = try await flow.sendAgain()
        screen = try await flow.enter(try flow.codes()[1])
        #expect(screen.account.lines == Self.verified(phone, send: "Resend"))
        #expect(screen.message == nil)
        screen = try await flow.submitAgain()
        // Create account stays enabled: tapped again, it gets the same 409.
        #expect(
            screen.lines.suffix(2) == [
                "submit: [Create account]", "message: This account already exists. Sign in instead",
            ])

        try await flow.finish()
        #expect(try await flow.accountPassword(matches: Self.password, proof: first) == true)
        #expect(try await flow.accountPassword(matches: Self.otherPassword) == nil)
        #expect(
            flow.proxy.exchanges.map(\.description) == [
                "POST /v1/codes \(phone): 200, passed", "POST /v1/codes/check \(phone): 200, passed",
                "POST /v1/accounts \(phone): 201, answer dropped", "POST /v1/accounts \(phone): 403, passed",
                "POST /v1/codes \(phone): 200, passed", "POST /v1/codes/check \(phone): 200, passed",
                "POST /v1/accounts \(phone): 409, passed",
            ])
    }

    @Test(
        "an answer delayed past the timeout: Retry sends a new code; a lost proof makes the code expired, Resend a new one",
        arguments: TestDatabase.available)
    func delayedAnswer(_ database: TestDatabase) async throws {
        let flow = try await FaultFlow(database) { $0.cooldown = .zero }
        let phone = flow.phone
        flow.hold(.seconds(2))
        var screen = try await flow.send()
        #expect(
            screen.account.lines == [
                "destination: \"\(Self.shown(phone))\"", "send: [Retry]", "code: \"\" (disabled)",
                "verify: [Verify] (disabled)",
                "message: Network error. Check your connection and retry",
            ])
        // No cooldown: Send works again on the countdown's first tick, right after this.
        screen = try await flow.sendAgain()
        #expect(screen.account.lines == Self.sent(phone, resend: "[Resend] (disabled)"))
        var codes = try flow.codes()
        try #require(codes.count == 2, flow.log)

        flow.hold(.seconds(2))
        screen = try await flow.enter(codes[1])
        #expect(
            screen.account.lines == [
                "destination: \"\(Self.shown(phone))\"", "send: [Resend]", "call: [Call me]",
                "code: \"••••••\" — Network error. Tap Verify to try again", "verify: [Verify]",
                "message: Code sent to +1 415-•••-\(phone.suffix(4))",
            ])
        screen = try await flow.verifyAgain()
        #expect(
            screen.account.lines == [
                "destination: \"\(Self.shown(phone))\"", "send: [Resend]", "call: [Call me]",
                "code: \"\" (disabled) — This code has expired. Request a new one", "verify: [Verify] (disabled)",
                "message: Code sent to +1 415-•••-\(phone.suffix(4))",
            ])
        screen = try await flow.sendAgain()
        #expect(screen.account.lines == Self.sent(phone, resend: "[Resend] (disabled)"))
        codes = try flow.codes()
        try #require(codes.count == 3, flow.log)
        screen = try await flow.enter(codes[2])
        #expect(screen.account.lines == Self.verified(phone, send: "Resend"))
        screen = try await flow.register(password: Self.password)
        #expect(Array(screen.lines.suffix(5)) == Self.form(submit: "[Create account] (disabled)", "Account created"))

        try await flow.finish()
        #expect(try await flow.accountPassword(matches: Self.password) == true)
        #expect(
            flow.proxy.exchanges.map(\.description) == [
                "POST /v1/codes \(phone): 200, answer held 2.0 seconds", "POST /v1/codes \(phone): 200, passed",
                "POST /v1/codes/check \(phone): 200, answer held 2.0 seconds",
                "POST /v1/codes/check \(phone): 410, passed", "POST /v1/codes \(phone): 200, passed",
                "POST /v1/codes/check \(phone): 200, passed", "POST /v1/accounts \(phone): 201, passed",
            ])
        #expect(
            flow.serviceFailures == [
                "requestCode: timedOut(after: 1.0 seconds)", "verify: timedOut(after: 1.0 seconds)",
            ])
    }

    @Test("the server restarted mid-flow: the code and the proof outlive it", arguments: TestDatabase.available)
    func restartedServer(_ database: TestDatabase) async throws {
        let flow = try await FaultFlow(database)
        let phone = flow.phone
        var screen = try await flow.send()
        #expect(screen.account.lines == Self.sent(phone, resend: "[Resend in 60s] (disabled) {Send code: 60 seconds}"))
        let codes = try flow.codes()
        try #require(codes.count == 1, flow.log)

        try await flow.stopServer()
        screen = try await flow.enter(codes[0])
        #expect(
            screen.account.lines.dropFirst(2) == [
                "code: \"••••••\" — Network error. Tap Verify to try again", "verify: [Verify]",
                "message: Code sent to +1 415-•••-\(phone.suffix(4))",
            ])
        try await flow.startServer()
        screen = try await flow.verifyAgain()
        #expect(screen.account.lines == Self.verified(phone, send: "Resend"))

        try await flow.stopServer()
        try await flow.startServer()
        screen = try await flow.register(password: Self.password)
        #expect(Array(screen.lines.suffix(5)) == Self.form(submit: "[Create account] (disabled)", "Account created"))

        try await flow.finish()
        #expect(try await flow.accountPassword(matches: Self.password) == true)
        #expect(
            flow.proxy.exchanges.map(\.description) == [
                "POST /v1/codes \(phone): 200, passed", "POST /v1/codes/check \(phone): server down, passed",
                "POST /v1/codes/check \(phone): 200, passed", "POST /v1/accounts \(phone): 201, passed",
            ])
        #expect(flow.serviceFailures == ["verify: transport"])
    }

    @Test(
        "a proxy's page (502 HTML, 503 Retry-After) is the service unavailable: the same tap again goes through",
        arguments: [Fault.badGateway, .unavailable], TestDatabase.available)
    func proxyPage(_ fault: Fault, _ database: TestDatabase) async throws {
        let flow = try await FaultFlow(database)
        let phone = flow.phone
        let status = fault == .badGateway ? 502 : 503
        flow.proxy.inject(fault)
        var screen = try await flow.send()
        #expect(
            screen.account.lines == [
                "destination: \"\(Self.shown(phone))\"", "send: [Retry]", "code: \"\" (disabled)",
                "verify: [Verify] (disabled)",
                "message: The service is not available right now. Retry in a moment",
            ])
        #expect(try flow.codes() == [])
        screen = try await flow.sendAgain()
        #expect(screen.account.lines == Self.sent(phone, resend: "[Resend in 60s] (disabled) {Send code: 60 seconds}"))
        let codes = try flow.codes()
        try #require(codes.count == 1, flow.log)

        flow.proxy.inject(fault)
        screen = try await flow.enter(codes[0])
        #expect(
            screen.account.lines.dropFirst(2) == [
                "code: \"••••••\" — The service is not available right now. Tap Verify to try again",
                "verify: [Verify]", "message: Code sent to +1 415-•••-\(phone.suffix(4))",
            ])
        screen = try await flow.verifyAgain()
        #expect(screen.account.lines == Self.verified(phone, send: "Resend"))

        flow.proxy.inject(fault)
        screen = try await flow.register(password: Self.password)
        #expect(
            Array(screen.lines.suffix(5))
                == Self.form(submit: "[Create account]", "The service is not available right now. Try again later"))
        screen = try await flow.submitAgain()
        #expect(Array(screen.lines.suffix(5)) == Self.form(submit: "[Create account] (disabled)", "Account created"))

        try await flow.finish()
        #expect(try await flow.accountPassword(matches: Self.password) == true)
        #expect(
            flow.proxy.exchanges.map(\.description) == [
                "POST /v1/codes \(phone): not forwarded, \(fault)", "POST /v1/codes \(phone): 200, passed",
                "POST /v1/codes/check \(phone): not forwarded, \(fault)", "POST /v1/codes/check \(phone): 200, passed",
                "POST /v1/accounts \(phone): not forwarded, \(fault)", "POST /v1/accounts \(phone): 201, passed",
            ])
        #expect(
            flow.serviceFailures
                == ["requestCode", "verify", "register"].map {
                    "\($0): unexpectedAnswer(status: Optional(\(status)), problemType: nil)"
                })
    }

    /// The account's lines once a code was sent to `phone`, the send button's line `resend`.
    static func sent(_ phone: String, resend: String) -> [String] {
        [
            "destination: \"\(Self.shown(phone))\"", "send: \(resend)",
            "code: \"\" — Code expires in 10:00", "verify: [Verify] (disabled)",
            "message: Code sent to +1 415-•••-\(phone.suffix(4))",
        ]
    }

    /// The account's lines once `phone` is verified, the send button's title `send`.
    static func verified(_ phone: String, send: String) -> [String] {
        [
            "destination: \"\(Self.shown(phone))\" (disabled)", "send: [\(send)] (disabled)",
            "code: \"••••••\" (disabled) — Verified", "verify: [Verify] (disabled)",
            "verified: yes",
        ]
    }

    /// The form's lines once filled in and submitted, with the submit button and the message.
    static func form(submit: String, _ message: String) -> [String] {
        let disabled = submit.hasSuffix("(disabled)") ? " (disabled)" : ""
        return [
            "password: \"•••••••••••••••••••••\"\(disabled) — Strength: strong",
            "confirm: \"•••••••••••••••••••••\"\(disabled)", "terms: [x] I agree to the Terms of Service\(disabled)",
            "submit: \(submit)", "message: \(message)",
        ]
    }
}
