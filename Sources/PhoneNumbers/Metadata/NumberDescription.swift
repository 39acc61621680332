/// The numbers of one type in one region: the pattern they match and their possible lengths.
struct NumberDescription: Sendable {
    /// The national significant numbers of this type.
    let pattern: NumberPattern
    /// How many digits such a number can have, ascending.
    let lengths: [Int]
    /// Lengths that can be dialled only within an area (a number without its area code).
    let localLengths: [Int]
}
