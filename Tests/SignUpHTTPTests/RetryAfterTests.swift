import Foundation
import Testing

@testable import SignUpHTTP

@Suite struct RetryAfterTests {
    /// 2026-11-27 09:00:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_770_000)

    @Test func secondsAreReadAsTheyAre() {
        #expect(RetryAfter.wait("42", now: now) == .seconds(42))
        #expect(RetryAfter.wait(" 7 ", now: now) == .seconds(7))
    }

    @Test func aZeroOrAPastDateStillWaitsASecond() {
        #expect(RetryAfter.wait("0", now: now) == .seconds(1))
        #expect(RetryAfter.wait("Fri, 27 Nov 2026 08:00:00 GMT", now: now) == .seconds(1))
    }

    @Test func everyHTTPDateFormIsRead() {
        #expect(RetryAfter.wait("Fri, 27 Nov 2026 09:00:30 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.wait("Friday, 27-Nov-26 09:01:00 GMT", now: now) == .seconds(60))
        #expect(RetryAfter.wait("Fri Nov 27 09:02:00 2026", now: now) == .seconds(120))
    }

    @Test func everyWaitAServerMaySendIsTakenAsItIs() {
        // A two-day lock (a server allows 7) and a budget's 31-day window.
        #expect(RetryAfter.wait("172800", now: now) == .seconds(172_800))
        #expect(RetryAfter.wait("2678400", now: now) == .seconds(2_678_400))
    }

    @Test func aHugeWaitIsTheLongestAServerMaySend() {
        #expect(RetryAfter.wait("99999999999999999999999", now: now) == .seconds(2_678_400))
        #expect(RetryAfter.wait("Fri, 27 Nov 2099 09:00:00 GMT", now: now) == .seconds(2_678_400))
    }

    @Test func anythingElseIsNoWait() {
        for value in ["", "soon", "-5", "4.5", "Fri, 32 Nov 2026 09:00:00 GMT", "٤٢"] {
            #expect(RetryAfter.wait(value, now: now) == nil, "\(value)")
        }
    }
}
