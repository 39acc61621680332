/// What kind of line a phone number is, by the patterns of its region's numbering plan.
public enum PhoneNumberType: String, Hashable, Sendable, CaseIterable {
    /// A fixed line.
    case fixedLine
    /// A mobile phone.
    case mobile
    /// A number the plan gives to fixed lines and mobiles alike (the NANP's, say).
    case fixedLineOrMobile
    /// Free to call.
    case tollFree
    /// Charged above the usual rate.
    case premiumRate
    /// Its cost shared between caller and called.
    case sharedCost
    /// A personal number, forwarded wherever its owner is.
    case personal
    /// Voice over IP.
    case voip
    /// A pager.
    case pager
    /// A "universal access number" of a company.
    case uan
    /// A voicemail access number.
    case voicemail

    /// The types tested before fixed line and mobile, in libphonenumber's order.
    static let checkedBeforeFixedLine: [PhoneNumberType] = [
        .premiumRate, .tollFree, .sharedCost, .voip, .personal, .pager, .uan, .voicemail,
    ]

    /// The type a `D` line of the data names.
    init?(dataName: String) {
        guard let type = PhoneNumberType(rawValue: dataName), type != .fixedLineOrMobile else { return nil }
        self = type
    }
}
