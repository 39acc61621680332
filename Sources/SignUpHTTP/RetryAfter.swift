import Foundation
import SignUp

/// A `Retry-After` value (RFC 9110, 10.2.3): whole seconds, or an HTTP date.
enum RetryAfter {
    /// The wait `value` asks for at `now`: at least one second (a date in the past, or `0`,
    /// still means "not yet"), at most the longest a server may ask for
    /// (`VerificationDefaults.longestWait`, 31 days), nil when it is neither form.
    static func wait(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // Beyond the longest wait, or more digits than an Int holds, is the longest wait.
            return clamp(Int64(text).map { Double($0) } ?? .infinity)
        }
        guard let date = httpDate(text) else { return nil }
        return clamp(date.timeIntervalSince(now).rounded(.up))
    }

    /// A wait in the body (`retryAfter`), for an answer whose header was lost.
    static func wait(seconds: Int) -> Duration { clamp(Double(seconds)) }

    private static func clamp(_ seconds: Double) -> Duration {
        .seconds(Int64(min(max(seconds, 1), Double(VerificationDefaults.longestWait.components.seconds))))
    }

    /// The three forms RFC 9110 says a recipient reads: IMF-fixdate, RFC 850 and asctime.
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy",
    ]

    private static func httpDate(_ text: String) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
