/// One bucket of ``TimerDeadlines``: entries in no order, in memory of their own.
struct DeadlineBucket {
    var entries: UnsafeMutablePointer<HeapEntry>?
    var count = 0
    var capacity = 0

    mutating func grow() {
        capacity = GrowableMemory.grownCapacity(capacity)
        entries = GrowableMemory.reallocate(entries, capacity: capacity)
    }

    /// Makes room for `needed` entries in an empty bucket.
    mutating func reserve(_ needed: Int) {
        guard capacity < needed else { return }
        GrowableMemory.free(entries)
        entries = GrowableMemory.allocate(HeapEntry.self, capacity: needed)
        capacity = needed
    }

    mutating func release() {
        GrowableMemory.free(entries)
        entries = nil
        count = 0
        capacity = 0
    }
}
