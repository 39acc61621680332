#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Memory for arrays of plain values that grow by doubling: `realloc` grows a large block in
/// place where it can (on Linux it moves the pages of a mapped block instead of copying them),
/// so a growing array neither copies its contents nor touches fresh pages for them.
///
/// Only for types that may be moved bit by bit (no weak references) and need no more than
/// malloc's alignment. Memory from here goes back with ``free(_:)`` alone.
enum GrowableMemory {
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
