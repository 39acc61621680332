import TestSupport
import Testing

@testable import Hourglass

@Suite("The deadline queue: a small heap in front of radix buckets")
struct DeadlineQueueTests {
    /// How often each operation comes, per thousand steps; the rest compact the queue.
    private struct Mix {
        var stage = 0
        var insert: Int
        var pop: Int
        var renumber = 0
    }

    @Test(
        "entries come out in (deadline, sequence) order through fills, drops, removals, past and extreme deadlines",
        arguments: [1, 2, 3] as [UInt64], [1, 16, 2_048])
    func randomOperations(seed: UInt64, spillThreshold: Int) {
        let queue = TimerDeadlines(usesBuckets: true, spillThreshold: spillThreshold)
        randomOperations(seed: seed, queue, mix: Mix(insert: 550, pop: 420))
    }

    @Test(
        "without buckets, staged entries come out in (deadline, sequence) order through staging, shrinks, removals and renumbering",
        arguments: [1, 2, 3] as [UInt64], [1, 4, 64])
    func randomOperationsStaged(seed: UInt64, stagedTarget: Int) {
        // Compactions are rare, so that the queue holds a few hundred entries and stages.
        let stagedSteps = randomOperations(
            seed: seed, TimerDeadlines(usesBuckets: false, stagedTarget: stagedTarget),
            mix: Mix(stage: 50, insert: 570, pop: 376, renumber: 2))
        #expect(stagedSteps > 20_000)
    }

