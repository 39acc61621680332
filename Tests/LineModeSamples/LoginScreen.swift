import Hourglass
public import HourglassLineMode
import SignUp

/// A screen of an app's own, written on the core alone and driven by linemode: a user name, a
/// password and a sign-in button that locks for 5 s after three wrong passwords, counting down.
public final class LoginScreen: LineModeScreen, Sendable {
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

    /// What the screen holds.
    private struct State {
        var user = ""
        var password = ""
        var failures = 0
        var signedIn = false
        var lockedFor: Int64?
        var countdown: TimerHandle?
    }

    private let context: LineModeScreenContext
    /// Used only on the clock's context, where linemode types and taps and the lock-out
    /// countdown's callbacks run: `Sendable`, with no `@unchecked`.
    private let state: ContextBound<State>
    private let texts: LoginTexts

    /// The screen on `context`'s clock, in its language (Polish or English).
    public init(_ context: LineModeScreenContext) {
        self.context = context
        state = ContextBound(State(), on: context.clock)
        texts = context.language.identifier == "pl" ? .polish : .english
    }

    /// The whole screen, one line a control.
    public var lines: [String] {
        let state = state.value
        let title = state.lockedFor.map(texts.tryAgainIn) ?? texts.signIn
        let message =
            if state.signedIn { ["message: " + texts.signedIn(state.user)] } else if state.failures > 0 {
                ["message: " + texts.wrongPassword(state.failures, Self.attempts)]
            } else { [String]() }
        return [
            "user: \"\(state.user)\"", "password: \"\(String(repeating: "•", count: state.password.count))\"",
            "sign-in: [\(title)]" + (Self.canSignIn(state) ? "" : " (disabled)"),
        ] + message
    }

    private static func canSignIn(_ state: State) -> Bool {
        state.lockedFor == nil && !state.signedIn && !state.user.isEmpty && !state.password.isEmpty
    }

    /// Replaces the user name or the password.
    public func type(_ text: String, into field: String) {
        state.withValue { state in if field == "user" { state.user = text } else { state.password = text } }
        changed()
    }

    /// Signs in, or counts a wrong password.
    public func tap(_ button: String) {
        guard Self.canSignIn(state.value) else { return }
        let locks = state.withValue { state -> Bool in
            defer { state.password = "" }
            if state.password == Self.correctPassword {
                (state.signedIn, state.failures) = (true, 0)
                return false
            }
            state.failures += 1
            return state.failures == Self.attempts
        }
        if locks { lock() }
        changed()
    }

    private func lock() {
        state.value.lockedFor = Self.lockOut.components.seconds
        let countdown = try? context.clock.countdown(for: Self.lockOut) { [weak self] tick in
            self?.state.value.lockedFor = tick.remainingSeconds
            self?.changed()
        } onFinish: { [weak self] in
            guard let self else { return }
            state.withValue { ($0.lockedFor, $0.failures, $0.countdown) = (nil, 0, nil) }
            context.announce(texts.canSignInAgain)
            changed()
        }
        state.value.countdown = countdown
    }

    private func changed() {
        context.screenChanged(lines)
    }
}
