#if canImport(Glibc)
import Glibc
#endif

/// Memory for the queue's big arrays (records, heap). From 16 MiB on Linux it is aligned to
/// 2 MiB and marked for transparent huge pages (`MADV_HUGEPAGE`; the system's default here is
/// `madvise`): a million timers are looked up at random, and with 4 KiB pages nearly every
/// lookup also missed the TLB.
enum LargeAllocation {
    static let hugePage = 2 << 20

    /// Uninitialized memory for `count` values of `T`, aligned to at least `alignment`.
    static func allocate<T>(_ type: T.Type, count: Int, alignment: Int = MemoryLayout<T>.alignment) -> UnsafeMutablePointer<T> {
        let byteCount = count * MemoryLayout<T>.stride
        #if canImport(Glibc)
        // Below 16 MiB the rounding up to whole huge pages would cost more than it saves.
        if byteCount >= 8 * hugePage {
            let rounded = (byteCount + hugePage - 1) / hugePage * hugePage
            let memory = UnsafeMutableRawPointer.allocate(byteCount: rounded, alignment: hugePage)
            _ = madvise(memory, rounded, MADV_HUGEPAGE)  // advice only: without it, plain pages
            return memory.bindMemory(to: T.self, capacity: count)
        }
        #endif
        return UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
            .bindMemory(to: T.self, capacity: count)
    }

    static func deallocate<T>(_ memory: UnsafeMutablePointer<T>) {
        UnsafeMutableRawPointer(memory).deallocate()
    }
}
