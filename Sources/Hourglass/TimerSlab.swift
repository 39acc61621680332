/// The timer records, in memory of their own: a growable array whose elements are read and
/// changed in place through addressors, with no copy of a record, no uniqueness check and no
/// bounds check (the queue checks every slot it is given against `count` first).
///
/// Noncopyable, so the memory has exactly one owner and is freed exactly once.
struct TimerSlab: ~Copyable {
    private(set) var base: UnsafeMutablePointer<TimerRecord>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var indices: Range<Int> { 0..<count }

    subscript(slot: Int) -> TimerRecord {
        unsafeAddress { UnsafePointer(base + slot) }
        unsafeMutableAddress { base + slot }
    }

    mutating func append(_ record: consuming TimerRecord) {
        if count == capacity {
            let larger = UnsafeMutablePointer<TimerRecord>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: record)
        count += 1
    }
}
