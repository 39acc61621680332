/// One timer's slot in the queue's slab.
struct TimerRecord {
    var generation: UInt32
    var kind: TimerKind
    var state: TimerState
    var schedule: TimerSchedule
    /// Released as soon as the timer is finished or cancelled, so captures are freed early.
    var handler: TimerHandler?
    var leeway: Int64
    /// Whether a ``TimerHandle`` names this slot; the slot is freed only when it is gone.
    var hasHandle: Bool
    /// Index of the timer's scheduled entry in the heap, or -1.
    var heapIndex: Int32 = -1
    /// The next deadline while running.
    var deadline: Int64 = 0
    /// Time left until the next deadline (countdowns: until the end) while paused.
    var pausedRemaining: Int64 = 0
    /// Insertion order, for listing.
    var sequence: UInt64 = 0

    var isScheduled: Bool { heapIndex >= 0 }
}

/// A heap node: 24 bytes, keyed by (deadline, sequence), so equal deadlines fire first-in first-out.
struct HeapEntry {
    var deadline: Int64
    var sequence: UInt64
    var slot: UInt32
    var generation: UInt32
    /// A manual ``TimerHandle/fire()`` request rather than the timer's schedule.
    var isManual: Bool

    @inline(__always)
    func precedes(_ other: HeapEntry) -> Bool {
        deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
    }
}
