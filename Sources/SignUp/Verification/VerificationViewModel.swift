import Foundation
public import Hourglass
public import Observation
public import PhoneNumbers

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
public final class VerificationViewModel: Sendable {
    /// The state, its changes and the service calls.
    let runtime: ModelRuntime<VerificationState, VerificationCall>
    private let countdowns = Locked<[VerificationCountdown: TimerHandle]>([:])
    private let service: any VerificationService
    private let store: any CooldownStore
    private let wallClock: any WallClock
    private let onAnnouncement: (@Sendable (String) -> Void)?
    private let onStoreProblem: (@Sendable (CooldownStoreError) -> Void)?
    /// The effects of restoring a saved cooldown, performed once the model (and its owner) is built.
    private let restoreEffects: Locked<[VerificationEffect]>

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
    ///   - onServiceFailure: told every service call that failed (a code request, a check: no
    ///     connection, a timeout, a 5xx, an answer outside the contract) with the error as the
    ///     service threw it, on the clock's context: the original of what the screen shows as
    ///     `.network` or `.serviceUnavailable`, for the app's log. A server's refusal (a wrong
    ///     code, a 429) is no failure and is not told.
    public convenience init(
        config: VerificationConfig = VerificationConfig(), clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore = InMemoryCooldownStore(), wallClock: any WallClock = SystemWallClock(),
        onChange: (@Sendable (VerificationState) -> Void)? = nil,
        onAnnouncement: (@Sendable (String) -> Void)? = nil,
        onStoreProblem: (@Sendable (CooldownStoreError) -> Void)? = nil,
        onServiceFailure: (@Sendable (ServiceFailure) -> Void)? = nil
    ) {
        self.init(
            config: config, clock: clock, service: service, store: store, wallClock: wallClock,
            onChange: onChange, onAnnouncement: onAnnouncement, onStoreProblem: onStoreProblem,
            onServiceFailure: onServiceFailure, startsRestored: true)
    }

    /// With `startsRestored` false the restored countdowns wait for ``startRestored()``: an
    /// owner calls it once it is built itself, so that no tick can reach it half-made.
    init(
        config: VerificationConfig, clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore, wallClock: any WallClock,
        onChange: (@Sendable (VerificationState) -> Void)?, onAnnouncement: (@Sendable (String) -> Void)?,
        onStoreProblem: (@Sendable (CooldownStoreError) -> Void)?,
        onServiceFailure: (@Sendable (ServiceFailure) -> Void)?, startsRestored: Bool
    ) {
        var initial = VerificationState(config: config, now: clock.logicalNow)
        restoreEffects = Locked(
            Self.restoreEvent(store: store, wallClock: wallClock, config: config) { onStoreProblem?($0) }
                .map { initial.apply($0, at: initial.now) } ?? [])
        self.onStoreProblem = onStoreProblem
        runtime = ModelRuntime(initial, clock: clock)
        self.service = service
        self.store = store
        self.wallClock = wallClock
        self.onAnnouncement = onAnnouncement
        if let onChange { runtime.listen(onChange) }
        if let onServiceFailure {
            runtime.report { call, error in
                onServiceFailure(ServiceFailure(call: call == .codeRequest ? .requestCode : .verify, error: error))
            }
        }
        runtime.perform(effectsWith: { [weak self] effect in self?.perform(effect) })
        if startsRestored { startRestored() }
    }

    deinit {
        for handle in countdowns.withLock({ $0.values }) { handle.cancel() }
    }

    /// The whole state.
    public var state: VerificationState { runtime.value }

    /// The state, read for the models' own work: Observation does not track it.
    var untrackedState: VerificationState { runtime.untrackedValue }

    /// What the screen shows.
    public var screen: VerificationScreen { VerificationScreen(state) }

