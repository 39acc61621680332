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

/// A 4-ary min-heap of 16-byte entries with the key inline.
///
/// It keeps no position per timer, so sifting touches the heap's own memory alone: a
/// cancelled or rescheduled timer's entry is left in place and recognised as stale by
/// ``TimerStorage``, which drops stale entries when they reach the top and compacts the heap
/// when they outnumber the live ones. Insert and pop are O(log n).
struct TimerHeap {
    private(set) var nodes: [HeapEntry] = []

    var count: Int { nodes.count }
    var first: HeapEntry? { nodes.first }

    mutating func insert(_ entry: HeapEntry) {
        nodes.append(entry)
        nodes.withUnsafeMutableBufferPointer { nodes in
            var index = nodes.count - 1
            while index > 0 {
                let parent = (index - 1) / 4
                guard entry.precedes(nodes[parent]) else { break }
                nodes[index] = nodes[parent]
                index = parent
            }
            nodes[index] = entry
        }
    }

    /// Removes and returns the earliest entry.
    mutating func popFirst() -> HeapEntry? {
        guard let top = nodes.first else { return nil }
        let last = nodes.removeLast()
        if !nodes.isEmpty {
            nodes.withUnsafeMutableBufferPointer { Self.siftDown(last, from: 0, in: $0) }
        }
        return top
    }

    /// Keeps only the entries `isLive` accepts, then restores the heap order in O(n).
    mutating func removeAll(keepingOnly isLive: (HeapEntry) -> Bool) {
        nodes.removeAll { !isLive($0) }
        nodes.withUnsafeMutableBufferPointer { nodes in
            guard nodes.count > 1 else { return }
            for index in stride(from: (nodes.count - 2) / 4, through: 0, by: -1) {
                Self.siftDown(nodes[index], from: index, in: nodes)
            }
        }
    }

    /// Calls `body` with every entry's sequence number, to be replaced by what it returns.
    /// The relative order of the numbers must not change, so the heap stays valid.
    mutating func renumber(_ body: (UInt32) -> UInt32) {
        for index in nodes.indices { nodes[index].sequence = body(nodes[index].sequence) }
    }

    /// Places `entry` at `start` or below it, moving smaller children up.
    private static func siftDown(_ entry: HeapEntry, from start: Int, in nodes: UnsafeMutableBufferPointer<HeapEntry>) {
        var index = start
        let count = nodes.count
        while true {
            let firstChild = 4 * index + 1
            guard firstChild < count else { break }
            var best = firstChild
            let lastChild = min(firstChild + 3, count - 1)
            var child = firstChild + 1
            while child <= lastChild {
                if nodes[child].precedes(nodes[best]) { best = child }
                child += 1
            }
            guard nodes[best].precedes(entry) else { break }
            nodes[index] = nodes[best]
            index = best
        }
        nodes[index] = entry
    }
}
