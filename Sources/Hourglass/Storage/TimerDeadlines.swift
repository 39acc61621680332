/// The scheduled heap entries, earliest first: a small 4-ary heap holds the near ones, radix
/// buckets the rest.
///
/// Deadlines are compared as unsigned keys against `base`, the earliest deadline when the
/// heap was last filled. The heap (the front) holds every entry whose key is below `base` or
/// shares its bits above the lowest `frontBits`; bucket `b` holds the later entries whose key
/// first differs from `base` at bit `b`, unordered. So every entry of the front precedes every
/// entry of a bucket, and every entry of bucket `b` every entry of bucket `b + 1`. Equal
/// deadlines always share a place, and the front orders them by sequence number.
///
/// Adding an entry to a bucket is an append. When the front runs empty, the lowest non-empty
/// bucket is emptied: its earliest deadline becomes `base`, and each of its entries moves to
/// the front or to a lower bucket — a sequential pass over memory, where a heap of every entry
/// would take a cache miss per level on each pop. `frontBits` is chosen then so that about
/// ``frontTarget`` entries reach the front. An entry moves down at most 64 times, and in
/// practice about log2(entries / ``frontTarget``) times.
///
/// While it holds fewer than `spillThreshold` entries it is a plain heap (every entry in the
/// front, no bucket touched): a clock with a handful of timers pays nothing for the buckets.
/// When the front reaches that many, its entries spill into the buckets, and it stays that way
/// until it is empty again. In bucket mode the front is empty only when everything is.
///
/// Only ``VirtualClock`` uses the buckets. A fill moves a whole bucket at once, so one pop
/// now and then takes as long as thousands: a virtual clock running a batch of timers gains
/// from it, but a real clock firing a burst on time would fall behind. For those, no entry
/// goes to a bucket: the front is a plain heap (`usesBuckets: false`), and while it and `staged`
/// hold at least twice `stagedTarget` entries, the earliest are moved from it, a few at a time,
/// into `staged`: a heap of up to `stagedTarget` such entries (twice that with the entries added
/// before them), small enough to stay in the cache while the clock sleeps. A burst of due timers
/// pops from it; the large heap is read as timers are added (``insert(_:)``) and after each run
/// of due timers (``stage(upTo:)``), not on each fire. `fence` separates the two: no staged
/// entry follows it, and no entry of the front precedes it.
///
/// Stale entries are handled by ``TimerStorage`` as with a plain heap: the order they are
/// dropped in does not matter, and ``removeAll(keepingOnly:)`` drops them everywhere.
struct TimerDeadlines: ~Copyable {
    /// About how many entries a refill moves to the front.
    static let frontTarget = 512
    /// A drained bucket keeps its memory up to this many entries, or four times the entries
    /// held; a larger one is freed.
    private static let keptCapacity = 4_096
    /// How many entries staging keeps ahead, without buckets, unless told otherwise: twice it
    /// fills the staged heap's 8 192-entry block, three of whose entries are alignment padding.
    static let defaultStagedTarget = 4_094

    private var front = TimerHeap()
    /// Without buckets: the earliest entries, each preceding `fence` (see above).
    private var staged = TimerHeap()
    /// Without buckets, while `staged` holds entries: the last entry staged from the front, or
    /// the earliest entry a shrink moved back; an added entry that precedes it is staged.
    private var fence: HeapEntry?
    private let stages: Bool
    /// How many entries staging keeps ahead (``defaultStagedTarget``).
    private let stagedTarget: Int
    /// 64 buckets: bucket `b` holds entries whose key's highest bit differing from `base` is `b`.
    private let buckets: UnsafeMutablePointer<DeadlineBucket>
    /// Bit `b` is set when bucket `b` holds entries.
    private var occupied: UInt64 = 0
    private var base: UInt64 = 0
    /// A key `k ≥ base` belongs to the front when `k ^ base <= frontMask`.
    private var frontMask: UInt64 = 0
    /// How many entries the front may hold before they spill into the buckets; `.max` for none.
    private let spillThreshold: Int
    /// Whether every entry is in the front (`frontMask` is `.max`), as until the first spill.
    private var isPlainHeap = true
    private var farCount = 0
    /// How many times the front was filled from a bucket.
    private(set) var refills = 0
    /// How many bucket entries the fills have read: the work beyond the front's, which tests
    /// count to show it stays linear-logarithmic whatever the order of pops and drops.
    private(set) var bucketEntriesRead = 0

    /// - Parameters:
    ///   - usesBuckets: false puts no entry in a bucket: the front is a plain heap, whose
    ///     earliest entries are staged once it is large.
    ///   - spillThreshold: how many entries the front holds before the buckets are used.
    ///   - stagedTarget: without buckets, how many entries staging keeps ahead.
    init(usesBuckets: Bool, spillThreshold: Int = 2_048, stagedTarget: Int = defaultStagedTarget) {
        buckets = .allocate(capacity: 64)
        buckets.initialize(repeating: DeadlineBucket(), count: 64)
        self.spillThreshold = usesBuckets ? max(1, spillThreshold) : .max
        stages = !usesBuckets
        self.stagedTarget = min(max(1, stagedTarget), Int.max / 4)
        frontMask = .max
    }

