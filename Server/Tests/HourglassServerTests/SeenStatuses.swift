import Foundation
import Synchronization

/// Every answer the suite saw, for `tools/contract-statuses` to hold against the contract: one
/// line `METHOD PATH STATUS` an answer, appended to the file `HOURGLASS_TEST_STATUSES` names
/// (nothing is kept without it). So no status the server sends goes undocumented.
enum SeenStatuses {
    private static let file = Mutex<FileHandle?>(
        ProcessInfo.processInfo.environment["HOURGLASS_TEST_STATUSES"].flatMap { path in
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
            }
            let handle = FileHandle(forWritingAtPath: path)
            _ = try? handle?.seekToEnd()
            return handle
        })

    /// Records an answer of `status` to `method` `target` (its query left out).
    static func record(_ method: String, _ target: String, _ status: Int) {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        file.withLock { handle in try? handle?.write(contentsOf: Data("\(method) \(path) \(status)\n".utf8)) }
    }

    /// Records each answer of a raw exchange: `sent`'s request lines, in order, with the
    /// statuses of `answers`.
    static func record(sent: String, answers: [String]) {
        let requests = sent.components(separatedBy: "\r\n").filter { line in
            ["GET ", "POST ", "PUT ", "DELETE ", "HEAD "].contains { line.hasPrefix($0) } && line.hasSuffix(" HTTP/1.1")
        }
        for (request, answer) in zip(requests, answers) {
            let parts = request.split(separator: " ")
            guard parts.count == 3, let status = Int(answer.prefix(3)) else { continue }
            record(String(parts[0]), String(parts[1]), status)
        }
    }
}
