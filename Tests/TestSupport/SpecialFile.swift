import Foundation

/// A file that is not a regular file, made at a path for a test: what a program opening
/// "a file" must refuse without blocking.
public enum SpecialFile: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A named pipe with no writer: a blocking open for reading never returns.
    case fifo
    /// A bound unix-domain socket: `open` fails with ENXIO.
    case socket
    /// A character device (a symlink to /dev/zero, which never ends).
    case device
    /// A directory.
    case directory
    /// A symlink to itself: `open` fails with ELOOP.
    case symlinkLoop

    public var description: String { rawValue }

    /// Makes one at `path`.
    public func make(at path: String) throws {
        switch self {
        case .fifo:
            guard mkfifo(path, 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        case .socket:
            try Self.bindSocket(at: path)
        case .device:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .symlinkLoop:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
        }
    }

    /// What a reader should say about it, after "cannot read PATH: ".
    public var reason: String {
        switch self {
        case .fifo: "it is a FIFO (named pipe), not a regular file"
        case .socket: "it is a socket, not a regular file"
        case .device: "it is a character device, not a regular file"
        case .directory: "it is a directory, not a regular file"
        case .symlinkLoop: "Too many levels of symbolic links"
        }
    }

    /// Binds a unix-domain socket at `path` with the C API (the socket file stays after close).
    private static func bindSocket(at path: String) throws {
        #if canImport(Glibc)
        let descriptor = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Foundation.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }
}