    /// The destination field changed.
    public func setDestination(_ text: String) { runtime.input { .destinationChanged(text) } }
    /// The region picker's search changed (``VerificationScreen/regionMatches`` shows what it
    /// finds).
    public func setRegionSearch(_ text: String) { runtime.input { .regionSearchChanged(text) } }
    /// A region was chosen in the picker.
    public func chooseRegion(_ region: PhoneRegion) { runtime.input { .regionChosen(region) } }
    /// The send button was tapped.
    public func tapSend() { runtime.input { .sendTapped } }
    /// The call button ("Call me") was tapped.
    public func tapCall() { runtime.input { .callTapped } }
    /// The code field changed; a complete code is checked at once.
    public func setCode(_ text: String) { runtime.input { .codeChanged(text) } }
    /// The verify button was tapped.
    public func tapVerify() { runtime.input { .verifyTapped } }

    /// Starts the restored cooldown's countdowns; once only.
    func startRestored() {
        let effects = restoreEffects.withLock { effects in
            defer { effects = [] }
            return effects
        }
        for effect in effects { perform(effect) }
    }

    /// Applies `event`, which happened at `now` (by default the clock's `logicalNow`), and
    /// performs its effects; on the clock's context only.
    func handle(_ event: VerificationEvent, at now: TimerInstant? = nil) {
        runtime.handle(event, at: now)
    }

    private func perform(_ effect: VerificationEffect) {
        switch effect {
        case .requestCode(let destination):
            runtime.call(.codeRequest, .requestCode(to: destination, from: service)) { .codeRequestFinished($0) }
        case .requestCall(let destination):
            runtime.call(.codeRequest, .requestCode(to: destination, by: .voice, from: service)) {
                .codeRequestFinished($0)
            }
        case .checkCode(let code, let destination):
            runtime.call(.codeCheck, .checkCode(code, for: destination, with: service)) { .codeCheckFinished($0) }
        case .startCountdown(let countdown, let end):
            startCountdown(countdown, until: end)
        case .stopCountdown(let countdown):
            countdowns.withLock { $0.removeValue(forKey: countdown) }?.cancel()
        case .save(let snapshot):
            do throws(CooldownStoreError) { try store.save(SavedCooldown(snapshot, wallNow: wallClock.now)) } catch {
                onStoreProblem?(error)
                handle(.storeFailed(.notSaved))
            }
        case .clearSaved:
            do throws(CooldownStoreError) { try store.clear() } catch {
                onStoreProblem?(error)
                handle(.storeFailed(.notSaved))
            }
        case .announce(let announcement):
            guard let onAnnouncement else { return }
            let state = runtime.untrackedValue
            onAnnouncement(state.config.strings.announcement(announcement, in: state))
        }
    }

    /// One countdown per kind: a new one replaces the old. Ticks carry their scheduled
    /// instant, so the text shown never depends on how late a real clock fired.
    private func startCountdown(_ countdown: VerificationCountdown, until end: TimerInstant) {
        let tick: Duration = countdown == .sendLimit ? .seconds(60) : .seconds(1)
        let handle = try? runtime.clock.countdown(
            until: end, tick: tick,
            onTick: { [weak self] tick in
                self?.handle(.tick(countdown), at: tick.scheduled)
            }, onFinish: {})
        let replaced = countdowns.withLock { countdowns -> TimerHandle? in
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
        report: (CooldownStoreError) -> Void
    ) -> VerificationEvent? {
        let saved: SavedCooldown?
        do throws(CooldownStoreError) { saved = try store.load() } catch {
            report(error)
            return .storeFailed(.notRestored)
        }
        guard let saved else { return nil }
        let snapshot: CooldownSnapshot
        do throws(SavedCooldownProblem) { snapshot = try saved.snapshot(at: wallClock.now) } catch {
            report(.refused(error))
            return .storeFailed(.notRestored)
        }
        let isOver =
            snapshot.cooldownLeft == .zero && snapshot.codeLeft == .zero && snapshot.sendLimitLeft == .zero
            && snapshot.lockLeft == .zero && snapshot.sendAges.allSatisfy { $0 >= config.sendWindow }
        guard isOver else { return .restored(snapshot) }
        do throws(CooldownStoreError) { try store.clear() } catch {
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
