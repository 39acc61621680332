import Hourglass
import TestSupport
import Testing

@testable import SignUp

/// An async service whose code requests wait until the test answers them, and which sees
/// their cancellation.
final class ManualService: VerificationService {
    private struct Waiter {
        var continuation: CheckedContinuation<CodeReceipt, any Error>?
        var cancelled = false
    }

    private let waiters = Locked<[Int: Waiter]>([:])
    private let issued = Locked(0)

    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        let id = issued.withLock { count in
            count += 1
            return count
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelledAlready = waiters.withLock { waiters -> Bool in
                    if waiters[id]?.cancelled == true { return true }
                    waiters[id] = Waiter(continuation: continuation)
                    return false
                }
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = waiters.withLock { waiters in
                defer { waiters[id] = Waiter(continuation: nil, cancelled: true) }
                return waiters[id]?.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        throw CodeCheckError.expired
    }

    func register(_ request: RegistrationRequest) async throws {}

    /// Requests waiting for an answer.
    var waiting: Int { waiters.withLock { $0.values.count { $0.continuation != nil } } }
    /// Requests whose task was cancelled.
    var cancelled: Int { waiters.withLock { $0.values.count(where: \.cancelled) } }

    /// Answers every waiting request, from this thread.
    func answer(with result: Result<CodeReceipt, any Error>) {
        let waiting = waiters.withLock { waiters in
            defer { for id in waiters.keys { waiters[id]?.continuation = nil } }
            return waiters.values.compactMap(\.continuation)
        }
        for continuation in waiting { continuation.resume(with: result) }
    }
}

/// A service that fails every call with `error`.
struct FailingService: VerificationService {
    let error: any Error

    func requestCode(to destination: Destination) async throws -> CodeReceipt { throw error }
    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof { throw error }
    func register(_ request: RegistrationRequest) async throws { throw error }
}

/// An error that is none of the service's own.
struct Offline: Error {}

@Suite("Async services: the model owns the task, cancels it, and applies replies on its clock")
struct AsyncServiceTests {
    @Test("a reply that arrives off the clock runs when the clock moves, at the instant it moves to")
    func replyHandedToTheClock() {
        let clock = VirtualClock()
        let service = ManualService()
        let model = VerificationViewModel(clock: clock, service: service, wallClock: ManualWallClock())
        model.setDestination("new@example.com")
        model.tapSend()
        #expect(service.waiting == 0)  // the model's task runs when the clock moves
        clock.advance(by: .zero)
        #expect(service.waiting == 1)
        clock.advance(by: .seconds(2))
        #expect(model.state.send == .sending)
        service.answer(with: .success(CodeReceipt()))  // from the test's thread, off the clock
        #expect(model.state.send == .sending)
        clock.advance(by: .zero)
        #expect(model.state.send == .sent)
        #expect(model.state.now == TimerInstant(nanoseconds: 2_000_000_000))
        #expect(model.state.cooldownEnd == TimerInstant(nanoseconds: 62_000_000_000))
        #expect(model.screen.sendButton.title == "Resend in 60s")
    }

    @Test("releasing the model cancels its request; the task does not keep the model alive")
    func releaseCancels() {
        let clock = VirtualClock()
        let service = ManualService()
        weak var released: VerificationViewModel?
        do {
            let model = VerificationViewModel(clock: clock, service: service, wallClock: ManualWallClock())
            released = model
            model.setDestination("new@example.com")
            model.tapSend()
            clock.advance(by: .zero)
            #expect(service.waiting == 1)
        }
        #expect(released == nil)
        #expect(service.cancelled == 1)
        #expect(service.waiting == 0)
        clock.advance(by: .zero)  // the cancelled task ends
        #expect(clock.pendingTimers == [])
    }

    @Test(
        "the service's own error is shown; any other error is shown as a network error",
        arguments: [
            (CodeRequestError.invalidDestination, SendPhase.failed(.invalidDestination)),
            (Offline(), SendPhase.failed(.network)),
        ] as [(any Error & Sendable, SendPhase)])
    func errorMapping(error: any Error & Sendable, expected: SendPhase) {
        let clock = VirtualClock()
        let model = VerificationViewModel(
            clock: clock, service: FailingService(error: error), wallClock: ManualWallClock())
        model.setDestination("new@example.com")
        model.tapSend()
        #expect(model.state.send == .sending)
        clock.advance(by: .zero)
        #expect(model.state.send == expected)
    }

    @Test("a newer call supersedes the older: its task is cancelled and its reply is dropped")
    func supersede() {
        let clock = VirtualClock()
        let calls = ServiceCalls<VerificationCall>(clock: clock)
        let ended = Locked<[String]>([])
        let first = calls.begin(.codeCheck)
        calls.run(first) {
            do { try await clock.sleep(for: .seconds(100)) } catch { ended.withLock { $0.append("first cancelled") } }
        }
        clock.advance(by: .seconds(1))
        #expect(clock.pendingTimers.count == 1)  // the first call's sleep
        let second = calls.begin(.codeCheck)
        #expect(ended.withLock { $0 } == [])
        clock.advance(by: .zero)
        #expect(ended.withLock { $0 } == ["first cancelled"])
        #expect(calls.finish(first) == false)
        #expect(calls.finish(second) == true)
        #expect(calls.finish(second) == false)
        let other = calls.begin(.codeRequest)
        calls.cancelAll()
        #expect(calls.finish(other) == false)
        #expect(clock.pendingTimers == [])
    }
}
