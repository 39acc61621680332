import Hourglass
import PhoneNumbers
import SignUp

/// One line of a script, understood.
enum ScriptCommand: Hashable, Sendable {
    /// `type FIELD TEXT`: replaces a field's text (`type code sent` types the code just sent).
    case type(ScriptField, String)
    /// `clear FIELD`.
    case clear(ScriptField)
    /// `choose region XX`: picks a region in the verification screen's picker.
    case choose(PhoneRegion)
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

/// A field a script names (`type FIELD TEXT`, `clear FIELD`); a secret one is masked when the
/// command is echoed.
public struct ScriptField: Hashable, Sendable {
    /// The name a script uses, e.g. `destination`.
    public let name: String
    /// Whether what is typed into it is a secret.
    public let isSecret: Bool

    /// A field named `name`.
    public init(_ name: String, isSecret: Bool = false) {
        (self.name, self.isSecret) = (name, isSecret)
    }

    static let destination = ScriptField("destination")
    static let code = ScriptField("code", isSecret: true)
    static let password = ScriptField("password", isSecret: true)
    static let confirm = ScriptField("confirm", isSecret: true)
    static let region = ScriptField("region")
}

/// A button a script names (`tap BUTTON`).
public struct ScriptButton: Hashable, Sendable {
    /// The name a script uses, e.g. `send`.
    public let name: String

    /// A button named `name`.
    public init(_ name: String) {
        self.name = name
    }

    static let send = ScriptButton("send")
    static let call = ScriptButton("call")
    static let verify = ScriptButton("verify")
    static let submit = ScriptButton("submit")
    static let terms = ScriptButton("terms")
}
