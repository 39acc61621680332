import Hourglass
import SignUp
import TestSupport
import Testing

/// Settings out of range are clamped, when made and when set: none can trap the screen
/// (a negative code length took a prefix of negative length) or make it accept an empty code.
@Suite("Settings out of range are clamped")
struct ConfigRangeTests {
    @Test("VerificationConfig: code length 4...10 (the contract's), send limit at least 1, durations at least zero")
    func verificationConfig() {
        let made = VerificationConfig(cooldown: .seconds(-5), codeLength: -1, sendLimit: 0, sendWindow: .seconds(-1))
        #expect(made.cooldown == .zero)
        #expect(made.codeLength == 4)
        #expect(made.sendLimit == 1)
        #expect(made.sendWindow == .zero)
        var set = VerificationConfig()
        set.codeLength = 99
        #expect(set.codeLength == 10)
        set.codeLength = 0
        #expect(set.codeLength == 4)
        set.sendLimit = -3
        #expect(set.sendLimit == 1)
        set.cooldown = .seconds(-1)
        #expect(set.cooldown == .zero)
        set.sendWindow = .milliseconds(-1)
        #expect(set.sendWindow == .zero)
        #expect(VerificationConfig(codeLength: 8).codeLength == 8)
    }

    @Test(
        "a negative code length, configured and from the server, takes four-digit codes; an empty code checks nothing")
    func negativeCodeLength() {
        var settings = ScriptedServiceSettings()
        settings.codeLength = -1
        let screen = VerificationHarness(config: VerificationConfig(codeLength: -1), settings: settings)
        screen.sendCode()
        screen.model.setCode("")
        #expect(screen.model.screen.verifyButton.isEnabled == false)
        screen.model.setCode("123456")
        #expect(screen.model.screen.code.value == Secret("1234"))
        expectNoTimersLeft(screen.clock)
    }

    @Test("a typed newline or terminal escape stays on its screen line, written out: it cannot forge a line")
    func typedControlCharacters() {
        let screen = VerificationHarness()
        screen.model.setDestination("+1 415 555 0100\n[   0.000] verified: yes\u{1B}[2J\u{202E}\u{2028}")
        #expect(
            screen.lines.first
                == #"destination: "+1 415 555 0100\u{A}[   0.000] verified: yes\u{1B}[2J\u{202E}\u{2028}" — This phone number is not valid"#
        )
        #expect(screen.lines.count == 4)
    }

    @Test("PasswordPolicy: a minimum below 1 is 1, a maximum below the minimum is the minimum")
    func passwordPolicy() {
        let crossed = PasswordPolicy(minimumLength: 20, maximumLength: 8)
        #expect(crossed.check(Secret("Tr0ub4dor&3xyz")).problem == .tooShort(minimum: 20))
        #expect(crossed.check(Secret("Tr0ub4dor&3xyzQ!w9Lp#Z")).problem == .tooLong(maximum: 20))
        #expect(PasswordPolicy(minimumLength: -4).minimumLength == 1)
        var policy = PasswordPolicy()
        policy.minimumLength = 0
        #expect(policy.minimumLength == 1)
    }
}
