/// Password rules after NIST SP 800-63B: a minimum length, a generous maximum (never
/// truncated), any character (spaces and Unicode too), no composition rules, and a blocklist
/// of common, repetitive or sequential passwords and of the account itself.
public struct PasswordPolicy: Hashable, Sendable {
    /// The fewest characters accepted: at least 1 (a smaller value is taken as 1).
    public var minimumLength: Int { didSet { minimumLength = max(minimumLength, 1) } }
    /// The most characters accepted; longer ones are refused, never cut. A value below
    /// ``minimumLength`` is read as ``minimumLength``.
    public var maximumLength: Int

    /// 8 to 128 characters by default. A minimum below 1 is taken as 1; a maximum below the
    /// minimum, as the minimum.
    public init(minimumLength: Int = 8, maximumLength: Int = 128) {
        self.minimumLength = max(minimumLength, 1)
        self.maximumLength = maximumLength
    }

    /// Checks `password` for an account named `account` (its own name is refused as a password).
    /// Characters are counted as a person sees them (grapheme clusters).
    public func check(_ password: Secret, account: String = "") -> PasswordCheck {
        let text = password.revealed
        let length = text.count
        if length < minimumLength { return PasswordCheck(problem: .tooShort(minimum: minimumLength), strength: .weak) }
        let maximumLength = max(maximumLength, minimumLength)
        if length > maximumLength { return PasswordCheck(problem: .tooLong(maximum: maximumLength), strength: .weak) }
        let folded = text.lowercased()
        if CommonPasswords.list.contains(folded) { return PasswordCheck(problem: .common, strength: .weak) }
        if Self.isPredictable(text.unicodeScalars) {
            return PasswordCheck(problem: .predictable, strength: .weak)
        }
        let account = account.lowercased().trimmingWhitespace
        let localPart = account.split(separator: "@").first.map(String.init) ?? ""
        if [account, localPart].contains(where: { $0.count >= 3 && folded.contains($0) }) {
            return PasswordCheck(problem: .containsAccount, strength: .weak)
        }
        return PasswordCheck(problem: nil, strength: Self.strength(text))
    }

    /// One character repeated, or a run that goes up or down by one (`abcdefgh`, `87654321`).
    private static func isPredictable(_ scalars: String.UnicodeScalarView) -> Bool {
        var iterator = scalars.makeIterator()
        guard var previous = iterator.next(), let second = iterator.next() else { return true }
        let first = Int(second.value) - Int(previous.value)
        guard abs(first) <= 1 else { return false }
        previous = second
        while let scalar = iterator.next() {
            guard Int(scalar.value) - Int(previous.value) == first else { return false }
            previous = scalar
        }
        return true
    }

    /// A hint, not a rule: long passwords are strong whatever they contain.
    private static func strength(_ text: String) -> PasswordStrength {
        // One bit a kind: lower case, upper case, number, anything else.
        var kinds: UInt8 = 0
        var count = 0
        for character in text {
            kinds |= character.isLowercase ? 1 : character.isUppercase ? 2 : character.isNumber ? 4 : 8
            count += 1
        }
        let kindCount = kinds.nonzeroBitCount
        if count >= 16 || (count >= 12 && kindCount >= 3) { return .strong }
        if count < 10 && kindCount < 3 { return .weak }
        return .fair
    }
}

/// The outcome of ``PasswordPolicy/check(_:account:)``.
public struct PasswordCheck: Hashable, Sendable {
    /// Why it is refused, or nil when it is accepted.
    public var problem: PasswordProblem?
    /// A strength hint.
    public var strength: PasswordStrength

    /// Creates an outcome.
    public init(problem: PasswordProblem?, strength: PasswordStrength) {
        self.problem = problem
        self.strength = strength
    }

    /// Whether the password is accepted.
    public var isAccepted: Bool { problem == nil }
}

/// Why a password is refused.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum PasswordProblem: Hashable, Sendable {
    /// Fewer characters than the minimum.
    case tooShort(minimum: Int)
    /// More characters than the maximum (it is refused, not cut).
    case tooLong(maximum: Int)
    /// On the list of common passwords.
    case common
    /// One character repeated, or a sequence.
    case predictable
    /// Contains the account name.
    case containsAccount
}

/// A password strength hint.
public enum PasswordStrength: String, Hashable, Sendable {
    /// Easy to guess.
    case weak
    /// Acceptable.
    case fair
    /// Hard to guess.
    case strong
}
