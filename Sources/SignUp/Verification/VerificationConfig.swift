public import PhoneNumbers

/// How the verification-code screen behaves.
///
/// Values out of range are clamped, when made and when set, so that no setting can trap or
/// stall the screen: ``codeLength`` to `VerificationDefaults.codeLengths` (4 to 10, what a
/// server may send), ``sendLimit`` to at least 1, ``cooldown`` and
/// ``sendWindow`` to at least zero.
public struct VerificationConfig: Hashable, Sendable {
    /// How long the send button waits after a successful send, unless the server says otherwise.
    public var cooldown: Duration { didSet { cooldown = max(cooldown, .zero) } }
    /// How many digits a code has: 4 to 10.
    public var codeLength: Int { didSet { codeLength = Self.codeLengths.clamp(codeLength) } }
    /// How many codes may be requested within ``sendWindow``: at least 1.
    public var sendLimit: Int { didSet { sendLimit = max(sendLimit, 1) } }
    /// The window the send limit counts over.
    public var sendWindow: Duration { didSet { sendWindow = max(sendWindow, .zero) } }
    /// The language of every text.
    public var language: SignUpLanguage
    /// The digits the screens write counts in: countdowns, waits, attempts left, lengths. By
    /// default CLDR's for ``language`` in the region the configuration was made with
    /// (`NumberingSystem.default(language:region:)`: Arabic in Egypt writes `٤٢`, in the
    /// Emirates `42`), following the language when it is set, not the picker's region; set it
    /// (``NumberingSystem/latn`` for Western digits whatever the locale) to choose. Phone
    /// numbers, masked destinations and codes keep ASCII digits; every ASCII digit of a text
    /// made from a count is rewritten, so a table of an app's own keeps numbers out of those.
    public var numberingSystem: NumberingSystem {
        get { chosenNumberingSystem ?? .default(language: language.identifier, region: localeRegion) }
        set { chosenNumberingSystem = newValue }
    }
    private var chosenNumberingSystem: NumberingSystem?
    /// The region the configuration was made with: the locale's, for its digits.
    private let localeRegion: PhoneRegion?
    /// Where a phone number typed without `+` is read; nil: nowhere, so it needs its country
    /// code. By default the system locale's region (`PhoneRegion.current`).
    public var region: PhoneRegion?
    /// Which number types the screen takes, by region: a number of a listed region whose type
    /// (by libphonenumber's patterns) is not in its set is refused at once as
    /// `DestinationProblem.numberTypeNotAccepted` ("Enter a mobile number" when the set holds
    /// mobiles), before any request; a fixed-line-or-mobile number counts as a mobile. By
    /// default mainland China takes mobiles alone (``chinaMobilesOnly``), the one rule its apps
    /// have kept since codes went by text, and every other region every type (a landline's code
    /// comes by call). An Egyptian app that sends texts only: `["CN": [.mobile], "EG":
    /// [.mobile]]`; one that calls Chinese landlines too: `[:]`.
    public var acceptedNumberTypes: [PhoneRegion: Set<PhoneNumberType>] = Self.chinaMobilesOnly
    /// Mainland China's rule: mobiles only, ``acceptedNumberTypes``'s default.
    public static let chinaMobilesOnly: [PhoneRegion: Set<PhoneNumberType>] =
        PhoneRegion("CN").map { [$0: [.mobile]] } ?? [:]
    /// Whether the screen offers a call ("Call me") beside Resend once the first wait for a
    /// number's code is over, as Twilio Verify, WhatsApp and Telegram do; true by default. Set it
    /// to false when the backend makes no calls: no call is then promised to a landline either
    /// (refuse fixed lines with ``acceptedNumberTypes`` when the backend cannot reach them).
    public var offersCalls = true
    /// What reads a typed phone number; `StandardPhoneNumberParser` by default.
    public var phoneParser: any PhoneNumberParser {
        get { parserSlot.value as? any PhoneNumberParser ?? StandardPhoneNumberParser() }
        set { parserSlot = ValueSlot(newValue) }
    }
    /// What writes a phone number on screen, whole and masked; `StandardPhoneNumberFormatter`
    /// by default.
    public var phoneFormatter: any PhoneNumberFormatter {
        get { formatterSlot.value as? any PhoneNumberFormatter ?? StandardPhoneNumberFormatter() }
        set { formatterSlot = ValueSlot(newValue) }
    }
    private var parserSlot: ValueSlot
    private var formatterSlot: ValueSlot

