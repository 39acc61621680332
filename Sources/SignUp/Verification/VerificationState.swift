public import Hourglass

/// Everything the verification-code screen knows: a plain value, changed only by
/// ``apply(_:at:)`` (see `VerificationState+Transitions.swift`). What it shows is
/// ``VerificationScreen``, rendered from this value.
public struct VerificationState: Hashable, Sendable {
    /// The behaviour and the language.
    public internal(set) var config: VerificationConfig
    /// The clock instant of the latest event; every countdown text is read from it.
    public internal(set) var now: TimerInstant
    /// The destination as the field shows it: a number formatted as it is typed, for the
    /// config's region (`DestinationField`), an e-mail address as typed.
    public internal(set) var destinationText = ""
    /// Whether the person has edited the destination (field messages wait for that).
    public internal(set) var destinationEdited = false
    /// The destination as parsed.
    public internal(set) var destination: Result<Destination, DestinationProblem> = .failure(.empty)
    /// Where the code in play was sent: the destination the code step belongs to. The code,
    /// the verified mark and the proof are this destination's; while the field holds another,
    /// the code field is closed (see ``codeSentElsewhere``).
    public internal(set) var sentTo: Destination?
    /// Whether a code may be in play for ``sentTo`` that this screen did not see sent: a send
    /// answered 429 (an earlier answer was lost, or another device asked), so the code field
    /// takes a code that arrived, though its expiry is unknown.
    public internal(set) var codeMayBeInPlay = false
    /// The send button's phase.
    public internal(set) var send: SendPhase = .ready
    /// Whether the send in flight asked for a call ("Call me").
    public internal(set) var calling = false
    /// How the code in play for ``sentTo`` went: the service's word, else the channel asked,
    /// else the destination's default (`CodeChannel.default(for:)`); nil before any code.
    public internal(set) var sentBy: CodeChannel?
    /// Until when the send button waits (after a send, or a rate limit).
    public internal(set) var cooldownEnd: TimerInstant?
    /// The length of the cooldown in force (the server may override the configured one).
    public internal(set) var cooldownLength: Duration = .zero
    /// When each code in the current window was sent, for the send limit.
    public internal(set) var sendTimes: [TimerInstant] = []
    /// Until when no code may be requested, once the send limit is reached.
    public internal(set) var sendLimitEnd: TimerInstant?
    /// The code as typed: digits only.
    public internal(set) var code = Secret.empty
    /// How many digits the code has: the server's word in its last send's answer, else
    /// ``VerificationConfig/codeLength``.
    public internal(set) var codeLength: Int
    /// When the code in play expires.
    public internal(set) var codeExpiry: TimerInstant?
    /// The lifetime of the code in play.
    public internal(set) var codeLifetime: Duration = .zero
    /// Where checking the code stands.
    public internal(set) var check: CheckPhase = .idle
    /// A notice that is not an error, e.g. that a new code replaced the old one.
    public internal(set) var notice: VerificationNotice?
    /// What the region picker's search holds.
    public internal(set) var regionSearch = ""

    /// The state of a screen just shown.
    public init(config: VerificationConfig = VerificationConfig(), now: TimerInstant = .zero) {
        self.config = config
        self.now = now
        codeLength = config.codeLength
    }

    /// Equal when every stored property is. Written out, `now` first, because the runtime
    /// compares each new state with the one before (a tick changes `now` alone), and the
    /// derived comparison calls `Result`'s generic `==` every time. `StatePropertiesTests`
    /// fails when a property is added, so that it is added here too.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.now == rhs.now && lhs.send == rhs.send && lhs.check == rhs.check && lhs.code == rhs.code
            && lhs.destinationText == rhs.destinationText && lhs.destinationEdited == rhs.destinationEdited
            && sameDestination(lhs.destination, rhs.destination) && lhs.sentTo == rhs.sentTo
            && lhs.codeMayBeInPlay == rhs.codeMayBeInPlay && lhs.cooldownEnd == rhs.cooldownEnd
            && lhs.cooldownLength == rhs.cooldownLength && lhs.sendTimes == rhs.sendTimes
            && lhs.sendLimitEnd == rhs.sendLimitEnd && lhs.codeLength == rhs.codeLength
            && lhs.codeExpiry == rhs.codeExpiry && lhs.codeLifetime == rhs.codeLifetime
            && lhs.notice == rhs.notice && lhs.config == rhs.config && lhs.regionSearch == rhs.regionSearch
            && lhs.calling == rhs.calling && lhs.sentBy == rhs.sentBy
    }

    /// `Result`'s `==`, specialised.
    private static func sameDestination(
        _ lhs: Result<Destination, DestinationProblem>, _ rhs: Result<Destination, DestinationProblem>
    ) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): left == right
        case (.failure(let left), .failure(let right)): left == right
        default: false
        }
    }
}

/// Where the send button stands.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum SendPhase: Hashable, Sendable {
    /// No code was requested yet.
    case ready
    /// A request is in flight.
    case sending
    /// A code was sent.
    case sent
    /// The last request failed.
    case failed(CodeRequestError)
}

