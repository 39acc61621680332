/// A clock whose time runs `scale` times as fast as real time on another clock: with a
/// scale of 0.01 a 60 s countdown takes 0.6 s of real time, yet every timer, tick and
/// instant on it reads in its own (script) time, starting at zero.
///
/// It has its own timer queue, woken by one one-shot on the base clock, so every timer
/// rule is the same as on any clock, and callbacks run on the base clock's serial context.
/// Used by linemode to run scripts on the real clocks quickly with the same transcript.
public final class ScaledClock: TimerClock {
    /// The timers of this clock, in its own (scaled) time.
    public let timerQueue: TimerQueue
    private let backend: ScaledBackend

    /// A clock running `scale` times as fast as real time on `base` (0.01 makes a minute last
    /// 0.6 s), at instant zero now.
    /// - Throws: ``TimerError/invalidTimeScale(_:)`` unless 0.0001 ≤ scale ≤ 10000.
    public init(base: any TimerClock, scale: Double) throws(TimerError) {
        guard scale.isFinite, scale >= 0.000_1, scale <= 10_000 else { throw .invalidTimeScale(scale) }
        backend = ScaledBackend(base: base, scale: scale)
        timerQueue = TimerQueue(backend: backend)
    }

    deinit {
        timerQueue.cancelAll()
        backend.wake(at: nil)
    }

    /// How many seconds of the base clock one second of this clock takes.
    public var scale: Double { backend.scale }

    /// Whether the caller is on the base clock's context, where this clock's callbacks run.
    public var isOnContext: Bool { backend.base.isOnContext }
}

/// Maps this clock's instants to the base clock's and back, and keeps one one-shot there.
final class ScaledBackend: TimerBackend, @unchecked Sendable {
    // @unchecked Sendable: `wakeUp` and `runner` are only read and written under `lock`;
    // the other fields are immutable.
    let scale: Double
    let base: any TimerClock
    private let origin: TimerInstant
    private let lock = Lock()
    private var wakeUp: TimerHandle?
    private var runner: TimerRunner?

    init(base: any TimerClock, scale: Double) {
        self.base = base
        self.scale = scale
        origin = base.now
    }

    func attach(_ runner: TimerRunner) {
        lock.withLock { self.runner = runner }
    }

    /// This clock's time: the base clock's time since the origin, divided by the scale,
    /// rounded down (so a wake-up never finds its timer not yet due, see `wake(at:)`).
    var now: TimerInstant {
        let elapsed = base.now.nanoseconds.saturatingSubtract(origin.nanoseconds)
        return TimerInstant(nanoseconds: Self.clampedInt64((Double(elapsed) / scale).rounded(.down)))
    }

    /// `value` as an Int64, clamped to ±9.2e18 instead of trapping (far-future instants and
    /// tiny scales leave the range).
    static func clampedInt64(_ value: Double) -> Int64 {
        Int64(max(-9.2e18, min(9.2e18, value)))
    }

    func wake(at instant: TimerInstant?) {
        var replaced: TimerHandle?
        defer { replaced?.cancel() }
        guard let instant else {
            replaced = lock.withLock {
                defer { wakeUp = nil }
                return wakeUp
            }
            return
        }
        // Rounded up, and one nanosecond more if floating point still reads it early: `now`
        // read at that base instant is at least `instant`, so the wake-up finds its timer due.
        var baseNanoseconds = Self.clampedInt64((Double(instant.nanoseconds) * scale).rounded(.up))
        if (Double(baseNanoseconds) / scale).rounded(.down) < Double(instant.nanoseconds), baseNanoseconds < .max {
            baseNanoseconds += 1
        }
        let deadline = origin + .nanoseconds(baseNanoseconds)
        let delay = max(.zero, deadline - base.now)
        // `delay` is at least zero and a saturated instant difference, so within the timer
        // range: `oneShot(after:)` cannot refuse it.
        let handle = try? base.oneShot(after: delay) { [weak self] _ in
            guard let self, let runner = lock.withLock({ self.runner }) else { return }
            runner.runDue()
        }
        replaced = lock.withLock {
            defer { wakeUp = handle }
            return wakeUp
        }
    }
}
