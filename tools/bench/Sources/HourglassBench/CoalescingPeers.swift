import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import HourglassLibevent
import NIOCore
import NIOPosix

/// 10 000 countdowns (1 s ticks) started at random moments within one second; the figure is
/// how often the process wakes up per second meanwhile (voluntary context switches of all its
/// threads, from getrusage), over `seconds`.
enum CoalescingPeers {
    static func wakeUpsPerSecond(seconds: Double, _ body: () -> Void) -> Double {
        Thread.sleep(forTimeInterval: 0.2)
        var before = rusage()
        var after = rusage()
        getrusage(RUSAGE_SELF.rawValue, &before)
        Thread.sleep(forTimeInterval: seconds)
        getrusage(RUSAGE_SELF.rawValue, &after)
        body()
        return Double(after.ru_nvcsw - before.ru_nvcsw) / seconds
    }

    static func hourglass(_ clock: some TimerClock, offsets: [Int64], leeway: Duration, seconds: Double) -> Double {
        let start = clock.now
        let handles = offsets.compactMap { offset in
            try? clock.countdown(
                until: start + .nanoseconds(offset) + .seconds(60), leeway: leeway, onTick: { _ in }, onFinish: {})
        }
        return wakeUpsPerSecond(seconds: seconds) { for item in handles { item.cancel() } }
    }

    static func libeventClock(offsets: [Int64], leeway: Duration, seconds: Double) -> Double? {
        guard let clock = try? LibeventClock(), (try? clock.start()) != nil else { return nil }
        defer { clock.shutdown() }
        return hourglass(clock, offsets: offsets, leeway: leeway, seconds: seconds)
    }

    static func dispatchClock(offsets: [Int64], leeway: Duration, seconds: Double) -> Double {
        let clock = DispatchClock()
        defer { clock.shutdown() }
        return hourglass(clock, offsets: offsets, leeway: leeway, seconds: seconds)
    }

    static func rawDispatch(offsets: [Int64], leeway: Int, seconds: Double) -> Double {
        let queue = DispatchQueue(label: "bench.coalescing")
        let sources = offsets.map { offset -> any DispatchSourceTimer in
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(
                deadline: .now() + .nanoseconds(Int(offset)), repeating: .seconds(1), leeway: .milliseconds(leeway))
            source.setEventHandler {}
            source.activate()
            return source
        }
        return wakeUpsPerSecond(seconds: seconds) { for item in sources { item.cancel() } }
    }

    static func nio(offsets: [Int64], seconds: Double) -> Double {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let tasks = offsets.map { offset in
            loop.scheduleRepeatedTask(initialDelay: .nanoseconds(offset), delay: .seconds(1)) { _ in }
        }
        return wakeUpsPerSecond(seconds: seconds) { for item in tasks { item.cancel() } }
    }
}
