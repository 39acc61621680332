/// The queue's state: a slab of timer records, a heap of scheduled deadlines and the queue of
/// manual fires.
///
/// Not thread-safe: ``TimerQueue`` owns it and touches it only under its lock. Records live in
/// a flat array addressed by slot + generation (so a stale ``TimerID`` can never reach a
/// reused slot); the heap (a ``TimerDeadlines``: a heap, with radix buckets behind it on
/// ``VirtualClock`` and its earliest entries staged apart on the real clocks) holds 16-byte
/// entries with the key inline. Cancelling or rescheduling leaves the old entry in the heap,
/// stale (its number is no longer the one ``TimerSlab/sequences`` holds for its slot): stale
/// entries are dropped when they reach the top, and the heap is compacted when they outnumber
/// the live ones, so it never holds more than about twice the live timers. Schedule is
/// O(log n) (amortized: now and then a compaction, or on a real clock the shrink of its staged
/// entries, takes longer), pop O(log n) amortized, cancel O(1) amortized.
struct TimerStorage: ~Copyable {
    private(set) var records = TimerSlab()
    /// The free slots, last freed first, chained through their records' `value`s; -1 for none.
    /// (A list in the records rather than an array: freeing slots never allocates, so
    /// cancelling a million timers does not grow an array and set glibc sorting its freed blocks.)
    private var freeHead = -1
    /// The extras of the timers that have one (``TimerRecord/hasExtra``): such a timer's record
    /// keeps the index of its extra in `value`, and the extra keeps the value (``value(of:)``).
    private var extras: [TimerExtra] = []
    private var freeExtras: [Int32] = []
    private(set) var heap: TimerDeadlines
    /// Manual fires in (instant, sequence) order, from `manualHead` on.
    private var manualFires: [ManualFire] = []
    private var manualHead = 0
    private var nextSequence: UInt32
    /// Entries in the heap whose timer was cancelled or rescheduled since.
    private var staleCount = 0
    private var leeways = LiveLeeways()
    private(set) var liveCount = 0
    /// Slots that a ``TimerHandle`` names; while there are any, the queue keeps itself alive.
    private(set) var handleCount = 0
    /// Written by ``warmFront()`` so that its reads are kept.
    private var warmed: UInt32 = 0

    /// - Parameters:
    ///   - lastSequence: the sequence counter's start (tests start it near ``lastSequence``).
    ///   - usesBuckets: whether far deadlines wait in radix buckets (``VirtualClock``) rather
    ///     than all in the heap, the earliest staged ahead (see ``TimerDeadlines``).
    ///   - stagedTarget: without buckets, how many deadlines are staged ahead (tests make it small).
    init(
        lastSequence: UInt32 = 0, usesBuckets: Bool = false,
        stagedTarget: Int = TimerDeadlines.defaultStagedTarget
    ) {
        nextSequence = lastSequence
        heap = TimerDeadlines(usesBuckets: usesBuckets, stagedTarget: stagedTarget)
    }

    // MARK: Slab

    /// Adds an idle repeating or countdown timer.
    mutating func allocate(
        kind: TimerKind, schedule: TimerSchedule, leeway: Int64, hasHandle: Bool, handler: TimerCallback
    ) -> TimerID {
        let flags: TimerFlags = hasHandle ? [.hasHandle, .hasExtra] : .hasExtra
        let extra = addExtra(TimerExtra(schedule: schedule, leeway: leeway, value: 0))
        return allocate(kind: kind, value: Int64(extra), flags: flags, leeway: leeway, handler: handler)
    }

    /// Adds an idle one-shot, due `value` after its start, or at `value` when `isAbsolute`.
    mutating func allocateOneShot(
        value: Int64, isAbsolute: Bool, leeway: Int64, hasHandle: Bool, handler: TimerCallback
    ) -> TimerID {
        var flags: TimerFlags = hasHandle ? .hasHandle : []
        if isAbsolute { flags.insert(.isAbsolute) }
        guard leeway != 0 else {
            return allocate(kind: .oneShot, value: value, flags: flags, leeway: leeway, handler: handler)
        }
        flags.insert(.hasExtra)
        let extra = addExtra(TimerExtra(schedule: nil, leeway: leeway, value: value))
        return allocate(kind: .oneShot, value: Int64(extra), flags: flags, leeway: leeway, handler: handler)
    }

