public import Foundation

/// Keeps the cooldown in a JSON file, written atomically (a temporary file, then a rename),
/// so that a crash during a save leaves the old file or the new one, never a torn one.
public struct FileCooldownStore: CooldownStore {
    /// The file: `cooldown.json` in the directory given.
    public let file: URL
    /// Files larger than this are refused unread.
    static let largestFile = 64 * 1_024

    /// A store in `directory`, which is created on the first save if missing.
    public init(directory: URL) {
        file = directory.appendingPathComponent("cooldown.json")
    }

    public func load() throws(CooldownStoreError) -> SavedCooldown? {
        let path = file.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= Self.largestFile else { throw .tooLarge(path: path, bytes: size) }
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw .unreadable(path: path, reason: Self.reason(error)) }
        guard !data.isEmpty else { throw .corrupt(path: path, reason: "the file is empty") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(SavedCooldown.self, from: data)
        } catch {
            throw .corrupt(path: path, reason: "not the expected JSON")
        }
    }

    public func save(_ cooldown: SavedCooldown) throws(CooldownStoreError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(cooldown)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw .unwritable(path: file.path, reason: Self.reason(error))
        }
    }

    public func clear() throws(CooldownStoreError) {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do { try FileManager.default.removeItem(at: file) } catch {
            throw .unwritable(path: file.path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(describing: POSIXError(code).localizedDescription)
        }
        return (error as NSError).localizedDescription
    }
}
