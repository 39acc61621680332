public import Foundation

/// Keeps the cooldown in a JSON file, written atomically: the bytes go to a temporary file
/// beside it (`cooldown.json.hourglass-RANDOM.tmp`), which is flushed to disk and then renamed over the
/// file. A crash during a save leaves the old file or the new one, never a torn one, and at
/// most that save's temporary file, which the next save removes (a save that fails removes
/// its own). Processes that share the directory may save at once: the file stays whole, the
/// last one renamed. The file holds the phone number or e-mail address, so it is readable by
/// its owner alone.
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
    /// 64 KiB (a FIFO, a socket, a device, a directory, a symlink loop, a kernel file that would
    /// block) is refused unread, and nothing here can block. A file whose JSON is right but whose
    /// values make no sense (another version, a field out of range) is refused too.
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
        let saved: SavedCooldown
        do { saved = try decoder.decode(SavedCooldown.self, from: data) } catch {
            throw .corrupt(path: path, reason: "not the expected JSON")
        }
        // JSON of the right shape with values that make no sense is as unreadable as broken JSON.
        do { _ = try saved.snapshot(at: Date()) } catch {
            switch error {
            case .unsupportedVersion(let version): throw .unsupportedVersion(path: path, version: version)
            case .invalid(let field): throw .corrupt(path: path, reason: "its \(field) is out of range")
            }
        }
        return saved
    }

    /// Writes `cooldown.json` atomically (see the type's description).
    public func save(_ cooldown: SavedCooldown) throws(CooldownStoreError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        let directory = file.deletingLastPathComponent().path
        // Said as it is: creating the directory would fail with "a file with the same name exists".
        if let other = RegularFile.nonDirectory(atPath: directory) {
            throw .unwritable(path: file.path, reason: "\(directory) is \(other), not a directory")
        }
        do {
            data = try encoder.encode(cooldown)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: file.path, reason: Self.reason(error))
        }
        Self.removeLeftovers(beside: file.path)
        try Self.replace(file.path, with: data)
    }

    /// Removes `cooldown.json`, if it exists (never a directory in its place).
    public func clear() throws(CooldownStoreError) {
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw .unwritable(path: file.path, reason: RegularFile.reason(errno))
        }
    }

    /// Writes `data` to a temporary file of this save's own beside `path`, flushes it, and
    /// renames it over `path`; on failure the temporary file is removed. It is made exclusively,
    /// readable by its owner alone, and never followed as a link, so the open can neither block
    /// nor write elsewhere. The save holds an exclusive `flock` on it throughout: a temporary
    /// file nobody holds was left by a save that died (see `removeLeftovers`).
    private static func replace(_ path: String, with data: Data) throws(CooldownStoreError) {
        var attempt = 0
        var temporary: String
        var descriptor: Int32
        while true {
            temporary = "\(path)\(Self.temporaryInfix)\(String(UInt64.random(in: .min ... .max), radix: 36)).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .unwritable(path: temporary, reason: RegularFile.reason(errno)) }
            let lock = lockNew(descriptor)
            if lock == 0 { break }
            unlink(temporary)
            close(descriptor)
            attempt += 1
            // Another save's sweep took it for a leftover between the open and the lock: a new
            // name. Any other failure to lock is the file system's, and is said.
            guard lock == EWOULDBLOCK, attempt < 8 else {
                throw .unwritable(path: temporary, reason: RegularFile.reason(lock))
            }
        }
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
        defer { close(descriptor) }
        guard failure == 0 else {
            unlink(temporary)
            throw .unwritable(path: temporary, reason: RegularFile.reason(failure))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .unwritable(path: path, reason: RegularFile.reason(code))
        }
    }

    /// Locks a new temporary file: 0, or errno (`EWOULDBLOCK` when another save's sweep holds
    /// it or has removed it already, which it does only while holding it).
    private static func lockNew(_ descriptor: Int32) -> Int32 {
        var result: Int32
        repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        guard result == 0 else { return errno }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return errno }
        return status.st_nlink > 0 ? 0 : EWOULDBLOCK
    }

    /// What names a save's temporary file, between `cooldown.json` and its random part.
    private static let temporaryInfix = ".hourglass-"

    /// Whether `name` is one a save gives its temporary file beside `file`: `file`, the infix,
    /// 1 to 13 base-36 digits, `.tmp` — never a file of the user's own such as `cooldown.json.tmp`.
    private static func isTemporaryName(_ name: String, of file: String) -> Bool {
        let prefix = file + temporaryInfix
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return false }
        let random = name.dropFirst(prefix.count).dropLast(4)
        return (1...13).contains(random.count) && random.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLowercase) }
    }

    /// Removes the temporary files beside `path` that saves which died (killed mid-save) left:
    /// regular files named as a save names them that no save holds locked. Never a directory,
    /// any other kind of file, or a file of another name.
    private static func removeLeftovers(beside path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let file = (path as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where isTemporaryName(name, of: file) {
            let leftover = directory + "/" + name
            let descriptor = open(leftover, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, Int(status.st_mode) & Int(S_IFMT) == Int(S_IFREG),
                flock(descriptor, LOCK_EX | LOCK_NB) == 0
            else { continue }
            unlink(leftover)
        }
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
