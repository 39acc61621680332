import Hourglass
import PhoneNumbers
import TestSupport
import Testing

@testable import SignUp

/// One row of the verification machine's table: a state, an event at an instant, and the
/// exact state and effects that follow.
struct VerificationRow: Sendable, CustomTestStringConvertible {
    let name: String
    let given: VerificationState
    let event: VerificationEvent
    let at: TimerInstant
    let expected: VerificationState
    let effects: [VerificationEffect]

    var testDescription: String { name }
}

/// `seconds` on the virtual time line.
func at(_ seconds: Double) -> TimerInstant { TimerInstant(nanoseconds: Int64((seconds * 1e9).rounded())) }

extension VerificationState {
    /// A copy with `change` made.
    func with(_ change: (inout VerificationState) -> Void) -> VerificationState {
        var copy = self
        change(&copy)
        return copy
    }
}

enum VerificationTable {
    static let phone = Destination.phone("+8613812345678")
    static let start = VerificationState(config: VerificationConfig(region: PhoneRegion("CN")))
    static let typed = start.with {
        $0.now = at(1)
        $0.destinationText = "138 1234 5678"
        $0.destinationEdited = true
        $0.destination = .success(phone)
    }
    static let sending = typed.with {
        $0.now = at(2)
        $0.send = .sending
    }
    static let sent = sending.with {
        $0.now = at(2.3)
        $0.send = .sent
        $0.sentTo = phone
        $0.sentBy = .sms
        $0.sendTimes = [at(2.3)]
        $0.cooldownLength = .seconds(60)
        $0.codeLifetime = .seconds(300)
        $0.cooldownEnd = at(62.3)
        $0.codeExpiry = at(302.3)
    }
    /// Checks locked until `end` by a wrong code at 10.3 s: the code is dead, Resend at 62.3 s.
    static func locked(until end: TimerInstant) -> VerificationState {
        checking.with {
            $0.now = at(10.3)
            $0.code = .empty
            $0.check = .locked(until: end)
            $0.codeExpiry = nil
        }
    }
    static let checking = sent.with {
        $0.now = at(10)
        $0.code = Secret("123456")
        $0.check = .checking
    }

