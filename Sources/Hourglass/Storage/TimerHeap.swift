/// A heap node: 16 bytes, four siblings to a cache line.
struct HeapEntry {
    var deadline: Int64
    var sequence: UInt32
    var slot: UInt32

    /// Ordered by (deadline, sequence): equal deadlines run first-in first-out.
    @inline(__always)
    func precedes(_ other: HeapEntry) -> Bool {
        deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
    }
}

/// A 4-ary min-heap of 16-byte entries with the key inline: the front of ``TimerDeadlines``.
///
/// The entries live in memory of its own, aligned so that the four children of any entry
/// share one 64-byte cache line: a sift touches one line per level. It keeps no position per
/// timer, so sifting touches the heap's own memory alone: a cancelled or rescheduled timer's
/// entry is left in place and recognised as stale by ``TimerStorage``, which drops stale
/// entries when they reach the top and compacts the heap when they outnumber the live ones.
/// Insert and pop are O(log n).
struct TimerHeap: ~Copyable {
    /// Entry 0 sits 48 bytes past a 64-byte boundary, so children 4i+1 … 4i+4 start a line.
    private var nodes: UnsafeMutablePointer<HeapEntry>
    /// The memory (``GrowableMemory``, 16-byte aligned): `capacity` + `padding` entries, of
    /// which `nodes` starts at the first placed as above.
    private var block: UnsafeMutablePointer<HeapEntry>
    private var capacity: Int
    private(set) var count = 0

    private static let padding = 3

    init() {
        capacity = 61
        block = GrowableMemory.allocate(HeapEntry.self, capacity: capacity + Self.padding)
        nodes = Self.placed(in: block)
    }

    deinit {
        GrowableMemory.free(block)
    }

    var first: HeapEntry? { count > 0 ? nodes[0] : nil }

    /// Every entry, in heap order.
    var entries: UnsafeBufferPointer<HeapEntry> { UnsafeBufferPointer(start: nodes, count: count) }

    mutating func insert(_ entry: HeapEntry) {
        if count == capacity { grow() }
        var index = count
        count += 1
        while index > 0 {
            let parent = (index - 1) / 4
            guard entry.precedes(nodes[parent]) else { break }
            nodes[index] = nodes[parent]
            index = parent
        }
        nodes[index] = entry
    }

    /// Removes and returns the earliest entry.
    mutating func popFirst() -> HeapEntry? {
        guard count > 0 else { return nil }
        let top = nodes[0]
        count -= 1
        if count > 0 { siftDown(nodes[count], from: 0) }
        return top
    }

    /// Keeps only the entries `isLive` accepts, then restores the heap order in O(n).
    mutating func removeAll(keepingOnly isLive: (HeapEntry) -> Bool) {
        var kept = 0
        for index in 0..<count where isLive(nodes[index]) {
            nodes[kept] = nodes[index]
            kept += 1
        }
        count = kept
        guard count > 1 else { return }
        for index in stride(from: (count - 2) / 4, through: 0, by: -1) {
            siftDown(nodes[index], from: index)
        }
    }

    /// The entry `rank` others precede (0: the first), found by selection in a copy of the
    /// entries, in O(count) on average. `rank` must be below ``count``.
    func entry(ranked rank: Int) -> HeapEntry {
        precondition(rank >= 0 && rank < count)
        return withUnsafeTemporaryAllocation(of: HeapEntry.self, capacity: count) { copy in
            _ = copy.initialize(from: entries)
            var (low, high) = (0, count - 1)
            while low < high {
                // Hoare's partition around the middle entry.
                let pivot = copy[(low + high) / 2]
                var (left, right) = (low, high)
                while left <= right {
                    while copy[left].precedes(pivot) { left += 1 }
                    while pivot.precedes(copy[right]) { right -= 1 }
                    if left <= right {
                        copy.swapAt(left, right)
                        left += 1
                        right -= 1
                    }
                }
                if rank <= right {
                    high = right
                } else if rank >= left {
                    low = left
                } else {
                    break
                }
            }
            return copy[rank]
        }
    }

    /// The sequence numbers of every entry, in no particular order.
    var sequences: [UInt32] {
        (0..<count).map { nodes[$0].sequence }
    }

    /// Calls `body` with every entry's sequence number, to be replaced by what it returns.
    /// The relative order of the numbers must not change, so the heap stays valid.
    mutating func renumber(_ body: (UInt32) -> UInt32) {
        for index in 0..<count { nodes[index].sequence = body(nodes[index].sequence) }
    }

    /// Places `entry` at `start` or below it, moving smaller children up. (A bottom-up pop,
    /// taking the hole to a leaf first, runs fewer instructions but is slower with very many
    /// timers: it always reaches the deepest, uncached level.)
    private func siftDown(_ entry: HeapEntry, from start: Int) {
        var index = start
        while true {
            let firstChild = 4 &* index &+ 1
            guard firstChild < count else { break }
            var best: Int
            if firstChild &+ 3 < count {
                // All four children: a tournament, two pairs then their winners.
                let left = nodes[firstChild &+ 1].precedes(nodes[firstChild]) ? firstChild &+ 1 : firstChild
                let right = nodes[firstChild &+ 3].precedes(nodes[firstChild &+ 2]) ? firstChild &+ 3 : firstChild &+ 2
                best = nodes[right].precedes(nodes[left]) ? right : left
            } else {
                best = firstChild
                var child = firstChild &+ 1
                while child < count {
                    if nodes[child].precedes(nodes[best]) { best = child }
                    child &+= 1
                }
            }
            guard nodes[best].precedes(entry) else { break }
            nodes[index] = nodes[best]
            index = best
        }
        nodes[index] = entry
    }

    /// Grows the block (``GrowableMemory/grownCapacity(_:)``) with `realloc`, which moves a
    /// large block's pages rather than copying them into fresh ones (a copy faulted in twice
    /// the heap's final size); the entries move within the block only if its new place
    /// changes their alignment.
    private mutating func grow() {
        let offset = nodes - block
        capacity = GrowableMemory.grownCapacity(capacity + Self.padding) - Self.padding
        block = GrowableMemory.reallocate(block, capacity: capacity + Self.padding)
        nodes = Self.placed(in: block)
        if nodes - block != offset { nodes.moveInitialize(from: block + offset, count: count) }
        assert(Int(bitPattern: nodes) & 63 == 48)
    }

    /// The first entry of `block` that lies 48 bytes past a 64-byte boundary.
    private static func placed(in block: UnsafeMutablePointer<HeapEntry>) -> UnsafeMutablePointer<HeapEntry> {
        let misplacement = (Int(bitPattern: block) &+ 16) & 63
        return block + (64 - misplacement) % 64 / MemoryLayout<HeapEntry>.stride
    }
}
