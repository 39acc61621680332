import Foundation
public import Hourglass
public import Observation

/// The verification-code screen's runtime: feeds inputs to the pure ``VerificationState``
/// machine and performs its effects — service calls, countdowns on a `TimerClock`, the
/// saved cooldown — so that a UI only binds to ``screen`` and calls the input methods.
///
/// Isolation: every input is one transition applied under a lock, and effects are performed
/// after unlocking, so the model is race-free from any thread; timer ticks and the scripted
/// service arrive on the clock's serial context, so an app that uses
/// `DispatchClock(queue: .main)` and calls from the main thread sees every change on the main
/// thread, and linemode, driving a `LibeventClock`, sees them all on the loop's thread.
/// Observation (`@Observable`-style) tells SwiftUI when ``state`` changes.
public final class VerificationViewModel: Observable, @unchecked Sendable {
    // @unchecked Sendable: `current` and `countdowns` are only read and written under `lock`;
    // the other stored properties are immutable and Sendable.
    private let lock = NSLock()
    private var current: VerificationState
    private var countdowns: [VerificationCountdown: TimerHandle] = [:]
    private let registrar = ObservationRegistrar()
    private let clock: any TimerClock
    private let service: any VerificationService
    private let store: any CooldownStore
    private let wallClock: any WallClock
    private let onChange: (@Sendable (VerificationState) -> Void)?
    private let onAnnouncement: (@Sendable (String) -> Void)?

    /// Creates the screen's model and restores a saved cooldown from `store`.
    /// - Parameters:
    ///   - onChange: called after each change, with the new state, on the thread that made it.
    ///   - onAnnouncement: called with each text for assistive technologies.
    public init(
        config: VerificationConfig = VerificationConfig(), clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore = InMemoryCooldownStore(), wallClock: any WallClock = SystemWallClock(),
        onChange: (@Sendable (VerificationState) -> Void)? = nil,
        onAnnouncement: (@Sendable (String) -> Void)? = nil
    ) {
        current = VerificationState(config: config, now: clock.logicalNow)
        self.clock = clock
        self.service = service
        self.store = store
        self.wallClock = wallClock
        self.onChange = onChange
        self.onAnnouncement = onAnnouncement
        restoreSaved()
    }

    deinit {
        for handle in countdowns.values { handle.cancel() }
    }

    /// The whole state.
    public var state: VerificationState {
        registrar.access(self, keyPath: \.state)
        return lock.withLock { current }
    }

    /// What the screen shows.
    public var screen: VerificationScreen { VerificationScreen(state) }

    /// The destination field changed.
    public func setDestination(_ text: String) { handle(.destinationChanged(text)) }
    /// The send button was tapped.
    public func tapSend() { handle(.sendTapped) }
    /// The code field changed; a complete code is checked at once.
    public func setCode(_ text: String) { handle(.codeChanged(text)) }
    /// The verify button was tapped.
    public func tapVerify() { handle(.verifyTapped) }

    /// Applies `event`, which happened at `now`, and performs its effects. By default `now` is
    /// the clock's `logicalNow`: inside a timer callback (a service reply, a tick) the instant
    /// it was scheduled for, so what the screen shows never depends on how late a clock fired.
    public func handle(_ event: VerificationEvent, at now: TimerInstant? = nil) {
        let instant = now ?? clock.logicalNow
        var changed: VerificationState?
        let effects = registrar.withMutation(of: self, keyPath: \.state) {
            lock.withLock {
                let before = current
                let effects = current.apply(event, at: instant)
                if current != before { changed = current }
                return effects
            }
        }
        if let changed { onChange?(changed) }
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: VerificationEffect) {
        switch effect {
        case .requestCode(let destination):
            service.requestCode(to: destination) { [weak self] result in self?.handle(.codeRequestFinished(result)) }
        case .checkCode(let code, let destination):
            service.verify(code: code, for: destination) { [weak self] result in self?.handle(.codeCheckFinished(result)) }
        case .startCountdown(let countdown, let end):
            startCountdown(countdown, until: end)
        case .stopCountdown(let countdown):
            lock.withLock { countdowns.removeValue(forKey: countdown) }?.cancel()
        case .save(let snapshot):
            do { try store.save(SavedCooldown(snapshot, wallNow: wallClock.now)) } catch {
                handle(.storeFailed(error.description))
            }
        case .clearSaved:
            do { try store.clear() } catch { handle(.storeFailed(error.description)) }
        case .announce(let announcement):
            onAnnouncement?(SignUpText(lock.withLock { current.config.language }).announcement(announcement))
        }
    }

    /// One countdown per kind: a new one replaces the old. Ticks carry their scheduled
    /// instant, so the text shown never depends on how late a real clock fired.
    private func startCountdown(_ countdown: VerificationCountdown, until end: TimerInstant) {
        let tick: Duration = countdown == .sendLimit ? .seconds(60) : .seconds(1)
        let handle = try? clock.countdown(until: end, tick: tick, onTick: { [weak self] tick in
            self?.handle(.tick(countdown), at: tick.scheduled)
        }, onFinish: {})
        let replaced = lock.withLock { () -> TimerHandle? in
            defer { countdowns[countdown] = handle }
            return countdowns[countdown]
        }
        replaced?.cancel()
    }

    private func restoreSaved() {
        let saved: SavedCooldown?
        do { saved = try store.load() } catch {
            handle(.storeFailed(error.description))
            return
        }
        guard let saved else { return }
        do {
            handle(.restored(try saved.snapshot(at: wallClock.now)))
        } catch {
            handle(.storeFailed(SignUpText(current.config.language).savedCooldownInvalid(error)))
        }
    }
}
