/// A clock whose time is another clock's time divided by `scale`: with a scale of 0.01 it runs
/// 100 times as fast, and a 60 s countdown takes 0.6 s of the base clock's time, yet every
/// timer, tick and instant on it reads in its own (script) time, starting at zero.
///
/// It has its own timer queue, woken by one one-shot on the base clock, so every timer
/// rule is the same as on any clock, and callbacks run on the base clock's serial context.
/// When the base clock shuts down, so does this one: its timers are cancelled, and one added
/// later ends at once, cancelled.
/// Used by linemode to run scripts on the real clocks quickly with the same transcript.
public final class ScaledClock: TimerClock {
    /// The timers of this clock, in its own (scaled) time.
    public let timerQueue: TimerQueue
    private let backend: ScaledBackend

    /// A clock whose time is `base`'s time divided by `scale` (0.01 makes a minute last 0.6 s
    /// of `base`'s), at instant zero now.
    /// - Throws: ``TimerError/invalidTimeScale(_:)`` unless 0.0001 ≤ scale ≤ 10000.
    public init(base: any TimerClock, scale: Double) throws(TimerError) {
        guard scale.isFinite, scale >= 0.000_1, scale <= 10_000 else { throw .invalidTimeScale(scale) }
        let backend = ScaledBackend(base: base, scale: scale)
        self.backend = backend
        timerQueue = TimerQueue(
            backend: backend, storage: TimerStorage(), backendIsShutDown: { [base] in base.timerQueue.isShutDown })
    }

    deinit {
        timerQueue.cancelAll()
        backend.wake(at: nil)
    }

    /// How many seconds of the base clock one second of this clock takes.
    public var scale: Double { backend.scale }

    /// Whether the caller is on the base clock's context, where this clock's callbacks run.
    public var isOnContext: Bool { backend.base.isOnContext }

    /// Stops this clock for good (see ``TimerClock/shutdown()``); its base runs on.
    public func shutdown() {
        timerQueue.shutdown()
    }

    /// Cancels a task of ``startTask(_:)`` as its base clock does.
    package func cancelStartedTask(_ task: Task<Void, Never>) {
        backend.base.cancel(startedTask: task)
    }

    /// A task of the base clock's (``VirtualClock/startTask(_:)`` on a virtual base).
    @discardableResult
    public func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        backend.base.startTask(operation)
    }
}

/// Maps this clock's instants to the base clock's and back, and keeps one one-shot there.
///
/// The mapping is exact integer arithmetic on the scale as a number of trillionths (so 0.01,
/// 0.05 or 0.5 are exact, and any scale is within 10^-8 of the one given): floating point would
/// drop the last nanoseconds of instants past 2^53 ns (104 days), and a wake-up that finds its
/// timer one nanosecond short would be re-armed at once, for ever.
final class ScaledBackend: TimerBackend, Sendable {
    private struct State {
        var wakeUp: TimerHandle?
        var runner: TimerRunner?
        /// While `wake(at:)` makes the base's one-shot, under this clock's queue lock.
        var isArming = false
    }

    let scale: Double
    let base: any TimerClock
    private let origin: TimerInstant
    /// `scale` in trillionths, rounded: base nanoseconds per ``denominator`` of this clock's.
    private let numerator: UInt64
    private static let denominator: UInt64 = 1_000_000_000_000
    private let state = Locked(State())

    init(base: any TimerClock, scale: Double) {
        self.base = base
        self.scale = scale
        numerator = UInt64((scale * Double(Self.denominator)).rounded())
        origin = base.now
    }

    func attach(_ runner: TimerRunner) {
        state.withLock { $0.runner = runner }
    }

    /// This clock's time: the base clock's time since the origin, divided by the scale,
    /// rounded down (so a wake-up never finds its timer not yet due, see `wake(at:)`), and
    /// `.max` once past what an instant holds.
    var now: TimerInstant {
        let elapsed = UInt64(max(0, base.now.nanoseconds.saturatingSubtract(origin.nanoseconds)))
        let product = elapsed.multipliedFullWidth(by: Self.denominator)
        guard product.high < numerator else { return TimerInstant(nanoseconds: .max) }
        let (quotient, _) = numerator.dividingFullWidth(product)
        return TimerInstant(nanoseconds: quotient > UInt64(Int64.max) ? .max : Int64(quotient))
    }

    /// The base clock's nanoseconds since the origin at which this clock reaches `instant`
    /// (rounded up), or nil when that is past what an instant holds.
    private func baseOffset(of instant: Int64) -> Int64? {
        let product = UInt64(max(0, instant)).multipliedFullWidth(by: numerator)
        guard product.high < Self.denominator else { return nil }
        let (quotient, remainder) = Self.denominator.dividingFullWidth(product)
        let (offset, overflow) = quotient.addingReportingOverflow(remainder == 0 ? 0 : 1)
        guard !overflow, offset <= UInt64(Int64.max) else { return nil }
        return Int64(offset)
    }

    func wake(at instant: TimerInstant?) {
        var replaced: TimerHandle?
        defer { replaced?.cancel() }
        // An instant the base clock never reaches (the end of the range, a fast scale) needs
        // no wake-up: the timer stays pending, as on a clock whose time never gets there.
        guard let instant, let offset = baseOffset(of: instant.nanoseconds),
            origin.nanoseconds <= Int64.max - offset
        else {
            replaced = state.withLock { state in
                defer { state.wakeUp = nil }
                return state.wakeUp
            }
            return
        }
        let deadline = TimerInstant(nanoseconds: origin.nanoseconds + offset)
        // From the base's logical now: inside a base callback a new one-shot counts from that
        // callback's scheduled instant, so measuring from `now` would wake it early.
        let delay = max(.zero, deadline - base.logicalNow)
        state.withLock { $0.isArming = true }
        let handle = armBase(after: delay)
        replaced = state.withLock { state in
            state.isArming = false
            defer { state.wakeUp = handle }
            return state.wakeUp
        }
    }

    /// The base's one-shot that runs this clock's due timers `delay` from now. Its callback
    /// holds a guard: released when the base cancels it because it shut down, the guard shuts
    /// this clock down too (its callbacks run on the base's context, which is gone). A base
    /// that already shut down releases it before this returns, while `isArming` holds.
    private func armBase(after delay: Duration) -> TimerHandle? {
        let baseShutDown = OnRelease { [weak self] in self?.shutDownIfBaseDid() }
        // `delay` is at least zero and a saturated instant difference, so within the timer
        // range: `oneShot(after:)` cannot refuse it.
        return try? base.oneShot(after: delay) { [weak self] _ in
            withExtendedLifetime(baseShutDown) {
                guard let self, let runner = self.state.withLock({ $0.runner }) else { return }
                runner.runDue()
            }
        }
    }

    /// Shuts this clock's queue down once its base has shut down; not while `wake(at:)` runs
    /// (under this queue's lock): timers added from then on are refused by the queue itself.
    private func shutDownIfBaseDid() {
        guard base.timerQueue.isShutDown, let runner = state.withLock({ $0.isArming ? nil : $0.runner }) else { return }
        runner.shutdown()
    }
}
