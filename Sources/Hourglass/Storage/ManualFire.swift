/// A manual ``TimerHandle/fire()`` request, queued apart from the heap: it does not replace
/// the timer's scheduled entry.
struct ManualFire {
    var instant: Int64
    var sequence: UInt32
    var slot: UInt32
    var generation: UInt32
}
