import Dispatch
import Hourglass
import Testing

// The samples of the Hourglass catalog's "Choosing a clock", verbatim.
@Suite("Documentation samples: choosing a clock")
struct ChoosingAClockSamples {
    @Test("an AdaptedClock over ContinuousClock runs its callbacks on the queue given")
    func adaptedOnMain() {
        let clock = AdaptedClock(ContinuousClock(), queue: .main)  // callbacks on the main queue
        #expect(clock.queue?.label == DispatchQueue.main.label)
        #expect(clock.now < TimerInstant(nanoseconds: 1_000_000_000))
        clock.shutdown()
    }
}
