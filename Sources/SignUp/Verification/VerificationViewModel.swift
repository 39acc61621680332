import Foundation
public import Hourglass
public import Observation

/// The verification-code screen's runtime: feeds inputs to the pure ``VerificationState``
/// machine and performs its effects — service calls, countdowns on a `TimerClock`, the
/// saved cooldown — so that a UI only binds to ``screen`` and calls the input methods.
///
/// One context: every change of ``state``, every `onChange`, announcement and Observation
/// notification happens on the clock's serial context. An input called there (a tap on the
/// main thread with `DispatchClock(queue: .main)`, a step of linemode in a callback) is
/// applied at once, so the UI reads its effect right away; one called from anywhere else is
/// handed to the context first, as a one-shot at the clock's now. Service replies are always
/// handed to the context: an app that uses `DispatchClock(queue: .main)` sees every change on
/// the main thread, whatever queue its `URLSession` answers on.
///
/// It is `Sendable`, so a `@MainActor` view can hold it and read ``screen`` from any isolation;
/// reads take a lock and return a consistent value.
/// It is `Observable` where the system has Observation (macOS 14, iOS 17 and later, Linux); on
/// older systems `onChange` tells every change.
public final class VerificationViewModel: @unchecked Sendable {
    // @unchecked Sendable: `current` and `countdowns` are only read and written under `lock`;
    // `calls` is Sendable; the other stored properties are immutable and Sendable.
    private let lock = NSLock()
    private var current: VerificationState
    private var countdowns: [VerificationCountdown: TimerHandle] = [:]
    private let observation = ObservationSupport()
    private let calls = ServiceCalls<VerificationCall>()
    private let clock: any TimerClock
    private let service: any VerificationService
    private let store: any CooldownStore
    private let wallClock: any WallClock
    private let onChange: (@Sendable (VerificationState) -> Void)?
    private let onAnnouncement: (@Sendable (String) -> Void)?
    private let onStoreProblem: (@Sendable (any Error) -> Void)?
    /// The effects of restoring a saved cooldown, performed once the model (and its owner) is built.
    private var restoreEffects: [VerificationEffect]

    /// Creates the screen's model and restores a saved cooldown from `store`: ``state`` shows
    /// it at once, and its countdowns start once the model is fully built.
    /// - Parameters:
    ///   - config: the cooldown, code length, send limit and language.
    ///   - clock: where countdowns run and every change happens (its serial context).
    ///   - service: the app's server calls; each runs in a task the model owns.
    ///   - store: where the resend cooldown is kept across restarts.
    ///   - wallClock: the wall-clock time the saved cooldown is stamped with.
    ///   - onChange: called after each change, with the new state, on the clock's context.
    ///   - onAnnouncement: called with each text for assistive technologies, on the clock's context.
    ///   - onStoreProblem: told the error — with its path and the system's reason, for the app's
    ///     log — whenever the cooldown cannot be restored or saved; the screen shows a
    ///     ``CooldownStoreProblem`` in its own language, without the detail.
    public convenience init(
        config: VerificationConfig = VerificationConfig(), clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore = InMemoryCooldownStore(), wallClock: any WallClock = SystemWallClock(),
        onChange: (@Sendable (VerificationState) -> Void)? = nil,
        onAnnouncement: (@Sendable (String) -> Void)? = nil,
        onStoreProblem: (@Sendable (any Error) -> Void)? = nil
    ) {
        self.init(
            config: config, clock: clock, service: service, store: store, wallClock: wallClock,
            onChange: onChange, onAnnouncement: onAnnouncement, onStoreProblem: onStoreProblem, startsRestored: true)
    }

