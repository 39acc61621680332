/// One timer's slot in the queue's slab: 32 bytes, so a million timers stay in a few cache-
/// friendly megabytes. Its sequence number is in ``TimerSlab/sequences``, and what few timers
/// need (a repeating or countdown schedule, a leeway) in a ``TimerExtra`` kept apart.
struct TimerRecord {
    // Field order matters: the 17-byte handler first, then the one-byte fields in its tail,
    // keeps the stride at 32 (checked by a test).
    /// Released as soon as the timer is finished or cancelled, so captures are freed early.
    var handler: TimerCallback?
    var kind: TimerKind
    var state: TimerState
    var flags: TimerFlags
    var generation: UInt32
    /// A one-shot before it starts: its delay, or its deadline when `isAbsolute`. Any timer
    /// while scheduled: its next deadline; while paused: the time left until its next fire
    /// (a countdown: until its end). With an extra (`hasExtra`), that value is the extra's and
    /// this is the extra's index (``TimerStorage/value(of:)`` reads either); in a free slot,
    /// the next free slot.
    var value: Int64

    /// Whether a ``TimerHandle`` names this slot; the slot is freed only when it is gone.
    var hasHandle: Bool {
        get { flags.contains(.hasHandle) }
        set { if newValue { flags.insert(.hasHandle) } else { flags.remove(.hasHandle) } }
    }

    /// A one-shot for an absolute deadline (`value`), which its start does not move.
    var isAbsolute: Bool {
        get { flags.contains(.isAbsolute) }
        set { if newValue { flags.insert(.isAbsolute) } else { flags.remove(.isAbsolute) } }
    }

    /// Whether the timer has a ``TimerExtra`` (a repeating or countdown schedule, a leeway).
    var hasExtra: Bool {
        get { flags.contains(.hasExtra) }
        set { if newValue { flags.insert(.hasExtra) } else { flags.remove(.hasExtra) } }
    }
}