    private mutating func allocate(
        kind: TimerKind, value: Int64, flags: TimerFlags, leeway: Int64, handler: TimerCallback
    ) -> TimerID {
        let sequence = takeSequence()
        let slot: Int
        if freeHead >= 0 {
            slot = freeHead
            freeHead = Int(records[slot].value)
            records[slot].handler = handler
            records[slot].kind = kind
            records[slot].state = .idle
            records[slot].flags = flags
            records[slot].value = value
            records.sequences[slot] = sequence
        } else {
            slot = records.count
            records.append(
                TimerRecord(handler: handler, kind: kind, state: .idle, flags: flags, generation: 0, value: value),
                sequence: sequence)
        }
        liveCount += 1
        if flags.contains(.hasHandle) { handleCount += 1 }
        leeways.add(leeway)
        return TimerID(slot: UInt32(slot), generation: records[slot].generation)
    }

    /// The slot of a timer if the id still names it.
    @inline(__always)
    func slot(of id: TimerID) -> Int? {
        let slot = Int(id.slot)
        guard slot < records.count,
            records[slot].generation == id.generation || id.generation == TimerID.handleGeneration
        else { return nil }
        return slot
    }

    /// A timer's record, read and changed in place (a copy would retain its handler). The
    /// slot must be one that ``slot(of:)`` returned or a heap entry names.
    subscript(slot: Int) -> TimerRecord {
        unsafeAddress { UnsafePointer(records.base + slot) }
        unsafeMutableAddress { records.base + slot }
    }

    /// A timer's `value` (``TimerRecord/value``), in its record or, with an extra, in that.
    @inline(__always)
    func value(of slot: Int) -> Int64 {
        records[slot].hasExtra ? extras[Int(records[slot].value)].value : records[slot].value
    }

    @inline(__always)
    private mutating func setValue(_ value: Int64, of slot: Int) {
        if records[slot].hasExtra {
            extras[Int(records[slot].value)].value = value
        } else {
            records[slot].value = value
        }
    }

    /// A timer's schedule.
    func schedule(of slot: Int) -> TimerSchedule {
        let value = value(of: slot)
        if records[slot].kind == .oneShot || !records[slot].hasExtra {
            let isAbsolute = records[slot].isAbsolute
            return .oneShot(OneShotSchedule(delay: isAbsolute ? 0 : value, deadline: isAbsolute ? value : nil))
        }
        return extras[Int(records[slot].value)].schedule ?? .oneShot(OneShotSchedule(delay: value))
    }

    /// Replaces a repeating or countdown timer's schedule.
    mutating func setSchedule(_ schedule: TimerSchedule, of slot: Int) {
        guard records[slot].hasExtra, records[slot].kind != .oneShot else { return }
        extras[Int(records[slot].value)].schedule = schedule
    }

    /// A timer's leeway.
    func leeway(of slot: Int) -> Int64 {
        records[slot].hasExtra ? extras[Int(records[slot].value)].leeway : 0
    }

    /// Keeps the time a paused timer has left (for a one-shot, in place of its delay).
    mutating func setPausedRemaining(_ left: Int64, of slot: Int) {
        setValue(left, of: slot)
        records[slot].isAbsolute = false
    }

    /// The deadline a running timer is scheduled for.
    func deadline(of slot: Int) -> Int64? { hasLiveEntry(slot) ? value(of: slot) : nil }

    /// The number that orders a timer among those created or scheduled (listings).
    func sequence(of slot: Int) -> UInt32 { records.sequences[slot] & ~TimerSlab.liveBit }

    @inline(__always)
    private func hasLiveEntry(_ slot: Int) -> Bool { records.sequences[slot] & TimerSlab.liveBit != 0 }