/// Where checking the code stands.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum CheckPhase: Hashable, Sendable {
    /// Waiting for a complete code.
    case idle
    /// The code is being checked.
    case checking
    /// The code was right.
    case verified(VerificationProof)
    /// The code was not accepted; the code field is cleared.
    case rejected(CodeCheckError)
    /// Too many wrong codes: no checks until `until`.
    case locked(until: TimerInstant)
}

/// A notice on the verification screen.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum VerificationNotice: Hashable, Sendable {
    /// A new code was sent; the previous one no longer works.
    case codeReplaced
    /// The lock is over; codes can be checked again.
    case lockOver
    /// The saved cooldown could not be read or written; the flow goes on without it.
    case storeProblem(CooldownStoreProblem)
}

/// The countdowns the verification screen runs.
public enum VerificationCountdown: Hashable, Sendable, CaseIterable {
    /// Until a new code may be requested.
    case cooldown
    /// Until the code in play expires.
    case codeExpiry
    /// Until the lock after too many wrong codes is over.
    case lock
    /// Until the send limit's window lets another code through.
    case sendLimit
}

/// What the runtime must do after a transition.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum VerificationEffect: Hashable, Sendable {
    /// Ask the service for a code, by the destination's default channel.
    case requestCode(Destination)
    /// Ask the service for a code by call ("Call me").
    case requestCall(Destination)
    /// Ask the service to check a code.
    case checkCode(Secret, for: Destination)
    /// Run a countdown to `until`, ticking every second (every minute for the send limit).
    case startCountdown(VerificationCountdown, until: TimerInstant)
    /// Stop a countdown.
    case stopCountdown(VerificationCountdown)
    /// Save the cooldown, so that it survives a restart.
    case save(CooldownSnapshot)
    /// Forget the saved cooldown.
    case clearSaved
    /// Tell assistive technologies.
    case announce(Announcement)
}

/// What the screen announces to assistive technologies: not every second, only these.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum Announcement: Hashable, Sendable {
    /// A code was sent to the destination (said masked, by the configuration's formatter).
    case codeSent(Destination)
    /// This many seconds until a new code may be requested (said at 30 and 10).
    case resendIn(seconds: Int64)
    /// A new code may be requested now.
    case resendAvailable
    /// The code was accepted.
    case verified
    /// A code request failed (the same words as the screen's message).
    case requestFailed(CodeRequestError)
    /// A code was not accepted (the same words as the code field's message).
    case codeRejected(CodeCheckError)
}

/// A cooldown relative to now, as saved and restored (the store keeps wall-clock instants):
/// the resend cooldown, the code's expiry, the sends of the window, and the waits a server
/// imposed (a 429's `Retry-After`, a lock), so that none is forgotten at a restart.
public struct CooldownSnapshot: Hashable, Sendable {
    /// Where the code was sent.
    public var destination: Destination
    /// Time left until a new code may be requested.
    public var cooldownLeft: Duration
    /// The cooldown's whole length, the most a restored one may have left.
    public var cooldownLength: Duration
    /// Time left until the code expires.
    public var codeLeft: Duration
    /// The code's whole lifetime.
    public var codeLifetime: Duration
    /// How long ago each send of the current window was made.
    public var sendAges: [Duration]
    /// Time left of a send limit the server imposed (a 429 `send_limit`).
    public var sendLimitLeft: Duration
    /// Time left of a lock after too many wrong codes.
    public var lockLeft: Duration
    /// Whether a code may be in play that no answer confirmed (a 429 on a send): the code
    /// field stays open after a restart.
    public var codeMayBeInPlay: Bool
    /// The code's length, as the server last said; nil: the configuration's.
    public var codeLength: Int?
    /// How the code went when not by the destination's default (a call to a mobile); nil: by
    /// the default (`CodeChannel.default(for:)`), or not known.
    public var channel: CodeChannel?

    /// Whether a code was sent to ``destination``: a server's wait on a first request (a 429
    /// before any code) is kept with no code, as a zero ``codeLifetime``.
    public var hasCode: Bool { codeLifetime > .zero }

    /// Creates a snapshot.
    public init(
        destination: Destination, cooldownLeft: Duration, cooldownLength: Duration,
        codeLeft: Duration, codeLifetime: Duration, sendAges: [Duration],
        sendLimitLeft: Duration = .zero, lockLeft: Duration = .zero, codeMayBeInPlay: Bool = false,
        codeLength: Int? = nil, channel: CodeChannel? = nil
    ) {
        self.destination = destination
        self.cooldownLeft = cooldownLeft
        self.cooldownLength = cooldownLength
        self.codeLeft = codeLeft
        self.codeLifetime = codeLifetime
        self.sendAges = sendAges
        self.sendLimitLeft = sendLimitLeft
        self.lockLeft = lockLeft
        self.codeMayBeInPlay = codeMayBeInPlay
        self.codeLength = codeLength
        self.channel = channel
    }
}
