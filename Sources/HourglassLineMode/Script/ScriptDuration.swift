/// Durations as scripts write them: `300ms`, `2s`, `1.5s`, `1m30s`, `15m`, `1h`.
enum ScriptDuration {
    /// Parses `text`; nil when it is not a duration of at most a day.
    static func parse(_ text: String) -> Duration? {
        var total: Double = 0
        var number = ""
        var rest = Substring(text)
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            number = String(rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
            rest = rest.dropFirst(number.count)
            let unit = String(rest.prefix { $0.isASCII && $0.isLetter })
            rest = rest.dropFirst(unit.count)
            guard let value = Double(number), value.isFinite, !number.hasPrefix("."), !number.hasSuffix(".") else {
                return nil
            }
            switch unit {
            case "ms": total += value / 1_000
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3_600
            default: return nil
            }
        }
        guard total <= 86_400 else { return nil }
        return .nanoseconds(Int64((total * 1e9).rounded()))
    }

    /// `1m30s`, `300ms`, `2.5s`: the shortest form that reads back as the same duration.
    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1_000 != 0 {
            return milliseconds < 1_000 ? "\(milliseconds)ms" : "\(Double(milliseconds) / 1_000)s"
        }
        let seconds = milliseconds / 1_000
        let (hours, minutes, rest) = (seconds / 3_600, seconds % 3_600 / 60, seconds % 60)
        let parts = [(hours, "h"), (minutes, "m"), (rest, "s")].filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        return parts.isEmpty ? "0s" : parts.joined()
    }
}
