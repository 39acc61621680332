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

    /// Reads `cooldown.json`; nil when there is none. Anything but a regular file of at most
    /// 64 KiB (a FIFO, a socket, a device, a directory, a symlink loop) is refused unread, and
    /// nothing here can block.
    public func load() throws(CooldownStoreError) -> SavedCooldown? {
        let path = file.path
        let data: Data
        do { data = try RegularFile.read(path, limit: Self.largestFile) } catch {
            switch error {
            case .missing: return nil
            case .tooLarge(let bytes): throw .tooLarge(path: path, bytes: bytes)
            default: throw .unreadable(path: path, reason: error.reason)
            }
        }
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
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: file.path, reason: Self.reason(error))
        }
        try Self.replace(file.path, with: data)
    }

    /// Removes `cooldown.json`, if it exists (never a directory in its place).
    public func clear() throws(CooldownStoreError) {
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw .unwritable(path: file.path, reason: RegularFile.reason(errno))
        }
    }

    /// Writes `data` to `path.tmp`, flushes it, and renames it over `path`. Whatever was left
    /// at `path.tmp` (a torn file, a FIFO, a symlink) is removed first, and the new one is
    /// made exclusively, so the open can neither block nor write through a link.
    private static func replace(_ path: String, with data: Data) throws(CooldownStoreError) {
        let temporary = path + ".tmp"
        guard unlink(temporary) == 0 || errno == ENOENT else {
            throw .unwritable(path: path, reason: RegularFile.reason(errno))
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: RegularFile.reason(errno)) }
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
        guard failure == 0 else { throw .unwritable(path: path, reason: RegularFile.reason(failure)) }
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(describing: POSIXError(code).localizedDescription)
        }
        return (error as NSError).localizedDescription
    }
}
