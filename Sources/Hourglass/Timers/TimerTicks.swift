/// The fires of a repeating timer as an `AsyncSequence`; see ``TimerClock/ticks(every:policy:)``.
public struct TimerTicks: AsyncSequence, Sendable {
    /// Each fire of the repeating timer.
    public typealias Element = TimerFire

    let clock: any TimerClock
    let interval: Duration
    let policy: MissedTickPolicy

    /// Starts this iteration's timer.
    public func makeAsyncIterator() -> Iterator {
        Iterator(feed: TickFeed(clock: clock, interval: interval, policy: policy))
    }

    /// Yields the fires; its timer is cancelled when the iterator is released.
    public struct Iterator: AsyncIteratorProtocol {
        let feed: TickFeed

        /// The next fire; nil once the timer was cancelled (by the clock too, as when it shuts down).
        public mutating func next() async -> TimerFire? {
            await feed.next()
        }
    }
}

/// Owns one iteration's timer and buffer; cancels the timer when released.
/// Not `Sendable`: like the iterator that holds it, it belongs to one task at a time.
final class TickFeed {
    private let handle: TimerHandle?
    private let stream: AsyncStream<TimerFire>
    private var iterator: AsyncStream<TimerFire>.Iterator

    init(clock: any TimerClock, interval: Duration, policy: MissedTickPolicy) {
        let (stream, continuation) = AsyncStream.makeStream(of: TimerFire.self, bufferingPolicy: .bufferingNewest(64))
        // The interval was checked by `ticks(every:)`, so this cannot fail; if it did, the
        // sequence would simply end.
        // The stream ends when the callback is released: the iterator cancelled the timer, or
        // the clock did (it shut down), so `next()` then returns nil rather than waiting for ever.
        let finishOnRelease = OnRelease { continuation.finish() }
        handle = try? clock.repeating(every: interval, policy: policy) { fire in
            withExtendedLifetime(finishOnRelease) { _ = continuation.yield(fire) }
        }
        if handle == nil { continuation.finish() }
        self.stream = stream
        iterator = stream.makeAsyncIterator()
    }

    deinit {
        handle?.cancel()
    }

    func next() async -> TimerFire? {
        await iterator.next(isolation: nil)
    }
}

/// An iterator belongs to one task at a time.
@available(*, unavailable)
extension TimerTicks.Iterator: Sendable {}
