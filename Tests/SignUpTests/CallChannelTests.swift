import Foundation
import Hourglass
import PhoneNumbers
import SignUpDomain
import Testing

@testable import SignUp

/// "Call me": a code by call, offered beside Resend once the first wait for a number is over; a
/// landline's every code comes by call, and the screen says so before the first one.
@Suite("A code by call")
struct CallChannelTests {
    typealias Table = VerificationTable
    /// The code sent at 2.3 s; its cooldown over at 62.3 s.
    static let resendable = Table.sent.with {
        $0.now = at(62.3)
        $0.cooldownEnd = nil
    }
    static let calling = resendable.with {
        $0.now = at(70)
        $0.send = .sending
        $0.calling = true
    }

    /// The call's code in play at 70.3 s, replacing the text's.
    static let called = calling.with {
        $0.now = at(70.3)
        $0.send = .sent
        $0.calling = false
        $0.sentBy = .voice
        $0.sendTimes = [at(2.3), at(70.3)]
        $0.cooldownEnd = at(130.3)
        $0.codeExpiry = at(370.3)
        $0.notice = .codeReplaced
    }
    static let calledEffects: [VerificationEffect] = [
        .startCountdown(.cooldown, until: at(130.3)), .startCountdown(.codeExpiry, until: at(370.3)),
        .save(
            CooldownSnapshot(
                destination: Table.phone, cooldownLeft: .seconds(60), cooldownLength: .seconds(60),
                codeLeft: .seconds(300), codeLifetime: .seconds(300), sendAges: [.seconds(68), .zero],
                channel: .voice)),
        .announce(.codeSent(Table.phone)),
    ]

    static let rows = [
        VerificationRow(
            name: "Call me during the cooldown does nothing", given: Table.sent, event: .callTapped, at: at(10),
            expected: Table.sent.with { $0.now = at(10) }, effects: []),
        VerificationRow(
            name: "Call me once the cooldown is over asks a call", given: resendable, event: .callTapped, at: at(70),
            expected: calling, effects: [.requestCall(Table.phone)]),
        VerificationRow(
            name: "a call's receipt: the code in play went by voice", given: calling,
            event: .codeRequestFinished(.success(CodeReceipt(codeLifetime: .seconds(300), channel: .voice))),
            at: at(70.3), expected: called, effects: calledEffects),
        VerificationRow(
            name: "a receipt that names no channel: a call asked is a call made", given: calling,
            event: .codeRequestFinished(.success(CodeReceipt(codeLifetime: .seconds(300)))), at: at(70.3),
            expected: called, effects: calledEffects),
        VerificationRow(
            name: "a refused call leaves the code in play and Resend", given: calling,
            event: .codeRequestFinished(.failure(.channelRefused(.voice))), at: at(70.3),
            expected: calling.with {
                $0.now = at(70.3)
                $0.send = .failed(.channelRefused(.voice))
                $0.calling = false
            },
            effects: [.announce(.requestFailed(.channelRefused(.voice)))]),
    ]

    @Test("each row", arguments: rows)
    func row(_ row: VerificationRow) {
        var state = row.given
        let effects = state.apply(row.event, at: row.at)
        #expect(state == row.expected)
        #expect(effects == row.effects)
    }

