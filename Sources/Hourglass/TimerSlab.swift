/// The timer records, in memory of their own: a growable array whose elements are read and
/// changed in place through addressors, with no copy of a record, no uniqueness check and no
/// bounds check (the queue checks every slot it is given against `count` first).
///
/// Beside the records, a compact array says which heap entry is each slot's live one: four
/// bytes a slot, so that checking heap entries (when the heap is compacted) stays in cache
/// where the 40-byte records would not.
///
/// Both grow in place where they can (``GrowableMemory``). Noncopyable, so the memory has
/// exactly one owner and is freed exactly once.
struct TimerSlab: ~Copyable {
    private(set) var base: UnsafeMutablePointer<TimerRecord>
    /// `scheduled[slot]`: the sequence number of the slot's live heap entry; 0 for none.
    private(set) var scheduled: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = GrowableMemory.allocate(TimerRecord.self, capacity: capacity)
        scheduled = GrowableMemory.allocate(UInt32.self, capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        GrowableMemory.free(base)
        GrowableMemory.free(scheduled)
    }

    var indices: Range<Int> { 0..<count }

    subscript(slot: Int) -> TimerRecord {
        unsafeAddress { UnsafePointer(base + slot) }
        unsafeMutableAddress { base + slot }
    }

    mutating func append(_ record: consuming TimerRecord) {
        if count == capacity {
            // Records hold closures and no weak references: moving them bit by bit is a move.
            base = GrowableMemory.reallocate(base, capacity: capacity * 2)
            scheduled = GrowableMemory.reallocate(scheduled, capacity: capacity * 2)
            capacity *= 2
        }
        (base + count).initialize(to: record)
        scheduled[count] = 0
        count += 1
    }
}
