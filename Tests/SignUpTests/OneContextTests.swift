import Dispatch
import Hourglass
import HourglassDispatch
import Observation
import SignUp
import TestSupport
import Testing

/// An app's service: async, and answering on a global concurrent queue, as a URLSession does.
struct GlobalQueueService: VerificationService {
    static let code = "246810"

    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        await Self.onGlobalQueue { CodeReceipt() }
    }

    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        let right = code.revealed == Self.code
        guard await Self.onGlobalQueue({ right }) else { throw CodeCheckError.wrongCode(attemptsLeft: 4) }
        return VerificationProof(token: Secret("proof"))
    }

    func register(_ request: RegistrationRequest) async throws {
        await Self.onGlobalQueue {}
    }

    private static func onGlobalQueue<Value: Sendable>(_ value: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: value()) }
        }
    }
}

/// Counts callbacks made on the queue that stands for the main queue, and those made off it.
final class QueueCheck: Sendable {
    let queue = DispatchQueue(label: "stands-for-main")
    private let key = DispatchSpecificKey<Int>()
    private let counts = Locked<(on: Int, off: Int)>((0, 0))

    init() { queue.setSpecific(key: key, value: 1) }

    func record() {
        let on = DispatchQueue.getSpecific(key: key) == 1
        counts.withLock { counts in
            if on { counts.on += 1 } else { counts.off += 1 }
        }
    }

    var onQueue: Int { counts.withLock { $0.on } }
    var offQueue: Int { counts.withLock { $0.off } }
}

@Suite("One context: every change on the clock's context")
struct OneContextTests {
    /// The limit catches a hang, not slowness: the 1 000 flows take about 15 s, and about 80 s
    /// under ThreadSanitizer on a 2-core machine (tools/stress).
    @available(HourglassObservation, *)
    @Test(
        "1 000 registrations, replies on a global queue: every notification on the clock's queue",
        .timeLimit(.minutes(5)))
    func everyNotificationOnTheClocksQueue() async {
        let check = QueueCheck()
        let clock = DispatchClock(queue: check.queue)
        var observations = 0
        for _ in 0..<1_000 {
            let (screens, continuation) = AsyncStream.makeStream(of: RegistrationScreen.self)
            let model = RegistrationViewModel(
                clock: clock, service: GlobalQueueService(),
                onChange: { screen in
                    check.record()
                    continuation.yield(screen)
                },
                onAnnouncement: { _ in check.record() })
            let observed = Locked(0)
            Self.observe(model, check, observed)
            var changes = screens.makeAsyncIterator()
            // Inputs from this task, off the clock's queue: they are handed to it.
            model.verification.setDestination("new@example.com")
            model.verification.tapSend()
            while let screen = await changes.next(), screen.account.code.isEnabled == false {}
            model.verification.setCode(GlobalQueueService.code)
            while let screen = await changes.next(), !screen.account.isVerified {}
            model.setPassword("correct horse battery")
            model.setConfirmation("correct horse battery")
            model.toggleTerms()
            model.tapSubmit()
            while let screen = await changes.next(), screen.message == nil {}
            #expect(model.screen.message == "Account created")
            continuation.finish()
            observations += observed.withLock { $0 }
        }
        #expect(check.offQueue == 0)
        // Per flow at least: 2 request phases, 2 check phases, 4 form edits, 2 submission phases.
        #expect(check.onQueue >= 10_000)
        #expect(observations >= 10_000)
        clock.shutdown()
    }

    /// Records every Observation notification of the form and the account's state, re-arming
    /// the tracking each time.
    @available(HourglassObservation, *)
    private static func observe(_ model: RegistrationViewModel, _ check: QueueCheck, _ count: Locked<Int>) {
        withObservationTracking {
            _ = model.form
            _ = model.verification.state
        } onChange: { [weak model] in
            check.record()
            count.withLock { $0 += 1 }
            if let model { observe(model, check, count) }
        }
    }

    @available(HourglassObservation, *)
    @Test(
        "on the clock's context an input is applied at once; from elsewhere it waits for the context",
        .timeLimit(.minutes(1)))
    func inputsOnAndOffContext() async {
        let check = QueueCheck()
        let clock = DispatchClock(queue: check.queue)
        let (changes, continuation) = AsyncStream.makeStream(of: VerificationState.self)
        let model = VerificationViewModel(
            clock: clock, service: GlobalQueueService(),
            onChange: { state in
                check.record()
                continuation.yield(state)
            })
        let appliedAtOnce = check.queue.sync {
            model.setDestination("new@example.com")
            return model.state.destinationText
        }
        #expect(appliedAtOnce == "new@example.com")
        let whileBusy = check.queue.sync {
            // The queue runs this block: an input from another thread cannot be applied meanwhile.
            let sent = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                model.setDestination("other@example.com")
                sent.signal()
            }
            sent.wait()
            return model.state.destinationText
        }
        #expect(whileBusy == "new@example.com")
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next()?.destinationText == "new@example.com")
        #expect(await iterator.next()?.destinationText == "other@example.com")
        #expect(check.offQueue == 0)
        continuation.finish()
        clock.shutdown()
    }
}