    @Test("Call me stands beside Resend once the wait is over, and not during it")
    func offered() {
        #expect(!Table.sent.canCall)
        #expect(VerificationScreen(Table.sent).callButton == nil)
        #expect(Self.resendable.canCall)
        #expect(
            VerificationScreen(Self.resendable).lines == [
                "destination: \"138 1234 5678\"", "send: [Resend]", "call: [Call me]",
                "code: \"\" — Code expires in 4:00", "verify: [Verify] (disabled)",
                "message: Code sent to +86 ••• •••• 5678",
            ])
        // Not while a request is in flight, nor where the backend makes no calls.
        #expect(VerificationScreen(Self.calling).callButton == nil)
        let noCalls = Self.resendable.with { $0.config.offersCalls = false }
        #expect(!noCalls.canCall && VerificationScreen(noCalls).callButton == nil)
    }

    @Test("a call made says so; a refused one says why and hides Call me until an edit")
    func told() {
        var called = Self.calling
        _ = called.apply(.codeRequestFinished(.success(CodeReceipt(channel: .voice))), at: at(70.3))
        // The call's news comes before the old code's: its code replaces it.
        #expect(called.notice == .codeReplaced)
        #expect(VerificationScreen(called).message == "Calling +86 ••• •••• 5678 with your code")
        var refused = Self.calling
        _ = refused.apply(.codeRequestFinished(.failure(.channelRefused(.voice))), at: at(70.3))
        #expect(!refused.canCall && refused.canSend)
        #expect(
            VerificationScreen(refused).lines == [
                "destination: \"138 1234 5678\"", "send: [Resend]", "code: \"\" — Code expires in 3:52",
                "verify: [Verify] (disabled)", "message: Codes can't be sent to this number by call",
            ])
        _ = refused.apply(.destinationChanged("138 1234 5678"), at: at(71))
        #expect(refused.send == .sent && refused.canCall)
    }

    @Test("a restart after a call still says the code comes by call")
    func restartAfterCall() throws {
        let saved = try #require(
            Self.calledEffects.compactMap { effect -> CooldownSnapshot? in
                if case .save(let snapshot) = effect { snapshot } else { nil }
            }.first)
        let wallNow = Date(timeIntervalSince1970: 1_800_000_000)
        let file = SavedCooldown(saved, wallNow: wallNow)
        #expect(file.channel == "voice")
        var restarted = VerificationState(config: VerificationConfig(region: PhoneRegion("CN")))
        _ = restarted.apply(.restored(try file.snapshot(at: wallNow.addingTimeInterval(20))), at: at(0))
        #expect(restarted.sentBy == .voice)
        #expect(VerificationScreen(restarted).message == "Calling +86 ••• •••• 5678 with your code")
        // A name this version does not know reads as none: the cooldown is kept, the default told.
        var unknown = file
        unknown.channel = "carrier-pigeon"
        var fallback = VerificationState(config: VerificationConfig(region: PhoneRegion("CN")))
        _ = fallback.apply(.restored(try unknown.snapshot(at: wallNow)), at: at(0))
        #expect(fallback.sentBy == .sms && fallback.cooldownEnd == at(60))
        #expect(VerificationScreen(fallback).message == "Code sent to +86 ••• •••• 5678")
    }

    @Test("a landline is told at once that a call will come; it is never offered Call me")
    func landline() {
        var state = VerificationState(config: VerificationConfig(region: PhoneRegion("GB")))
        _ = state.apply(.destinationChanged("02079460018"), at: at(1))
        #expect(state.callWillCome)
        #expect(
            VerificationScreen(state).destination.message == "This is a landline: you'll get a call with the code")
        _ = state.apply(.sendTapped, at: at(2))
        _ = state.apply(.codeRequestFinished(.success(CodeReceipt(channel: .voice))), at: at(2.3))
        #expect(state.sentBy == .voice && !state.callWillCome)
        let screen = VerificationScreen(state)
        #expect(screen.destination.message == nil)
        #expect(screen.message == "Calling +44 20 •••• 0018 with your code")
        _ = state.apply(.tick(.cooldown), at: at(62.3))
        #expect(state.canSend && !state.canCall)
        // A backend that makes no calls promises none.
        var noCalls = VerificationState(config: VerificationConfig(region: PhoneRegion("GB")))
        noCalls.config.offersCalls = false
        _ = noCalls.apply(.destinationChanged("02079460018"), at: at(1))
        #expect(!noCalls.callWillCome && VerificationScreen(noCalls).destination.message == nil)
        // An e-mail address is no landline.
        _ = state.apply(.destinationChanged("ann@example.com"), at: at(63))
        #expect(!state.callWillCome)
    }

    @Test("a landline whose call is refused waits for an edit: no text reaches it, and no call is promised")
    func landlineRefused() {
        var state = VerificationState(config: VerificationConfig(region: PhoneRegion("GB")))
        _ = state.apply(.destinationChanged("02079460018"), at: at(1))
        _ = state.apply(.sendTapped, at: at(2))
        _ = state.apply(.codeRequestFinished(.failure(.channelRefused(.voice))), at: at(2.3))
        #expect(!state.canSend && !state.canCall && !state.callWillCome)
        #expect(
            VerificationScreen(state).lines == [
                "destination: \"020 7946 0018\"", "send: [Get code] (disabled)", "code: \"\" (disabled)",
                "verify: [Verify] (disabled)", "message: Codes can't be sent to this number by call",
            ])
        _ = state.apply(.destinationChanged("02079460019"), at: at(3))
        #expect(state.canSend && state.callWillCome)
    }

    @Test("the scripted service refuses the next call, not the text before it")
    func scriptedRefusal() {
        var service = ScriptedServiceState(settings: ScriptedServiceSettings())
        service.requestFailures = [.channelRefused(.voice)]
        let mobile = Destination.phone("+8613812345678")
        #expect((try? service.sendCode(to: mobile, at: .zero).get())?.channel == .sms)
        #expect(service.sendCode(to: mobile, by: .voice, at: .zero) == .failure(.channelRefused(.voice)))
        #expect((try? service.sendCode(to: mobile, by: .voice, at: .zero).get())?.channel == .voice)
    }

    @Test("a service that cannot choose a channel refuses a call rather than texting")
    func defaultRequirement() async throws {
        let service = TextOnlyService()
        await #expect(throws: CodeRequestError.channelRefused(.voice)) {
            try await service.requestCode(to: .phone("+8613812345678"), by: .voice)
        }
        // A landline's default is a call: asked by call, it goes to requestCode(to:).
        let receipt = try await service.requestCode(to: .phone("+442079460018"), by: .voice)
        #expect(receipt == CodeReceipt(codeLifetime: .seconds(42)))
    }
}

/// A service of an app's own that knows nothing of channels.
private struct TextOnlyService: VerificationService {
    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        CodeReceipt(codeLifetime: .seconds(42))
    }
    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        throw CodeCheckError.expired
    }
    func register(_ request: RegistrationRequest) async throws {}
}
