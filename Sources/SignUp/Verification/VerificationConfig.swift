/// How the verification-code screen behaves.
///
/// Values out of range are clamped, when made and when set, so that no setting can trap or
/// stall the screen: ``codeLength`` to 1...16, ``sendLimit`` to at least 1, ``cooldown`` and
/// ``sendWindow`` to at least zero.
public struct VerificationConfig: Hashable, Sendable {
    /// How long the send button waits after a successful send, unless the server says otherwise.
    public var cooldown: Duration { didSet { cooldown = max(cooldown, .zero) } }
    /// How many digits a code has: 1 to 16.
    public var codeLength: Int { didSet { codeLength = Self.codeLengths.clamp(codeLength) } }
    /// How many codes may be requested within ``sendWindow``: at least 1.
    public var sendLimit: Int { didSet { sendLimit = max(sendLimit, 1) } }
    /// The window the send limit counts over.
    public var sendWindow: Duration { didSet { sendWindow = max(sendWindow, .zero) } }
    /// The language of every text.
    public var language: SignUpLanguage
    /// Where a phone number typed without `+` is read; nil: nowhere, so it needs its country
    /// code. By default the system locale's region (``PhoneRegion/current``).
    public var region: PhoneRegion?
    /// What reads a typed phone number; ``StandardPhoneNumberParser`` by default.
    public var phoneParser: any PhoneNumberParser {
        get { parserSlot.parser }
        set { parserSlot = ParserSlot(newValue) }
    }
    private var parserSlot: ParserSlot

    private static let codeLengths = 1...16

    /// The defaults: a 60 s cooldown, 6-digit codes, 5 sends an hour, English, numbers read in
    /// the system locale's region by the built-in parser.
    public init(
        cooldown: Duration = .seconds(60), codeLength: Int = 6, sendLimit: Int = 5,
        sendWindow: Duration = .seconds(3_600), language: SignUpLanguage = .english,
        region: PhoneRegion? = .current, phoneParser: any PhoneNumberParser = StandardPhoneNumberParser()
    ) {
        self.cooldown = max(cooldown, .zero)
        self.codeLength = Self.codeLengths.clamp(codeLength)
        self.sendLimit = max(sendLimit, 1)
        self.sendWindow = max(sendWindow, .zero)
        self.language = language
        self.region = region
        parserSlot = ParserSlot(phoneParser)
    }

    /// Reads `text` as a destination with this configuration's region and parser.
    public func destination(from text: String) -> Result<Destination, DestinationProblem> {
        Destination.parse(text, region: region, parser: phoneParser)
    }
}

/// A parser kept in a configuration, which stays `Hashable`: two are equal when their parsers
/// are. Kept behind one reference, so that copying a model's state copies a pointer, and a state
/// compared with the one before it finds the same box at once.
private struct ParserSlot: Hashable, Sendable {
    private let box: Box

    init(_ parser: any PhoneNumberParser) {
        box = Box(parser)
    }

    var parser: any PhoneNumberParser { box.parser }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || Self.equal(lhs.box.parser, rhs.box.parser)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(box.parser)
    }

    /// Whether `rhs` is a `P` equal to `lhs`: parsers of two types are never equal.
    private static func equal<P: PhoneNumberParser>(_ lhs: P, _ rhs: any PhoneNumberParser) -> Bool {
        (rhs as? P) == lhs
    }

    /// A class, so that two copies of one config compare by identity first.
    private final class Box: Sendable {
        let parser: any PhoneNumberParser

        init(_ parser: any PhoneNumberParser) {
            self.parser = parser
        }
    }
}

extension ClosedRange {
    /// `value`, or the nearer end when it is outside.
    func clamp(_ value: Bound) -> Bound { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
