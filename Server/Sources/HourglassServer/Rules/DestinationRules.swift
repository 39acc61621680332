public import PhoneNumbers
public import SignUpDomain

/// Which phone numbers get codes at all, as Twilio's geo permissions and Fraud Guard decide: by
/// region, and by the number's type. Against SMS pumping, where bots ask codes for premium-rate
/// or far-away numbers at the operator's cost. E-mail addresses are not concerned.
public struct DestinationRules: Sendable, Hashable {
    /// The regions (ISO 3166 codes, `MX`) whose numbers get codes; nil for every region. A
    /// number of no region (an international network, `+882…`) counts as region `001`.
    public var allowedRegions: Set<String>?
    /// Regions whose numbers never get codes, whatever ``allowedRegions`` says.
    public var deniedRegions: Set<String> = []
    /// Types of number that never get codes: by default those that cannot take a text message
    /// or cost the operator more (``defaultRefusedTypes``).
    public var refusedTypes = Self.defaultRefusedTypes

    /// Premium rate and shared cost (their calls and texts are billed to the sender, the pumping
    /// scheme's profit), toll free, UAN, voicemail and pager numbers (no text message reaches a
    /// person there).
    public static let defaultRefusedTypes: Set<PhoneNumberType> = [
        .premiumRate, .sharedCost, .tollFree, .uan, .voicemail, .pager,
    ]

    /// Every region and every type but ``defaultRefusedTypes``.
    public init() {}

    /// The channel a code goes to `destination` by: `asked`, or the destination's default
    /// (`CodeChannel.default(for:)`) when nil; or why no code goes there. The region's rules
    /// come first, then the type's, then the channel's.
    public func channel(for destination: Destination, asked: CodeChannel?) -> Result<CodeChannel, Refusal> {
        guard case .phone(let number) = destination else {
            return asked == nil || asked == .email ? .success(.email) : .failure(.channel(asked ?? .email))
        }
        // Each lookup reads the number against its region's patterns (several regions' for +1):
        // none is made for a rule that is not set, and the type is read once.
        if allowedRegions != nil || !deniedRegions.isEmpty {
            let region = PhoneNumbering.region(of: number)?.identifier ?? "001"
            if deniedRegions.contains(region) || allowedRegions.map({ !$0.contains(region) }) == true {
                return .failure(.region(region))
            }
        }
        if asked == .voice && refusedTypes.isEmpty { return .success(.voice) }
        let type = PhoneNumbering.type(of: number)
        if let type, refusedTypes.contains(type) { return .failure(.numberType(type)) }
        guard let asked else { return .success(CodeChannel.takesTexts(type) ? .sms : .voice) }
        // A call reaches any number, a text any but a landline; nothing else reaches a number.
        let reaches = asked == .voice || (asked == .sms && CodeChannel.takesTexts(type))
        return reaches ? .success(asked) : .failure(.channel(asked))
    }

    /// Why no code goes to `destination` by its default channel, if none does.
    public func refusal(of destination: Destination) -> Refusal? {
        if case .failure(let refusal) = channel(for: destination, asked: nil) { refusal } else { nil }
    }

    /// Why a destination gets no code.
    public enum Refusal: Error, Sendable, Hashable {
        /// Its region (`MX`, or `001`) is not allowed, or is denied.
        case region(String)
        /// Its type is refused.
        case numberType(PhoneNumberType)
        /// The channel asked cannot reach it: a text to a fixed line, a call or a text to an
        /// e-mail address, an e-mail to a phone number.
        case channel(CodeChannel)
    }

    /// A type's name on the command line and in answers: `premium-rate` for `premiumRate`.
    public static func name(of type: PhoneNumberType) -> String {
        type.rawValue.reduce(into: "") { name, character in
            name += character.isUppercase ? "-" + character.lowercased() : String(character)
        }
    }
}
