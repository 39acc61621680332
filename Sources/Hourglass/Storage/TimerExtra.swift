/// What only some timers need: a repeating or countdown schedule, a leeway.
struct TimerExtra {
    /// nil for a one-shot (whose schedule is in its record).
    var schedule: TimerSchedule?
    var leeway: Int64
    /// The timer's ``TimerRecord/value``, whose place in the record holds this extra's index.
    var value: Int64
}
