import Foundation

/// Lines printed by a sample, appended from any thread.
final class Printed: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only read and written under `lock`.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ line: String) { lock.withLock { storage.append(line) } }

    var lines: [String] { lock.withLock { storage } }
}