    deinit {
        for index in 0..<64 { GrowableMemory.free(buckets[index].entries) }
        buckets.deallocate()
    }

    var count: Int { staged.count + front.count + farCount }

    /// How many entries are staged (tests).
    var stagedCount: Int { staged.count }

    /// The entries of the front, in no particular order: with buckets, the next to be popped,
    /// unless earlier ones are inserted.
    var frontEntries: UnsafeBufferPointer<HeapEntry> { front.entries }

    var first: HeapEntry? { staged.first ?? front.first }

    /// An order-keeping map of deadlines onto unsigned keys.
    @inline(__always)
    private static func key(_ deadline: Int64) -> UInt64 { UInt64(bitPattern: deadline) ^ (1 << 63) }

    mutating func insert(_ entry: HeapEntry) {
        if stages {
            var isEarly = fence.map(entry.precedes) ?? false
            if isEarly && staged.count >= 2 * stagedTarget {
                // Full: shrink first, which moves the fence back, so that the staged heap's
                // memory never grows past twice the target.
                shrinkStaged()
                isEarly = fence.map(entry.precedes) ?? false
            }
            if isEarly {
                staged.insert(entry)
            } else {
                front.insert(entry)
                if staged.count < stagedTarget { stage(upTo: 2) }
            }
            return
        }
        let key = Self.key(entry.deadline)
        let difference = key ^ base
        if key < base || difference <= frontMask {
            front.insert(entry)
            if isPlainHeap && front.count >= spillThreshold { spill() }
            return
        }
        append(entry, to: 63 &- difference.leadingZeroBitCount)
    }

    /// Removes and returns the earliest entry.
    @inline(__always)
    mutating func popFirst() -> HeapEntry? {
        if staged.count > 0 {
            let top = staged.popFirst()
            if staged.count == 0 { fence = nil }
            return top
        }
        let top = front.popFirst()
        if front.count == 0 { frontRanEmpty() }
        return top
    }

    /// Removes the earliest entry: a stale one (a cancelled timer). With the front empty the
    /// lowest bucket fills it, as for a pop: finding the earliest bucket entry by a scan instead
    /// would make cancelling timers in deadline order quadratic.
    mutating func dropFirst() {
        _ = popFirst()
    }

    /// Keeps only the entries `isLive` accepts.
    mutating func removeAll(keepingOnly isLive: (HeapEntry) -> Bool) {
        staged.removeAll(keepingOnly: isLive)
        if staged.count == 0 { fence = nil }
        front.removeAll(keepingOnly: isLive)
        var left = occupied
        while left != 0 {
            let index = left.trailingZeroBitCount
            left &= left &- 1
            let bucket = buckets + index
            guard let entries = bucket.pointee.entries else { continue }
            var kept = 0
            for position in 0..<bucket.pointee.count where isLive(entries[position]) {
                entries[kept] = entries[position]
                kept += 1
            }
            farCount -= bucket.pointee.count - kept
            bucket.pointee.count = kept
            if kept == 0 { occupied &= ~(1 << UInt64(index)) }
        }
        if front.count == 0 { frontRanEmpty() }
    }

    /// The sequence numbers of every entry, in no particular order.
    var sequences: [UInt32] {
        var all = staged.sequences + front.sequences
        forEachFarEntry { all.append($0.pointee.sequence) }
        return all
    }

    /// Calls `body` with every entry's sequence number, to be replaced by what it returns.
    /// The relative order of the numbers must not change, so the order stays valid.
    mutating func renumber(_ body: (UInt32) -> UInt32) {
        staged.renumber(body)
        // The fence's number may be in use no more: `body` maps any number in order (perhaps
        // onto the next one in use), so the fence still separates the staged entries.
        if var moved = fence {
            moved.sequence = body(moved.sequence)
            fence = moved
        }
        front.renumber(body)
        forEachFarEntry { $0.pointee.sequence = body($0.pointee.sequence) }
    }

    /// Without buckets: moves up to `limit` of the earliest entries from the front to `staged`,
    /// while it holds fewer than `stagedTarget` and the whole at least twice that. A clock
    /// calls it after a run of due timers, before it sleeps, so that the next run pops from
    /// memory still in the cache.
    mutating func stage(upTo limit: Int) {
        // A smaller heap stays in the cache by itself.
        guard stages && count >= 2 * stagedTarget else { return }
        var moved = 0
        while moved < limit && staged.count < stagedTarget, let entry = front.popFirst() {
            // In increasing order, so each insert is a store.
            staged.insert(entry)
            fence = entry
            moved += 1
        }
    }

