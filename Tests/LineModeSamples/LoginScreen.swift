import Hourglass
public import LineMode
import SignUp

/// A screen of an app's own, written on the core alone and driven by linemode: a user name, a
/// password and a sign-in button that locks for 5 s after three wrong passwords, counting down.
public final class LoginScreen: LineModeScreen, @unchecked Sendable {
    // @unchecked Sendable: every var is used only on the clock's context — linemode types and
    // taps there, and the lock-out countdown's callbacks run there.
    /// The screen as linemode knows it: `login`, its fields and its button.
    public static let screen = ScriptScreen(
        name: "login", fields: [ScriptField("user"), ScriptField("password", isSecret: true)],
        buttons: [ScriptButton("sign-in")]
    ) { LoginScreen($0) }

    /// The one password that signs in.
    public static let correctPassword = "open sesame"
    /// Wrong passwords before sign-in locks.
    public static let attempts = 3
    /// How long sign-in stays locked.
    public static let lockOut = Duration.seconds(5)

    private let context: LineModeScreenContext
    private var user = ""
    private var password = ""
    private var failures = 0
    private var signedIn = false
    private var lockedFor: Int64?
    private var countdown: TimerHandle?

    private let texts: LoginTexts

    /// The screen on `context`'s clock, in its language (French or English).
    public init(_ context: LineModeScreenContext) {
        self.context = context
        texts = context.language.identifier == "fr" ? .french : .english
    }

    /// The whole screen, one line a control.
    public var lines: [String] {
        let title = lockedFor.map(texts.tryAgainIn) ?? texts.signIn
        let message =
            if signedIn { ["message: " + texts.signedIn(user)] } else if failures > 0 {
                ["message: " + texts.wrongPassword(failures, Self.attempts)]
            } else { [String]() }
        return [
            "user: \"\(user)\"", "password: \"\(String(repeating: "•", count: password.count))\"",
            "sign-in: [\(title)]" + (canSignIn ? "" : " (disabled)"),
        ] + message
    }

    private var canSignIn: Bool { lockedFor == nil && !signedIn && !user.isEmpty && !password.isEmpty }

    /// Replaces the user name or the password.
    public func type(_ text: String, into field: String) {
        if field == "user" { user = text } else { password = text }
        changed()
    }

    /// Signs in, or counts a wrong password.
    public func tap(_ button: String) {
        guard canSignIn else { return }
        if password == Self.correctPassword {
            (signedIn, failures) = (true, 0)
        } else {
            failures += 1
            if failures == Self.attempts { lock() }
        }
        password = ""
        changed()
    }

    private func lock() {
        lockedFor = Self.lockOut.components.seconds
        countdown = try? context.clock.countdown(for: Self.lockOut) { [weak self] tick in
            self?.lockedFor = tick.remainingSeconds
            self?.changed()
        } onFinish: { [weak self] in
            guard let self else { return }
            (lockedFor, failures, countdown) = (nil, 0, nil)
            context.announce(texts.canSignInAgain)
            changed()
        }
    }

    private func changed() {
        context.screenChanged(lines)
    }
}
