import Hourglass

/// Lines printed by a sample, appended from any thread.
final class Printed: Sendable {
    private let storage = Locked<[String]>([])

    func append(_ line: String) { storage.withLock { $0.append(line) } }

    var lines: [String] { storage.withLock { $0 } }
}
