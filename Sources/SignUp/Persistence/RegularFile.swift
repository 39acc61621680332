package import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a file that must be a regular file of sane size, without ever blocking on it.
///
/// The file is opened with `O_NONBLOCK`, so a FIFO with no writer cannot hang the open, and
/// checked with `fstat` on the open descriptor (no race with a file swapped in between) to be
/// a regular file no larger than the limit before a byte is read. A FIFO, socket, device,
/// directory or symlink loop is refused with an error that names what it is, and so is a
/// kernel file that calls itself regular but would block when read (`/proc/kmsg`).
package enum RegularFile {
    /// Why a file was not read.
    package enum Failure: Error, Hashable, Sendable {
        /// There is no file at the path.
        case missing
        /// It exists but is not a regular file; `kind` says what it is ("a FIFO (named pipe)").
        case notRegular(kind: String)
        /// It is larger than the limit.
        case tooLarge(bytes: Int)
        /// Reading it would block, though it says it is a regular file (`/proc/kmsg`).
        case wouldBlock
        /// The system refused: `strerror` of errno.
        case system(reason: String)

        /// What went wrong, in words that fit after "cannot read PATH: ".
        package var reason: String {
            switch self {
            case .missing: RegularFile.reason(ENOENT)
            case .notRegular(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let bytes): "it is \(bytes) bytes, too large"
            case .wouldBlock: "reading it would block: it is a special file, not a plain one"
            case .system(let reason): reason
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing }
            // A socket cannot be opened at all (ENXIO): say what it is rather than the errno.
            if let kind = kind(atPath: path), kind != regular { throw .notRegular(kind: describe(kind)) }
            throw .system(reason: reason(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(reason: reason(errno)) }
        let kind = Int(status.st_mode) & Int(S_IFMT)
        guard kind == regular else { throw .notRegular(kind: describe(kind)) }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(bytes: size) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // A plain file never makes a non-blocking read wait; a kernel file that does is
            // refused rather than polled (it may have nothing to say for ever).
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw .wouldBlock }
            guard count >= 0 else { throw .system(reason: reason(errno)) }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        // The file grew while it was read.
        guard data.count <= limit else { throw .tooLarge(bytes: data.count) }
        return data
    }

    private static let regular = Int(S_IFREG)

    /// The type bits of what is at `path` (following symlinks), or nil when it cannot be told.
    private static func kind(atPath path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_mode) & Int(S_IFMT)
    }

    /// What is at `path` when it is there but is no directory ("a FIFO (named pipe)", "a regular
    /// file"); nil when it is a directory or nothing is there.
    package static func nonDirectory(atPath path: String) -> String? {
        guard let kind = kind(atPath: path), kind != Int(S_IFDIR) else { return nil }
        return kind == regular ? "a regular file" : describe(kind)
    }

    private static func describe(_ kind: Int) -> String {
        switch kind {
        case Int(S_IFIFO): "a FIFO (named pipe)"
        case Int(S_IFSOCK): "a socket"
        case Int(S_IFCHR): "a character device"
        case Int(S_IFBLK): "a block device"
        case Int(S_IFDIR): "a directory"
        default: "an unknown kind of file"
        }
    }

    /// The system's words for `code`.
    package static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
