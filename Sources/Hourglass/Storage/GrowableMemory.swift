#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Memory for arrays of plain values that grow (``grownCapacity(_:)``): `realloc` grows a
/// large block in place where it can (on Linux it moves the pages of a mapped block instead of
/// copying them), so a growing array neither copies its contents nor touches fresh pages for
/// them.
///
/// Only for types that may be moved bit by bit (no weak references) and need no more than
/// malloc's alignment. Memory from here goes back with ``free(_:)`` alone.
enum GrowableMemory {
    /// Below this many entries an array doubles; from it on it grows by a quarter.
    static let steadyGrowthFrom = 8_192

    /// The capacity after `capacity` when an array is full. A small array doubles. A large
    /// one grows by a quarter: its block is past malloc's threshold for mapped memory, where
    /// growing moves pages instead of copying, and the memory held idle is at most a fifth of
    /// the block instead of half.
    static func grownCapacity(_ capacity: Int) -> Int {
        capacity < steadyGrowthFrom ? max(16, capacity * 2) : capacity + capacity / 4
    }

    static func allocate<Element>(_: Element.Type, capacity: Int) -> UnsafeMutablePointer<Element> {
        reallocate(nil, capacity: capacity)
    }

    /// Moves `pointer`'s elements (all of them, up to the old capacity) to a block for `capacity`.
    static func reallocate<Element>(
        _ pointer: UnsafeMutablePointer<Element>?, capacity: Int
    ) -> UnsafeMutablePointer<Element> {
        precondition(MemoryLayout<Element>.alignment <= 16)
        guard let block = realloc(pointer, max(1, capacity) * MemoryLayout<Element>.stride) else {
            fatalError("Hourglass: out of memory for \(capacity) timer entries")
        }
        return block.assumingMemoryBound(to: Element.self)
    }

    static func free<Element>(_ pointer: UnsafeMutablePointer<Element>?) {
        #if canImport(Darwin)
        Darwin.free(pointer)
        #elseif canImport(Glibc)
        Glibc.free(pointer)
        #elseif canImport(Musl)
        Musl.free(pointer)
        #endif
    }
}
