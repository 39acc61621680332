#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Gives every live ``TimerQueue`` a number of four bytes, so that a ``TimerHandle`` names its
/// queue and its slot in eight bytes and fits in malloc's smallest block with its object
/// header (a reference and a ``TimerID`` would take the next size up, half as large again).
///
/// Numbers are reused once their queue is gone, the last freed first. The table is two levels of
/// memory that never moves: 65 536 blocks of 65 536 entries, each block allocated (as zero
/// pages) when first needed, so a lookup is two dependent loads and no lock.
enum TimerQueueDirectory {
    private static let blockBits: UInt32 = 16
    private static let blockSize = 1 << blockBits

    // nonisolated(unsafe): the table is allocated once (the static's initializer runs once)
    // and never moves. An entry is written under `lock` when its queue registers, before any
    // handle of that queue exists, and cleared when the queue is gone, after its last handle;
    // a reader holds a handle, so its read happens after the write and before the clear.
    // Readers of other entries touch other memory.
    private nonisolated(unsafe) static let blocks: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeRawPointer?>?> =
        allocateZeroed(count: blockSize)
    private static let lock = Lock()
    // nonisolated(unsafe): read and written only while `lock` is held.
    private nonisolated(unsafe) static var freeNumbers: [UInt32] = []
    private nonisolated(unsafe) static var nextNumber: UInt32 = 0

    /// A number for a queue being made; ``enter(_:as:)`` enters it once it is made.
    static func reserveNumber() -> UInt32 {
        lock.withLock {
            if let reused = freeNumbers.popLast() { return reused }
            precondition(nextNumber < UInt32.max, "Hourglass: more than 4 294 967 295 clocks at once")
            let number = nextNumber
            nextNumber += 1
            let block = Int(number >> blockBits)
            if blocks[block] == nil { blocks[block] = allocateZeroed(count: blockSize) }
            return number
        }
    }

    /// Enters `queue`, unretained, under its number.
    static func enter(_ queue: TimerQueue, as number: UInt32) {
        lock.withLock {
            entry(number).pointee = UnsafeRawPointer(Unmanaged.passUnretained(queue).toOpaque())
        }
    }

    /// Removes the queue numbered `number`, as it goes, and frees the number.
    static func remove(_ number: UInt32) {
        lock.withLock {
            entry(number).pointee = nil
            freeNumbers.append(number)
        }
    }

    /// The queue numbered `number`, unretained; it must be alive (a handle of it is).
    @inline(__always)
    static func queue(_ number: UInt32) -> Unmanaged<TimerQueue> {
        Unmanaged<TimerQueue>.fromOpaque(entry(number).pointee.unsafelyUnwrapped)
    }

    @inline(__always)
    private static func entry(_ number: UInt32) -> UnsafeMutablePointer<UnsafeRawPointer?> {
        blocks[Int(number >> blockBits)].unsafelyUnwrapped + Int(number & UInt32(blockSize - 1))
    }

    private static func allocateZeroed<Element>(count: Int) -> UnsafeMutablePointer<Element?> {
        guard let memory = calloc(count, MemoryLayout<Element?>.stride) else {
            fatalError("Hourglass: out of memory for the clocks' directory")
        }
        return memory.assumingMemoryBound(to: Element?.self)
    }
}
