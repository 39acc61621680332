import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The client address of the request being handled, for the per-address limits: the socket's
/// peer, or — only when the proxy in front is trusted — the last address of `X-Forwarded-For`,
/// the one that proxy added.
enum ClientAddress {
    @TaskLocal static var current = "unknown"

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// The last non-empty address of an `X-Forwarded-For` list (the one the trusted proxy
    /// added), its spaces and tabs trimmed, at most 64 bytes; nil when there is none. Read by
    /// its bytes: ``HeaderBoundsHandler`` has refused any value that is not printable ASCII.
    static func lastHop(_ value: String) -> String? {
        var hops = value.utf8[...]
        while let comma = hops.lastIndex(of: UInt8(ascii: ",")) {
            let last = hops[hops.index(after: comma)...]
            if !last.isEmpty {
                hops = last
                break
            }
            hops = hops[..<comma]
        }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while let first = hops.first, blank(first) { hops = hops.dropFirst() }
        while let last = hops.last, blank(last) { hops = hops.dropLast() }
        return hops.isEmpty ? nil : String(decoding: hops.prefix(64), as: UTF8.self)
    }

    /// What an address's limits are kept under: an IPv4 address as it is, also when a
    /// dual-stack socket (`--host ::`) gives it IPv4-mapped (`::ffff:198.51.100.7`); a real IPv6
    /// address by its /64 network, which one client gets whole (a limit per address would be a
    /// limit per 2⁶⁴ addresses). Read as a /64, every mapped IPv4 client would share one budget.
    static func limitKey(_ address: String) -> String {
        guard address.utf8.contains(UInt8(ascii: ":")) else { return address }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(format: "%x", Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]))
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The network of an address's limit key (``limitKey(_:)``) that shares a send budget
    /// (``VerificationRules/budgetShare``): an IPv4 address's /24, as one host's neighbours are
    /// one client's; an IPv6 /64 as it is.
    static func network(ofKey key: String) -> String {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return key }
        return parts.prefix(3).joined(separator: ".") + ".0/24"
    }
}
