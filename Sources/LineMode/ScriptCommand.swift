import Hourglass
import SignUp

/// One line of a script, understood.
enum ScriptCommand: Hashable, Sendable {
    /// `type FIELD TEXT`: replaces a field's text (`type code sent` types the code just sent).
    case type(ScriptField, String)
    /// `clear FIELD`.
    case clear(ScriptField)
    /// `tap BUTTON`: `send`, `verify`, `submit`, or `terms` (the checkbox).
    case tap(ScriptButton)
    /// `wait DURATION`: lets clock time pass, countdowns ticking.
    case wait(Duration)
    /// `suspend DURATION`: the app is suspended; nothing runs, then everything due runs once, late.
    case suspend(Duration)
    /// `restart`: a new view-model on the same store, as after the app was killed.
    case restart
    /// `show`: prints the whole screen.
    case show
    /// `server …`: scripts the in-process service.
    case server(ServerCommand)
    /// `wall ±DURATION`: moves the wall clock (e.g. set back an hour).
    case wall(Duration)
}

/// What `server` can be told.
enum ServerCommand: Hashable, Sendable {
    case latency(Duration)
    case failRequest(CodeRequestError)
    case failCheck(CodeCheckError)
    case failRegistration(RegistrationError)
    case resendAfter(Duration?)
    case code(String)
    case account(Destination)
}

/// The fields a script can type into.
enum ScriptField: String, CaseIterable, Sendable {
    case destination, code, password, confirm

    /// Whether the field holds a secret, masked when the command is echoed.
    var isSecret: Bool { self != .destination }
}

/// The buttons a script can tap.
enum ScriptButton: String, CaseIterable, Sendable {
    case send, verify, submit, terms
}

/// The screen a session drives.
public enum ScriptScreen: String, CaseIterable, Sendable {
    /// The verification-code screen.
    case verification
    /// The registration screen (an account verified by code, a password, the terms).
    case registration

    var fields: [ScriptField] { self == .verification ? [.destination, .code] : ScriptField.allCases }
    var buttons: [ScriptButton] { self == .verification ? [.send, .verify] : ScriptButton.allCases }
}
