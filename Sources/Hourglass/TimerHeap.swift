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

/// A 4-ary min-heap of scheduled timers, at most one entry per slot, with each slot's
/// position kept in a separate 4-byte array (so sifting writes no timer record).
/// Insert, remove and pop are O(log n).
struct TimerHeap {
    private(set) var nodes: [HeapEntry] = []
    /// `positions[slot]`: the index of the slot's entry in `nodes`, or -1.
    private var positions: [Int32] = []

    var count: Int { nodes.count }
    var first: HeapEntry? { nodes.first }

    /// Makes room for slots up to `slot`.
    mutating func addSlot() { positions.append(-1) }

    /// The entry of `slot`, if it is scheduled.
    func entry(of slot: Int) -> HeapEntry? {
        let index = Int(positions[slot])
        return index >= 0 ? nodes[index] : nil
    }

    /// Adds the entry of a slot that has none.
    mutating func insert(_ entry: HeapEntry) {
        nodes.append(entry)
        siftUp(nodes.count - 1)
    }

    /// Removes the slot's entry, if it has one.
    mutating func remove(slot: Int) {
        let index = Int(positions[slot])
        guard index >= 0 else { return }
        positions[slot] = -1
        let last = nodes.removeLast()
        guard index < nodes.count else { return }
        nodes[index] = last
        if index > 0 && last.precedes(nodes[(index - 1) / 4]) {
            siftUp(index)
        } else {
            siftDown(index)
        }
    }

    /// Removes and returns the earliest entry.
    mutating func popFirst() -> HeapEntry? {
        guard let top = nodes.first else { return nil }
        positions[Int(top.slot)] = -1
        let last = nodes.removeLast()
        if !nodes.isEmpty {
            nodes[0] = last
            siftDown(0)
        }
        return top
    }

    /// Calls `body` with every entry's sequence number, to be replaced by what it returns.
    /// The relative order of the numbers must not change, so the heap stays valid.
    mutating func renumber(_ body: (UInt32) -> UInt32) {
        for index in nodes.indices { nodes[index].sequence = body(nodes[index].sequence) }
    }

    private mutating func siftUp(_ start: Int) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            positions.withUnsafeMutableBufferPointer { positions in
                var index = start
                let entry = nodes[index]
                while index > 0 {
                    let parent = (index - 1) / 4
                    guard entry.precedes(nodes[parent]) else { break }
                    nodes[index] = nodes[parent]
                    positions[Int(nodes[index].slot)] = Int32(index)
                    index = parent
                }
                nodes[index] = entry
                positions[Int(entry.slot)] = Int32(index)
            }
        }
    }

    private mutating func siftDown(_ start: Int) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            positions.withUnsafeMutableBufferPointer { positions in
                var index = start
                let entry = nodes[index]
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
                    positions[Int(nodes[index].slot)] = Int32(index)
                    index = best
                }
                nodes[index] = entry
                positions[Int(entry.slot)] = Int32(index)
            }
        }
    }
}
