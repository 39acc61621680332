/// The timer records, in memory of their own: a growable array whose elements are read and
/// changed in place through addressors, with no copy of a record, no uniqueness check and no
/// bounds check (the queue checks every slot it is given against `count` first).
///
/// Beside the records, a compact array holds each slot's sequence number and says whether the
/// heap entry with that number is live: four bytes a slot, so that checking heap entries (when
/// the heap is compacted) stays in cache where the records would not.
///
/// Both grow in place where they can (``GrowableMemory``). Noncopyable, so the memory has
/// exactly one owner and is freed exactly once.
struct TimerSlab: ~Copyable {
    private(set) var base: UnsafeMutablePointer<TimerRecord>
    /// `sequences[slot]`: the number of the slot's last heap entry (before it was first
    /// scheduled, its creation number), with ``liveBit`` set while that entry is live. Numbers
    /// stay below ``liveBit``.
    private(set) var sequences: UnsafeMutablePointer<UInt32>

    static let liveBit: UInt32 = 1 << 31
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = GrowableMemory.allocate(TimerRecord.self, capacity: capacity)
        sequences = GrowableMemory.allocate(UInt32.self, capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        GrowableMemory.free(base)
        GrowableMemory.free(sequences)
    }

    var indices: Range<Int> { 0..<count }

    subscript(slot: Int) -> TimerRecord {
        unsafeAddress { UnsafePointer(base + slot) }
        unsafeMutableAddress { base + slot }
    }

    mutating func append(_ record: consuming TimerRecord, sequence: UInt32) {
        if count == capacity {
            // Records hold closures and no weak references: moving them bit by bit is a move.
            capacity = GrowableMemory.grownCapacity(capacity)
            base = GrowableMemory.reallocate(base, capacity: capacity)
            sequences = GrowableMemory.reallocate(sequences, capacity: capacity)
        }
        (base + count).initialize(to: record)
        sequences[count] = sequence
        count += 1
    }
}
