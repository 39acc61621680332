/// What an ``AdaptedClock`` keeps of its backend, whatever the base clock's type.
protocol AdaptedWakeUp: TimerBackend {
    /// Stops the wake-up for good and shuts the clock's queue down.
    func shutdown()
}