    static let rows: [VerificationRow] = [
        VerificationRow(
            name: "typing a number parses it; no effect", given: start,
            event: .destinationChanged("138 1234 5678"), at: at(1), expected: typed, effects: []),
        VerificationRow(
            name: "send asks the service", given: typed, event: .sendTapped, at: at(2),
            expected: sending, effects: [.requestCode(phone)]),
        VerificationRow(
            name: "the destination is frozen while sending", given: sending,
            event: .destinationChanged("other"), at: at(2.1), expected: sending.with { $0.now = at(2.1) },
            effects: []),
        VerificationRow(
            name: "a sent code starts both countdowns, saves and announces", given: sending,
            event: .codeRequestFinished(.success(CodeReceipt())), at: at(2.3), expected: sent,
            effects: [
                .startCountdown(.cooldown, until: at(62.3)), .startCountdown(.codeExpiry, until: at(302.3)),
                .save(
                    CooldownSnapshot(
                        destination: phone, cooldownLeft: .seconds(60), cooldownLength: .seconds(60),
                        codeLeft: .seconds(300), codeLifetime: .seconds(300), sendAges: [.zero])),
                .announce(.codeSent(phone)),
            ]),
        VerificationRow(
            name: "a rate limit waits the server's time", given: sending,
            event: .codeRequestFinished(.failure(.rateLimited(retryAfter: .seconds(30)))), at: at(2.3),
            expected: sending.with {
                $0.now = at(2.3)
                $0.send = .failed(.rateLimited(retryAfter: .seconds(30)))
                $0.cooldownEnd = at(32.3)
                $0.cooldownLength = .seconds(30)
                // A code may be in play (an answer lost, another device): the field takes it.
                $0.sentTo = phone
                $0.codeMayBeInPlay = true
            },
            effects: [
                .startCountdown(.cooldown, until: at(32.3)),
                // Kept, with no known code: a restart must not forget the wait or the open field.
                .save(
                    CooldownSnapshot(
                        destination: phone, cooldownLeft: .seconds(30), cooldownLength: .seconds(30), codeLeft: .zero,
                        codeLifetime: .zero, sendAges: [], codeMayBeInPlay: true)),
                .announce(.requestFailed(.rateLimited(retryAfter: .seconds(30)))),
            ]),
        VerificationRow(
            name: "a reply when nothing was asked is ignored", given: typed,
            event: .codeRequestFinished(.success(CodeReceipt())), at: at(3), expected: typed.with { $0.now = at(3) },
            effects: []),
        VerificationRow(
            name: "five digits wait for the sixth", given: sent, event: .codeChanged("12345"), at: at(5),
            expected: sent.with {
                $0.now = at(5)
                $0.code = Secret("12345")
            }, effects: []),
        VerificationRow(
            name: "the sixth digit checks the code; other characters are dropped", given: sent,
            event: .codeChanged("１2-3 4567"), at: at(10),
            expected: checking, effects: [.checkCode(Secret("123456"), for: phone)]),
        VerificationRow(
            name: "too many wrong codes lock the checks", given: checking,
            event: .codeCheckFinished(.failure(.locked(retryAfter: .seconds(900)))), at: at(10.3),
            expected: checking.with {
                $0.now = at(10.3)
                $0.check = .locked(until: at(910.3))
                $0.code = .empty
                $0.codeExpiry = nil
            },
            effects: [
                // The lock kills the code.
                .stopCountdown(.codeExpiry), .startCountdown(.lock, until: at(910.3)),
                // Kept with the cooldown: a restart keeps the lock.
                .save(
                    CooldownSnapshot(
                        destination: phone, cooldownLeft: .seconds(52), cooldownLength: .seconds(60),
                        codeLeft: .zero, codeLifetime: .seconds(300), sendAges: [.seconds(8)],
                        lockLeft: .seconds(900))),
                .announce(.codeRejected(.locked(retryAfter: .seconds(900)))),
            ]),
        VerificationRow(
            name: "a right code verifies: countdowns stop, the saved cooldown goes", given: checking,
            event: .codeCheckFinished(.success(VerificationProof(token: Secret("t")))), at: at(10.3),
            expected: checking.with {
                $0.now = at(10.3)
                $0.check = .verified(VerificationProof(token: Secret("t")))
                $0.cooldownEnd = nil
                $0.codeExpiry = nil
            },
            effects: [.stopCountdown(.codeExpiry), .stopCountdown(.cooldown), .clearSaved, .announce(.verified)]),
        VerificationRow(
            name: "30 s before Resend the screen says so", given: sent, event: .tick(.cooldown), at: at(32.3),
            expected: sent.with { $0.now = at(32.3) }, effects: [.announce(.resendIn(seconds: 30))]),
        VerificationRow(
            name: "29 s before Resend, nothing is said", given: sent, event: .tick(.cooldown), at: at(33.3),
            expected: sent.with { $0.now = at(33.3) }, effects: []),
        VerificationRow(
            name: "the cooldown's end enables Resend", given: sent, event: .tick(.cooldown), at: at(62.3),
            expected: sent.with {
                $0.now = at(62.3)
                $0.cooldownEnd = nil
            }, effects: [.announce(.resendAvailable)]),
        VerificationRow(
            name: "the code's expiry rejects it", given: sent, event: .tick(.codeExpiry), at: at(302.3),
            expected: sent.with {
                $0.now = at(302.3)
                $0.codeExpiry = nil
                $0.cooldownEnd = at(62.3)
                $0.check = .rejected(.expired)
            }, effects: [.announce(.codeRejected(.expired))]),
        VerificationRow(
            name: "a lock over before Resend: the code it killed is said expired", given: locked(until: at(40.3)),
            event: .tick(.lock), at: at(40.3),
            expected: locked(until: at(40.3)).with {
                $0.now = at(40.3)
                $0.check = .rejected(.expired)
            }, effects: [.announce(.codeRejected(.expired))]),
        VerificationRow(
            name: "a lock over after Resend came back: a new code may be asked for",
            given: locked(until: at(70.3)).with { $0.cooldownEnd = nil }, event: .tick(.lock), at: at(70.3),
            expected: locked(until: at(70.3)).with {
                $0.now = at(70.3)
                $0.cooldownEnd = nil
                $0.check = .rejected(.expired)
            }, effects: [.announce(.resendAvailable)]),
        VerificationRow(
            name: "time never goes backwards", given: sent, event: .storeFailed(.notSaved), at: at(1),
            expected: sent.with { $0.notice = .storeProblem(.notSaved) }, effects: []),
    ]
}

@Suite("VerificationState: state + event + now → state + effects")
struct VerificationStateTableTests {
    @Test("each row", arguments: VerificationTable.rows)
    func row(_ row: VerificationRow) {
        var state = row.given
        let effects = state.apply(row.event, at: row.at)
        #expect(state == row.expected)
        #expect(effects == row.effects)
    }
}