    /// With `startsRestored` false the restored countdowns wait for ``startRestored()``: an
    /// owner calls it once it is built itself, so that no tick can reach it half-made.
    init(
        config: VerificationConfig, clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore, wallClock: any WallClock,
        onChange: (@Sendable (VerificationState) -> Void)?, onAnnouncement: (@Sendable (String) -> Void)?,
        onStoreProblem: (@Sendable (any Error) -> Void)?, startsRestored: Bool
    ) {
        var initial = VerificationState(config: config, now: clock.logicalNow)
        restoreEffects =
            Self.restoreEvent(store: store, wallClock: wallClock, config: config) { onStoreProblem?($0) }
            .map { initial.apply($0, at: initial.now) } ?? []
        self.onStoreProblem = onStoreProblem
        current = initial
        self.clock = clock
        self.service = service
        self.store = store
        self.wallClock = wallClock
        self.onChange = onChange
        self.onAnnouncement = onAnnouncement
        if startsRestored { startRestored() }
    }

    deinit {
        calls.cancelAll()
        for handle in countdowns.values { handle.cancel() }
    }

    /// The whole state.
    public var state: VerificationState {
        if #available(HourglassObservation , *) { observation.access(self, keyPath: \.state) }
        return lock.withLock { current }
    }

    /// What the screen shows.
    public var screen: VerificationScreen { VerificationScreen(state) }

    /// The destination field changed.
    public func setDestination(_ text: String) { input(.destinationChanged(text)) }
    /// The send button was tapped.
    public func tapSend() { input(.sendTapped) }
    /// The code field changed; a complete code is checked at once.
    public func setCode(_ text: String) { input(.codeChanged(text)) }
    /// The verify button was tapped.
    public func tapVerify() { input(.verifyTapped) }

    /// Starts the restored cooldown's countdowns; once only.
    func startRestored() {
        let effects = lock.withLock { () -> [VerificationEffect] in
            defer { restoreEffects = [] }
            return restoreEffects
        }
        for effect in effects { perform(effect) }
    }

    /// An input: applied now on the clock's context, else handed to it.
    private func input(_ event: VerificationEvent) {
        if clock.isOnContext {
            handle(event)
        } else {
            clock.perform { [weak self] in self?.handle(event) }
        }
    }

