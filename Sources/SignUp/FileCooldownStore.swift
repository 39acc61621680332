public import Foundation

/// Keeps the cooldown in a JSON file, written atomically: the bytes go to `cooldown.json.tmp`,
/// which is flushed to disk and then renamed over the file. A crash during a save leaves the
/// old file or the new one, never a torn one, and at most that one temporary file, which the
/// next save overwrites.
public struct FileCooldownStore: CooldownStore {
    /// The file: `cooldown.json` in the directory given.
    public let file: URL
    /// Files larger than this are refused unread.
    static let largestFile = 64 * 1_024

    /// A store in `directory`, which is created on the first save if missing.
    public init(directory: URL) {
        file = directory.appendingPathComponent("cooldown.json")
    }

    /// Reads `cooldown.json`; nil when there is none.
    public func load() throws(CooldownStoreError) -> SavedCooldown? {
        let path = file.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= Self.largestFile else { throw .tooLarge(path: path, bytes: size) }
        let data = try Self.contents(of: path)
        guard !data.isEmpty else { throw .corrupt(path: path, reason: "the file is empty") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(SavedCooldown.self, from: data)
        } catch {
            throw .corrupt(path: path, reason: "not the expected JSON")
        }
    }

    /// Writes `cooldown.json` atomically (see the type's description).
    public func save(_ cooldown: SavedCooldown) throws(CooldownStoreError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(cooldown)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: file.path, reason: Self.reason(error))
        }
        try Self.replace(file.path, with: data)
    }

    /// Removes `cooldown.json`, if it exists.
    public func clear() throws(CooldownStoreError) {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do { try FileManager.default.removeItem(at: file) } catch {
            throw .unwritable(path: file.path, reason: Self.reason(error))
        }
    }

    /// The file's bytes, read with POSIX calls (Foundation's `Data(contentsOf:)` leaked its
    /// buffer here under LeakSanitizer).
    private static func contents(of path: String) throws(CooldownStoreError) -> Data {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while data.count <= largestFile {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Writes `data` to `path.tmp`, flushes it, and renames it over `path`.
    private static func replace(_ path: String, with data: Data) throws(CooldownStoreError) {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else { throw .unwritable(path: path, reason: String(cString: strerror(failure))) }
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(describing: POSIXError(code).localizedDescription)
        }
        return (error as NSError).localizedDescription
    }
}
