/// A record's yes/no facts, in one byte.
struct TimerFlags: OptionSet {
    let rawValue: UInt8
    static let hasHandle = TimerFlags(rawValue: 1 << 0)
    static let isAbsolute = TimerFlags(rawValue: 1 << 1)
    static let hasExtra = TimerFlags(rawValue: 1 << 2)
}