    /// Applies `event`, which happened at `now`, and performs its effects; on the clock's
    /// context only. By default `now` is the clock's `logicalNow`: inside a timer callback (a
    /// service reply, a tick) the instant it was scheduled for, so what the screen shows never
    /// depends on how late a clock fired.
    func handle(_ event: VerificationEvent, at now: TimerInstant? = nil) {
        let instant = now ?? clock.logicalNow
        let (effects, changed): ([VerificationEffect], VerificationState?)
        if #available(HourglassObservation , *) {
            (effects, changed) = observation.withMutation(of: self, keyPath: \.state) {
                applyToState(event, at: instant)
            }
        } else {
            (effects, changed) = applyToState(event, at: instant)
        }
        if let changed { onChange?(changed) }
        for effect in effects { perform(effect) }
    }

    /// Applies `event` to ``state`` under the lock; returns the effects, and the new state when
    /// it changed.
    private func applyToState(
        _ event: VerificationEvent, at instant: TimerInstant
    ) -> ([VerificationEffect], VerificationState?) {
        lock.withLock {
            let before = current
            let effects = current.apply(event, at: instant)
            return (effects, current != before ? current : nil)
        }
    }

    private func perform(_ effect: VerificationEffect) {
        switch effect {
        case .requestCode(let destination):
            requestCode(to: destination)
        case .checkCode(let code, let destination):
            checkCode(code, for: destination)
        case .startCountdown(let countdown, let end):
            startCountdown(countdown, until: end)
        case .stopCountdown(let countdown):
            lock.withLock { countdowns.removeValue(forKey: countdown) }?.cancel()
        case .save(let snapshot):
            do { try store.save(SavedCooldown(snapshot, wallNow: wallClock.now)) } catch {
                onStoreProblem?(error)
                handle(.storeFailed(.notSaved))
            }
        case .clearSaved:
            do { try store.clear() } catch {
                onStoreProblem?(error)
                handle(.storeFailed(.notSaved))
            }
        case .announce(let announcement):
            onAnnouncement?(lock.withLock { current.config.language }.strings.announcement(announcement))
        }
    }

    private func requestCode(to destination: Destination) {
        let call = calls.begin(.codeRequest)
        if let service = service as? any ClockDrivenVerificationService {
            service.requestCode(to: destination) { [weak self] result in
                self?.reply(call, .codeRequestFinished(result))
            }
            return
        }
        let service = service
        calls.run(call, on: clock) { [weak self] in
            let result: Result<CodeReceipt, CodeRequestError>
            do {
                result = .success(try await service.requestCode(to: destination))
            } catch {
                guard !Task.isCancelled else { return }
                result = .failure(error as? CodeRequestError ?? .network)
            }
            self?.replyFromTask(call, .codeRequestFinished(result))
        }
    }

    private func checkCode(_ code: Secret, for destination: Destination) {
        let call = calls.begin(.codeCheck)
        if let service = service as? any ClockDrivenVerificationService {
            service.verify(code: code, for: destination) { [weak self] result in
                self?.reply(call, .codeCheckFinished(result))
            }
            return
        }
        let service = service
        calls.run(call, on: clock) { [weak self] in
            let result: Result<VerificationProof, CodeCheckError>
            do {
                result = .success(try await service.verify(code: code, for: destination))
            } catch {
                guard !Task.isCancelled else { return }
                result = .failure(error as? CodeCheckError ?? .network)
            }
            self?.replyFromTask(call, .codeCheckFinished(result))
        }
    }

    /// A reply from a task, on whatever thread it finished: always handed to the context.
    private func replyFromTask(_ call: ServiceCalls<VerificationCall>.Call, _ event: VerificationEvent) {
        clock.perform { [weak self] in self?.apply(call, event) }
    }

    /// A reply from a clock-driven service: applied at once on the context (the service's
    /// timer callback), else handed to it.
    private func reply(_ call: ServiceCalls<VerificationCall>.Call, _ event: VerificationEvent) {
        if clock.isOnContext {
            apply(call, event)
        } else {
            clock.perform { [weak self] in self?.apply(call, event) }
        }
    }

    /// Applies a reply unless a newer call of its kind superseded it.
    private func apply(_ call: ServiceCalls<VerificationCall>.Call, _ event: VerificationEvent) {
        guard calls.finish(call) else { return }
        handle(event)
    }

    /// One countdown per kind: a new one replaces the old. Ticks carry their scheduled
    /// instant, so the text shown never depends on how late a real clock fired.
    private func startCountdown(_ countdown: VerificationCountdown, until end: TimerInstant) {
        let tick: Duration = countdown == .sendLimit ? .seconds(60) : .seconds(1)
        let handle = try? clock.countdown(
            until: end, tick: tick,
            onTick: { [weak self] tick in
                self?.handle(.tick(countdown), at: tick.scheduled)
            }, onFinish: {})
        let replaced = lock.withLock { () -> TimerHandle? in
            defer { countdowns[countdown] = handle }
            return countdowns[countdown]
        }
        replaced?.cancel()
    }

    /// The event that restores the saved cooldown, if any; a store problem becomes a notice.
    /// A sign-up left with nothing running (no cooldown, the code expired, every send out of
    /// the send window) is over: it is removed from the store, not shown at every launch.
    private static func restoreEvent(
        store: any CooldownStore, wallClock: any WallClock, config: VerificationConfig,
        report: (any Error) -> Void
    ) -> VerificationEvent? {
        let saved: SavedCooldown?
        do { saved = try store.load() } catch {
            report(error)
            return .storeFailed(.notRestored)
        }
        guard let saved else { return nil }
        let snapshot: CooldownSnapshot
        do { snapshot = try saved.snapshot(at: wallClock.now) } catch {
            report(error)
            return .storeFailed(.notRestored)
        }
        let isOver =
            snapshot.cooldownLeft == .zero && snapshot.codeLeft == .zero
            && snapshot.sendAges.allSatisfy { $0 >= config.sendWindow }
        guard isOver else { return .restored(snapshot) }
        do { try store.clear() } catch {
            report(error)
            return .storeFailed(.notSaved)
        }
        return nil
    }
}

/// The kinds of service call the verification screen makes.
enum VerificationCall: Hashable, Sendable {
    case codeRequest
    case codeCheck
}

@available(HourglassObservation, *)
extension VerificationViewModel: Observable {}
