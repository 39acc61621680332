/// The next thing due: a timer's scheduled entry or a manual fire.
struct DueEntry {
    var deadline: Int64
    var sequence: UInt32
    var slot: UInt32
    var generation: UInt32
    var isManual: Bool

    /// Ordered by (deadline, sequence): equal deadlines run first-in first-out.
    @inline(__always)
    func precedes(_ other: DueEntry) -> Bool {
        deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
    }
}
