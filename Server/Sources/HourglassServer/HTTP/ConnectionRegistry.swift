import NIOCore
import Synchronization

/// The open connections of one listener: by client address, and which of them owe nothing (no
/// request being read, no answer owed) and since when. ``ConnectionGate`` admits a connection
/// through it; ``RequestDeadlineHandler`` says when one turns idle or busy.
///
/// A listener holds at most ``limit`` connections, and one client address (an IPv4 address, an
/// IPv6 /64: ``ClientAddress/limitKey(_:)``) at most ``addressShare`` of them. A connection over
/// either bound takes the place of the longest-idle connection that bound counts, closed for
/// it; when none is idle it is refused (closed at once). So neither one address nor a crowd of
/// idle keep-alive connections keeps an honest client out while a connection could be freed.
final class ConnectionRegistry: Sendable {
    /// The most connections open at once.
    let limit: Int
    /// The most connections open at once from one client address.
    let addressShare: Int

    private struct Entry {
        let channel: any Channel
        let address: String
        var idleSince: NIODeadline?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var perAddress: [String: Int] = [:]
        /// Called when a connection turns idle while the gate waits for one.
        var onIdle: (@Sendable () -> Void)?

        mutating func remove(_ id: ObjectIdentifier) {
            guard let entry = entries.removeValue(forKey: id) else { return }
            perAddress[entry.address, default: 1] -= 1
            if perAddress[entry.address] == 0 { perAddress[entry.address] = nil }
        }

        /// The longest-idle connection, of `address` if given.
        func longestIdle(of address: String? = nil) -> ObjectIdentifier? {
            var longest: (id: ObjectIdentifier, since: NIODeadline)?
            for (id, entry) in entries where address == nil || entry.address == address {
                if let since = entry.idleSince, since < longest?.since ?? .distantFuture { longest = (id, since) }
            }
            return longest?.id
        }
    }

    /// What became of a connection.
    enum Admission: Equatable {
        /// Admitted; `evicted` connections were closed to make room.
        case admitted(evicted: Int)
        /// Refused: every connection its bound counts is busy.
        case refused
    }

    private let state = Mutex(State())

    init(limit: Int, addressShare: Int) {
        self.limit = max(1, limit)
        self.addressShare = max(1, min(addressShare, limit))
    }

    /// Open connections.
    var count: Int { state.withLock { $0.entries.count } }

    /// Whether a new connection could be admitted now: under the limit, or one to close for it.
    var hasRoom: Bool { state.withLock { $0.entries.count < limit || $0.longestIdle() != nil } }

    /// Admits `channel`, from `address` (a limit key), idle until its first request; closes the
    /// connections it takes the place of.
    func admit(_ channel: any Channel, address: String) -> Admission {
        let (admission, evicted) = state.withLock { state -> (Admission, [any Channel]) in
            var evicted: [any Channel] = []
            if state.perAddress[address, default: 0] >= addressShare {
                guard let victim = state.longestIdle(of: address) else { return (.refused, []) }
                evicted.append(state.entries[victim]!.channel)
                state.remove(victim)
            }
            if state.entries.count >= limit {
                guard let victim = state.longestIdle() else { return (.refused, []) }
                evicted.append(state.entries[victim]!.channel)
                state.remove(victim)
            }
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, address: address, idleSince: .now())
            state.perAddress[address, default: 0] += 1
            return (.admitted(evicted: evicted.count), evicted)
        }
        for channel in evicted { channel.close(promise: nil) }
        return admission
    }

    /// `channel` closed.
    func remove(_ channel: any Channel) {
        state.withLock { $0.remove(ObjectIdentifier(channel)) }
    }

    /// `channel` owes nothing and waits for a request.
    func idle(_ channel: any Channel) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            let id = ObjectIdentifier(channel)
            guard state.entries[id] != nil, state.entries[id]!.idleSince == nil else { return nil }
            state.entries[id]!.idleSince = .now()
            defer { state.onIdle = nil }
            return state.onIdle
        }
        wake?()
    }

    /// `channel` reads a request or owes an answer.
    func busy(_ channel: any Channel) {
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            if state.entries[id] != nil { state.entries[id]!.idleSince = nil }
        }
    }

    /// Calls `wake` once, the next time a connection turns idle: the gate, which stopped
    /// accepting for want of room.
    func whenIdle(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.onIdle = wake }
    }
}