    /// Runs 30 000 random operations on `start` and on a model; returns in how many steps
    /// entries were staged.
    @discardableResult
    private func randomOperations(seed: UInt64, _ start: consuming TimerDeadlines, mix: Mix) -> Int {
        var random = SplitMix64(seed: seed)
        var queue = start
        var model = DeadlineModel()
        var mismatches: [String] = []
        var stagedSteps = 0
        for step in 0..<30_000 {
            let operation = Int.random(in: 0..<1_000, using: &random)
            if operation < mix.stage {
                // A clock stages the earliest entries after a run of due timers.
                queue.stage(upTo: Int.random(in: 0...40, using: &random))
            } else if operation - mix.stage < mix.insert {
                // Deadlines near the last one popped, far ahead, in the past, extreme, or repeated.
                let deadline: Int64
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4: deadline = model.lastPopped &+ Int64.random(in: 0..<1_000, using: &random)
                case 4..<7: deadline = model.lastPopped &+ Int64.random(in: 0..<(1 << 42), using: &random)
                case 7: deadline = model.lastPopped &- Int64.random(in: 0..<1_000_000, using: &random)
                case 8: deadline = [Int64.min, .max, 0, -1, .max - 1][Int.random(in: 0..<5, using: &random)]
                default: deadline = model.entries.randomElement(using: &random)?.deadline ?? 0
                }
                let entry = model.add(deadline: deadline)
                queue.insert(entry)
            } else if (operation - mix.stage - mix.insert) < mix.pop {
                // Popped as a fire does, or dropped as a stale entry is.
                let expected = model.popFirst()
                let first = queue.first
                if Bool.random(using: &random) {
                    let popped = queue.popFirst()
                    if !same(first, expected) || !same(popped, expected) {
                        mismatches.append("step \(step): expected \(describe(expected)), got \(describe(popped))")
                    }
                } else {
                    queue.dropFirst()
                    if !same(first, expected) {
                        mismatches.append("step \(step): expected \(describe(expected)) first, got \(describe(first))")
                    }
                }
            } else if (operation - mix.stage - mix.insert - mix.pop) < mix.renumber {
                // As when the sequence counter wraps: every number by its rank among those in
                // use, which maps a number no longer in use (the fence's) onto the next one.
                let used = model.entries.map(\.sequence).sorted()
                let rank = { (sequence: UInt32) -> UInt32 in
                    var (low, high) = (0, used.count)
                    while low < high {
                        let middle = (low + high) / 2
                        if used[middle] < sequence { low = middle + 1 } else { high = middle }
                    }
                    return UInt32(low + 1)
                }
                queue.renumber(rank)
                model.renumber(rank)
            } else {
                // Drops about a third of the entries, as compacting stale entries does.
                let divisor = UInt32.random(in: 2...5, using: &random)
                queue.removeAll { $0.sequence % divisor != 0 }
                model.entries.removeAll { $0.sequence % divisor == 0 }
            }
            if queue.stagedCount > 0 { stagedSteps += 1 }
            if queue.count != model.entries.count {
                mismatches.append("step \(step): \(queue.count) entries, expected \(model.entries.count)")
            }
        }
        while let expected = model.popFirst() {
            let popped = queue.popFirst()
            if !same(popped, expected) { mismatches.append("drain: expected \(describe(expected))") }
        }
        #expect(queue.popFirst() == nil)
        #expect(Array(mismatches.prefix(5)) == [])
        return stagedSteps
    }

    @Test("without buckets, 20 000 entries in random order: staging keeps the earliest apart and they pop in order")
    func stagingKeepsTheEarliest() {
        var random = SplitMix64(seed: 7)
        var queue = TimerDeadlines(usesBuckets: false, stagedTarget: 256)
        var model = DeadlineModel()
        for _ in 0..<20_000 {
            queue.insert(model.add(deadline: Int64.random(in: 0..<1_000_000_000, using: &random)))
        }
        // Topped up to 256 as entries came, shrunk back to 256 whenever it passed 512.
        #expect((256...512).contains(queue.stagedCount))
        // Renumbered by a map that keeps the order: the order and the split hold.
        queue.renumber { $0 * 3 }
        for index in model.entries.indices { model.entries[index].sequence *= 3 }
        var popped: [HeapEntry] = []
        while popped.count < 300, let entry = queue.popFirst() {
            popped.append(entry)
            queue.stage(upTo: 1)
        }
        var expected: [HeapEntry] = []
        while expected.count < 300, let entry = model.popFirst() { expected.append(entry) }
        #expect(popped.map(\.sequence) == expected.map(\.sequence))
        // One staged a pop: from 512 at most, 300 pops leave it at 256.
        #expect(queue.stagedCount == 256)
        #expect(queue.count == 20_000 - 300)
    }

    @Test("selection finds the entry of every rank, with repeated deadlines", arguments: [1, 2, 5, 64, 1_000])
    func selection(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        var heap = TimerHeap()
        var entries: [HeapEntry] = []
        for sequence in 0..<UInt32(count) {
            let entry = HeapEntry(deadline: Int64.random(in: 0..<8, using: &random), sequence: sequence, slot: 0)
            heap.insert(entry)
            entries.append(entry)
        }
        let sorted = entries.sorted { $0.precedes($1) }.map(\.sequence)
        #expect((0..<count).map { heap.entry(ranked: $0).sequence } == sorted)
    }

    @Test("renumbering keeps the order, in the front and the buckets")
    func renumbering() {
        var queue = TimerDeadlines(usesBuckets: true, spillThreshold: 64)
        var model = DeadlineModel()
        for index in 0..<2_000 {
            let entry = model.add(deadline: Int64(index % 7) << 30)
            queue.insert(entry)
        }
        // One pop fills the front; the rest stay in buckets.
        #expect(queue.popFirst()?.sequence == model.popFirst()?.sequence)
        queue.renumber { $0 * 2 }
        var previous: (Int64, UInt32) = (.min, 0)
        var popped = 0
        while let entry = queue.popFirst() {
            #expect((previous.0, previous.1) < (entry.deadline, entry.sequence))
            previous = (entry.deadline, entry.sequence)
            popped += 1
        }
        #expect(popped == 1_999)
    }

    @Test(
        "dropping or popping 100 000 entries in deadline order, or in reverse order of insertion, reads each bucket entry a few times",
        arguments: [false, true])
    func dropsInDeadlineOrderStayLinear(reversed: Bool) {
        let count = 100_000
        var queue = TimerDeadlines(usesBuckets: true)
        for index in 0..<count {
            let second = Int64(reversed ? count - index : index + 1)
            queue.insert(HeapEntry(deadline: second * 1_000_000_000, sequence: UInt32(index + 1), slot: UInt32(index)))
        }
        var order: [Int64] = []
        for step in 0..<count {
            order.append(queue.first?.deadline ?? -1)
            // Cancelled timers are dropped; fired ones popped: both in deadline order.
            if step.isMultiple(of: 2) { queue.dropFirst() } else { _ = queue.popFirst() }
        }
        #expect(order == (1...Int64(count)).map { $0 * 1_000_000_000 })
        #expect(queue.count == 0)
        // A fill moves an entry one bucket down at least: about log2(count / 512) ≈ 8 reads
        // each. A scan of a bucket per drop would read billions. (In reverse order every entry
        // after the first spill precedes those spilled, so it joins the front: few reads.)
        #expect(queue.bucketEntriesRead <= 12 * count)
        #expect(queue.bucketEntriesRead >= (reversed ? 1 : count))
    }

    private func same(_ entry: HeapEntry?, _ other: HeapEntry?) -> Bool {
        entry?.deadline == other?.deadline && entry?.sequence == other?.sequence && entry?.slot == other?.slot
    }

    private func describe(_ entry: HeapEntry?) -> String {
        entry.map { "(\($0.deadline), \($0.sequence))" } ?? "nil"
    }
}

/// The entries in a plain array: the earliest is found by a scan.
private struct DeadlineModel {
    var entries: [HeapEntry] = []
    var lastPopped: Int64 = 0
    private var nextSequence: UInt32 = 0

    mutating func add(deadline: Int64) -> HeapEntry {
        nextSequence += 1
        let entry = HeapEntry(deadline: deadline, sequence: nextSequence, slot: nextSequence % 1_000)
        entries.append(entry)
        return entry
    }

    /// Renumbers every entry with `rank`, as the storage does when its counter wraps; new
    /// entries then count on from the number of entries.
    mutating func renumber(_ rank: (UInt32) -> UInt32) {
        for index in entries.indices { entries[index].sequence = rank(entries[index].sequence) }
        nextSequence = UInt32(entries.count)
    }

    mutating func popFirst() -> HeapEntry? {
        guard let index = entries.indices.min(by: { entries[$0].precedes(entries[$1]) }) else { return nil }
        lastPopped = entries[index].deadline
        return entries.remove(at: index)
    }
}
