/// The queue's state: a slab of timer records and a 4-ary min-heap of due instants.
///
/// Not thread-safe: ``TimerQueue`` owns it and touches it only under its lock. Records live
/// in a flat array addressed by slot + generation (so a stale handle can never reach a
/// reused slot); heap entries are small values with the key inline, so sifting stays in
/// cache. Schedule, cancel and pop are O(log n).
struct TimerStorage {
    private(set) var records: [TimerRecord] = []
    private var freeSlots: [UInt32] = []
    private(set) var heap: [HeapEntry] = []
    private var nextSequence: UInt64 = 0
    /// How many live timers use each leeway, to find the smallest one quickly.
    private var leewayCounts: [Int64: Int] = [:]
    /// Live timers with no leeway (kept apart from `leewayCounts`: no hashing on the hot path).
    private var zeroLeewayCount = 0
    private(set) var minimumLeeway: Int64 = 0
    private(set) var liveCount = 0

    // MARK: Slab

    mutating func allocate(
        kind: TimerKind, schedule: TimerSchedule, leeway: Int64, hasHandle: Bool, handler: TimerHandler
    ) -> TimerID {
        let sequence = takeSequence()
        let slot: UInt32
        if let reused = freeSlots.popLast() {
            slot = reused
            records[Int(slot)].generation &+= 1
            let generation = records[Int(slot)].generation
            records[Int(slot)] = TimerRecord(
                generation: generation, kind: kind, state: .idle, schedule: schedule,
                handler: handler, leeway: leeway, hasHandle: hasHandle, sequence: sequence)
        } else {
            slot = UInt32(records.count)
            records.append(TimerRecord(
                generation: 0, kind: kind, state: .idle, schedule: schedule,
                handler: handler, leeway: leeway, hasHandle: hasHandle, sequence: sequence))
        }
        liveCount += 1
        countLeeway(leeway, by: 1)
        return TimerID(slot: slot, generation: records[Int(slot)].generation)
    }

    /// The slot of a timer if the id still names it.
    func slot(of id: TimerID) -> Int? {
        let slot = Int(id.slot)
        guard slot < records.count, records[slot].generation == id.generation else { return nil }
        return slot
    }

    subscript(slot: Int) -> TimerRecord {
        get { records[slot] }
        _modify { yield &records[slot] }
    }

    /// Ends a timer: out of the heap, handler released, slot freed unless a handle names it.
    /// Returns the handler so the caller can release it outside the lock.
    mutating func end(slot: Int, as state: TimerState) -> TimerHandler? {
        unschedule(slot: slot)
        let wasLive = !records[slot].state.isTerminal
        records[slot].state = state
        let handler = records[slot].handler
        records[slot].handler = nil
        if wasLive {
            liveCount -= 1
            countLeeway(records[slot].leeway, by: -1)
        }
        if !records[slot].hasHandle { free(slot: slot) }
        return handler
    }

    /// Frees the slot of a terminal timer whose handle is gone.
    mutating func free(slot: Int) {
        records[slot].generation &+= 1
        records[slot].hasHandle = false
        records[slot].handler = nil
        freeSlots.append(UInt32(slot))
    }

    mutating func takeSequence() -> UInt64 {
        nextSequence &+= 1
        return nextSequence
    }

    private mutating func countLeeway(_ leeway: Int64, by delta: Int) {
        // Most timers have no leeway: those are counted without hashing.
        if leeway == 0 {
            zeroLeewayCount += delta
        } else {
            let count = leewayCounts[leeway, default: 0] + delta
            leewayCounts[leeway] = count == 0 ? nil : count
        }
        if zeroLeewayCount > 0 || leewayCounts.isEmpty {
            minimumLeeway = 0
        } else if delta > 0 {
            minimumLeeway = leewayCounts.count == 1 ? leeway : min(minimumLeeway, leeway)
        } else if leewayCounts[minimumLeeway] == nil {
            minimumLeeway = leewayCounts.keys.min() ?? 0
        }
    }

    // MARK: Heap

    /// Schedules a timer's next fire at `deadline`, replacing its previous entry.
    mutating func schedule(slot: Int, at deadline: Int64) {
        unschedule(slot: slot)
        records[slot].deadline = deadline
        let entry = HeapEntry(
            deadline: deadline, sequence: takeSequence(), slot: UInt32(slot),
            generation: records[slot].generation, isManual: false)
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    /// Queues a manual fire of a timer at `instant`.
    mutating func scheduleManualFire(slot: Int, at instant: Int64) {
        let entry = HeapEntry(
            deadline: instant, sequence: takeSequence(), slot: UInt32(slot),
            generation: records[slot].generation, isManual: true)
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    /// Takes a timer's scheduled entry out of the heap, if it has one.
    mutating func unschedule(slot: Int) {
        let index = Int(records[slot].heapIndex)
        guard index >= 0 else { return }
        records[slot].heapIndex = -1
        let last = heap.removeLast()
        guard index < heap.count else { return }
        heap[index] = last
        place(index)
        if index > 0 && last.precedes(heap[(index - 1) / 4]) {
            siftUp(index)
        } else {
            siftDown(index)
        }
    }

    /// The earliest entry.
    var first: HeapEntry? { heap.first }

    /// Removes and returns the earliest entry.
    mutating func popFirst() -> HeapEntry? {
        guard let top = heap.first else { return nil }
        if !top.isManual { records[Int(top.slot)].heapIndex = -1 }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            place(0)
            siftDown(0)
        }
        return top
    }

    @inline(__always)
    private mutating func place(_ index: Int) {
        let entry = heap[index]
        if !entry.isManual { records[Int(entry.slot)].heapIndex = Int32(index) }
    }

    private mutating func siftUp(_ start: Int) {
        var index = start
        let entry = heap[index]
        while index > 0 {
            let parent = (index - 1) / 4
            guard entry.precedes(heap[parent]) else { break }
            heap[index] = heap[parent]
            place(index)
            index = parent
        }
        heap[index] = entry
        place(index)
    }

    private mutating func siftDown(_ start: Int) {
        var index = start
        let entry = heap[index]
        let count = heap.count
        while true {
            let firstChild = 4 * index + 1
            guard firstChild < count else { break }
            var best = firstChild
            let lastChild = min(firstChild + 3, count - 1)
            var child = firstChild + 1
            while child <= lastChild {
                if heap[child].precedes(heap[best]) { best = child }
                child += 1
            }
            guard heap[best].precedes(entry) else { break }
            heap[index] = heap[best]
            place(index)
            index = best
        }
        heap[index] = entry
        place(index)
    }
}