    static let codeLengths = VerificationDefaults.codeLengths

    /// The defaults: the rules' (`VerificationDefaults`: a 60 s cooldown, 6-digit codes, 5
    /// sends an hour), English, numbers read in the system locale's region by the built-in
    /// parser and written by the built-in formatter, counts in the language's digits there
    /// (nil `numberingSystem`: ``NumberingSystem/default(language:region:)``).
    public init(
        cooldown: Duration = VerificationDefaults.cooldown, codeLength: Int = VerificationDefaults.codeLength,
        sendLimit: Int = VerificationDefaults.sendLimit, sendWindow: Duration = VerificationDefaults.sendWindow,
        language: SignUpLanguage = .english,
        region: PhoneRegion? = .current, phoneParser: any PhoneNumberParser = StandardPhoneNumberParser(),
        phoneFormatter: any PhoneNumberFormatter = StandardPhoneNumberFormatter(),
        numberingSystem: NumberingSystem? = nil
    ) {
        self.cooldown = max(cooldown, .zero)
        self.codeLength = Self.codeLengths.clamp(codeLength)
        self.sendLimit = max(sendLimit, 1)
        self.sendWindow = max(sendWindow, .zero)
        self.language = language
        self.region = region
        (chosenNumberingSystem, localeRegion) = (numberingSystem, region)
        parserSlot = ValueSlot(phoneParser)
        formatterSlot = ValueSlot(phoneFormatter)
    }

    /// Reads `text` as a destination with this configuration's region and parser, and takes
    /// a number only of a type ``acceptedNumberTypes`` allows in its region.
    public func destination(from text: String) -> Result<Destination, DestinationProblem> {
        Destination.parse(text, region: region, parser: phoneParser).flatMap { destination in
            guard case .phone(let number) = destination, !acceptedNumberTypes.isEmpty,
                let numberRegion = PhoneNumbering.region(of: number), let accepted = acceptedNumberTypes[numberRegion]
            else { return .success(destination) }
            let type = PhoneNumbering.type(of: number)
            let mobile = accepted.contains(.mobile) && type == .fixedLineOrMobile
            guard let type, accepted.contains(type) || mobile else {
                return .failure(.numberTypeNotAccepted(accepted: accepted))
            }
            return .success(destination)
        }
    }

    /// The language's texts, their counts in ``numberingSystem``'s digits.
    var strings: SignUpStrings { language.strings.writingCounts(in: numberingSystem) }

    /// `destination` masked, a phone number by ``phoneFormatter``.
    func masked(_ destination: Destination) -> String { destination.masked(by: phoneFormatter) }

    /// `destination` for a field, a phone number by ``phoneFormatter``.
    func formatted(_ destination: Destination) -> String { destination.formatted(by: phoneFormatter) }
}

/// A parser or formatter kept in a configuration, which stays `Hashable`: two are equal when
/// their values are (values of two types never are). Kept behind one reference, so that copying
/// a model's state copies a pointer, and a state compared with the one before it finds the same
/// box at once.
private struct ValueSlot: Hashable, Sendable {
    private let box: Box

    init(_ value: some Hashable & Sendable) {
        box = Box(value)
    }

    var value: any Hashable & Sendable { box.value }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || AnyHashable(lhs.box.value) == AnyHashable(rhs.box.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(box.value))
    }

    /// A class, so that two copies of one config compare by identity first.
    private final class Box: Sendable {
        let value: any Hashable & Sendable

        init(_ value: any Hashable & Sendable) {
            self.value = value
        }
    }
}

extension ClosedRange {
    /// `value`, or the nearer end when it is outside.
    func clamp(_ value: Bound) -> Bound { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