    /// Ends a timer: out of the heap, handler and extra released, slot freed unless a handle
    /// names it. Returns the handler so the caller can release it outside the lock.
    mutating func end(slot: Int, as state: TimerState) -> TimerCallback? {
        unschedule(slot: slot)
        let wasLive = !records[slot].state.isTerminal
        records[slot].state = state
        let handler = records[slot].handler.take()
        if wasLive {
            liveCount -= 1
            leeways.remove(leeway(of: slot))
        }
        if records[slot].hasExtra {
            let extra = Int(records[slot].value)
            records[slot].value = extras[extra].value
            records[slot].hasExtra = false
            extras[extra].schedule = nil
            freeExtras.append(Int32(extra))
        }
        if !records[slot].hasHandle { free(slot: slot) }
        return handler
    }

    /// The handle naming `slot` is gone; returns whether it was the last handle. A slot with a
    /// handle is never freed (``end(slot:as:)`` frees only slots without one), so a handle's
    /// slot is its own until this.
    mutating func dropHandle(slot: Int) -> Bool {
        records[slot].hasHandle = false
        handleCount -= 1
        return handleCount == 0
    }

    private mutating func addExtra(_ extra: TimerExtra) -> Int32 {
        if let reused = freeExtras.popLast() {
            extras[Int(reused)] = extra
            return reused
        }
        extras.append(extra)
        return Int32(extras.count - 1)
    }

    /// Frees the slot of a terminal timer whose handle is gone.
    mutating func free(slot: Int) {
        // Never the generation that handles use for their own slots (``TimerID/handleGeneration``).
        let next = records[slot].generation &+ 1
        records[slot].generation = next == TimerID.handleGeneration ? 0 : next
        records[slot].hasHandle = false
        records[slot].handler = nil
        records[slot].value = Int64(freeHead)
        freeHead = slot
    }

    // MARK: Due entries

    /// Schedules a timer's next fire at `deadline`, replacing its previous entry.
    mutating func schedule(slot: Int, at deadline: Int64) {
        unschedule(slot: slot)
        let sequence = takeSequence()
        setValue(deadline, of: slot)
        records.sequences[slot] = sequence | TimerSlab.liveBit
        heap.insert(HeapEntry(deadline: deadline, sequence: sequence, slot: UInt32(slot)))
    }

    /// Starts a one-shot that was just allocated, at its deadline or `now` plus its delay.
    mutating func startNewOneShot(slot: Int, now: Int64) {
        records[slot].state = .running
        let value = value(of: slot)
        schedule(slot: slot, at: records[slot].isAbsolute ? value : now.saturatingAdd(value))
    }

    /// Makes a timer's scheduled entry stale, if it has one.
    mutating func unschedule(slot: Int) {
        guard hasLiveEntry(slot) else { return }
        records.sequences[slot] &= ~TimerSlab.liveBit
        staleCount += 1
        dropStaleEntries()
    }

    /// Whether a heap entry is its timer's current one.
    @inline(__always)
    private func isLive(_ entry: HeapEntry) -> Bool { Self.isLive(entry, in: records.sequences) }

    @inline(__always)
    private static func isLive(_ entry: HeapEntry, in sequences: UnsafeMutablePointer<UInt32>) -> Bool {
        sequences[Int(entry.slot)] == entry.sequence | TimerSlab.liveBit
    }

    /// Keeps the heap's top live, and compacts the heap once stale entries outnumber live ones.
    private mutating func dropStaleEntries() {
        if staleCount > 32 && staleCount * 2 > heap.count {
            let sequences = records.sequences
            heap.removeAll { Self.isLive($0, in: sequences) }
            staleCount = 0
            return
        }
        // The top's record is read too (a live entry's timer is running), though `sequences`
        // alone decides: it brings the record of the next timer to fire into the cache while
        // this one runs (tools/bench/HISTORY.md has the measurement).
        while let top = heap.first, !(isLive(top) && records[Int(top.slot)].state == .running) {
            heap.dropFirst()
            staleCount -= 1
        }
    }

    /// Queues a manual fire of a timer at `instant`, after those queued before at that instant.
    mutating func scheduleManualFire(slot: Int, at instant: Int64) {
        let fire = ManualFire(
            instant: instant, sequence: takeSequence(), slot: UInt32(slot),
            generation: records[slot].generation)
        var index = manualFires.count
        while index > manualHead && manualFires[index - 1].instant > instant { index -= 1 }
        manualFires.insert(fire, at: index)
    }

