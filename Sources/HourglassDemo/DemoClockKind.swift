import ArgumentParser

/// The clocks the demo can run on.
enum DemoClockKind: String, CaseIterable, ExpressibleByArgument {
    case virtual, dispatch, libevent
}