    /// `staged` holds twice `stagedTarget`: keeps its earliest `stagedTarget` and moves the rest
    /// back to the front.
    private mutating func shrinkStaged() {
        let pivot = staged.entry(ranked: stagedTarget)
        for entry in staged.entries where !entry.precedes(pivot) { front.insert(entry) }
        staged.removeAll { $0.precedes(pivot) }
        fence = pivot
    }

    /// Keeps the front filled while buckets hold entries; once everything is gone, the queue is
    /// a plain heap again.
    private mutating func frontRanEmpty() {
        if farCount > 0 {
            refill()
        } else if !isPlainHeap {
            (isPlainHeap, frontMask, base) = (true, .max, 0)
        }
    }

    /// Moves the front's entries to the buckets, keyed against the earliest of them, which stays
    /// in front with any equal to it: from now on far entries wait in buckets.
    private mutating func spill() {
        let entries = Array(front.entries)
        front.removeAll { _ in false }
        (isPlainHeap, frontMask) = (false, 0)
        base = entries.map { Self.key($0.deadline) }.min() ?? 0
        for entry in entries {
            let difference = Self.key(entry.deadline) ^ base
            if difference == 0 {
                front.insert(entry)
            } else {
                append(entry, to: 63 &- difference.leadingZeroBitCount)
            }
        }
    }

    private func forEachFarEntry(_ body: (UnsafeMutablePointer<HeapEntry>) -> Void) {
        for index in 0..<64 {
            guard let entries = buckets[index].entries else { continue }
            for position in 0..<buckets[index].count { body(entries + position) }
        }
    }

    @inline(__always)
    private mutating func append(_ entry: HeapEntry, to index: Int) {
        let bucket = buckets + index
        if bucket.pointee.count == bucket.pointee.capacity { bucket.pointee.grow() }
        bucket.pointee.entries.unsafelyUnwrapped[bucket.pointee.count] = entry
        bucket.pointee.count &+= 1
        occupied |= 1 << UInt64(index)
        farCount &+= 1
    }

    /// Moves the lowest non-empty bucket to the front and the buckets below it. The front is empty.
    private mutating func refill() {
        let index = occupied.trailingZeroBitCount
        let bucket = buckets + index
        let entries = bucket.pointee.entries.unsafelyUnwrapped
        let moving = bucket.pointee.count
        bucket.pointee.count = 0
        occupied &= ~(1 << UInt64(index))
        farCount -= moving
        var lowest = UInt64.max
        var highest: UInt64 = 0
        for position in 0..<moving {
            let key = Self.key(entries[position].deadline)
            lowest = min(lowest, key)
            highest = max(highest, key)
        }
        base = lowest
        // Keys spread over `spread` low bits; about `frontTarget` of them share the front's.
        let spread = 64 - (highest ^ lowest).leadingZeroBitCount
        let excess = moving / Self.frontTarget
        let frontBits = excess == 0 ? spread : max(0, spread - (Int.bitWidth - excess.leadingZeroBitCount))
        frontMask = frontBits >= 64 ? .max : (1 << UInt64(frontBits)) &- 1
        // Every entry lands below `index` (they all share its bit and those above it with
        // `base`), in buckets that are empty now. Counted first, so that each gets its memory
        // once (a large malloc or free makes glibc sort every small free chunk), and the
        // largest takes over the bucket's own memory, written in place behind the reading.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { counts in
            counts.initialize(repeating: 0)
            for position in 0..<moving {
                let difference = Self.key(entries[position].deadline) ^ lowest
                if difference > frontMask { counts[63 &- difference.leadingZeroBitCount] &+= 1 }
            }
            var largest = -1
            for target in 0..<index where counts[target] > 0 {
                if largest < 0 || counts[target] > counts[largest] { largest = target }
            }
            for target in 0..<index where counts[target] > 0 && target != largest {
                buckets[target].reserve(counts[target])
            }
            var kept = 0
            for position in 0..<moving {
                let entry = entries[position]
                let difference = Self.key(entry.deadline) ^ lowest
                if difference <= frontMask {
                    front.insert(entry)
                    continue
                }
                let target = 63 &- difference.leadingZeroBitCount
                if target == largest {
                    entries[kept] = entry
                    kept &+= 1
                } else {
                    let bucket = buckets + target
                    bucket.pointee.entries.unsafelyUnwrapped[bucket.pointee.count] = entry
                    bucket.pointee.count &+= 1
                }
            }
            for target in 0..<index where counts[target] > 0 { occupied |= 1 << UInt64(target) }
            farCount += moving - front.count
            if largest >= 0 {
                swap(&buckets[largest], &buckets[index])
                buckets[largest].count = kept
            }
        }
        let drained = buckets + index
        if drained.pointee.capacity > Self.keptCapacity && drained.pointee.capacity > 4 * count {
            drained.pointee.release()
        }
        refills &+= 1
        bucketEntriesRead &+= moving
    }
}