    /// The earliest entry.
    var first: DueEntry? {
        let manual = manualHead < manualFires.count ? manualEntry(manualFires[manualHead]) : nil
        guard let top = heap.first else { return manual }
        let scheduled = DueEntry(
            deadline: top.deadline, sequence: top.sequence, slot: top.slot,
            generation: records[Int(top.slot)].generation, isManual: false)
        guard let manual else { return scheduled }
        return manual.precedes(scheduled) ? manual : scheduled
    }

    /// When the backend should wake: the earliest scheduled deadline plus the smallest leeway
    /// of the live timers, or a manual fire's instant if that is sooner; nil with nothing to run.
    /// Inlined: called through the queue's addressor, the call would copy the whole storage.
    var wakeInstant: Int64? {
        @inline(__always) get {
            let scheduled = heap.first.map { $0.deadline.saturatingAdd(leeways.minimum) }
            guard manualHead < manualFires.count else { return scheduled }
            let manual = manualFires[manualHead].instant
            guard let scheduled else { return manual }
            return min(manual, scheduled)
        }
    }

    /// Removes and returns the earliest entry if it is due at or before `instant`.
    mutating func popFirst(dueBy instant: Int64) -> DueEntry? {
        guard let entry = first, entry.deadline <= instant else { return nil }
        if entry.isManual {
            manualHead += 1
            if manualHead == manualFires.count {
                manualFires.removeAll(keepingCapacity: true)
                manualHead = 0
            }
        } else {
            let refills = heap.refills
            _ = heap.popFirst()
            records.sequences[Int(entry.slot)] &= ~TimerSlab.liveBit
            if heap.refills != refills { warmFront() }
            dropStaleEntries()
        }
        return entry
    }

    /// Stages up to `limit` of the earliest deadlines ahead of their fires
    /// (``TimerDeadlines/stage(upTo:)``); a no-op with buckets.
    mutating func stage(upTo limit: Int) {
        heap.stage(upTo: limit)
    }

    /// Reads what firing the front's entries will read, all at once: the misses overlap,
    /// where reading each record just before its fire waits for one miss at a time.
    private mutating func warmFront() {
        var sum: UInt32 = 0
        for entry in heap.frontEntries {
            let slot = Int(entry.slot)
            sum &+= records.sequences[slot] &+ records[slot].generation
        }
        warmed = sum
    }

    private func manualEntry(_ fire: ManualFire) -> DueEntry {
        DueEntry(
            deadline: fire.instant, sequence: fire.sequence, slot: fire.slot,
            generation: fire.generation, isManual: true)
    }

    // MARK: Sequence numbers

    /// The largest sequence number: the top bit of ``TimerSlab/sequences`` is the live bit.
    static let lastSequence = TimerSlab.liveBit - 1

    /// The next number of the counter that orders creations and schedules. Before it would
    /// pass ``lastSequence``, every number in use is renumbered from 1 in the same order.
    mutating func takeSequence() -> UInt32 {
        if nextSequence == Self.lastSequence { renumberSequences() }
        nextSequence += 1
        return nextSequence
    }

    /// Replaces every sequence number in use by its rank, keeping their order.
    private mutating func renumberSequences() {
        var used: [UInt32] = heap.sequences
        used += manualFires[manualHead...].map(\.sequence)
        for slot in records.indices where !records[slot].state.isTerminal { used.append(sequence(of: slot)) }
        used.sort()
        func rank(_ sequence: UInt32) -> UInt32 {
            var low = 0
            var high = used.count
            while low < high {
                let middle = (low + high) / 2
                if used[middle] < sequence { low = middle + 1 } else { high = middle }
            }
            return UInt32(low + 1)
        }
        heap.renumber(rank)
        for index in manualFires.indices.dropFirst(manualHead) {
            manualFires[index].sequence = rank(manualFires[index].sequence)
        }
        for slot in records.indices where !records[slot].state.isTerminal {
            records.sequences[slot] = rank(sequence(of: slot)) | (records.sequences[slot] & TimerSlab.liveBit)
        }
        nextSequence = UInt32(used.count)
    }
}
