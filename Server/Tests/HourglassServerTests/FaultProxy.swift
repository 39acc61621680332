import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the proxy does with one request.
enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// Forwarded; the server's answer is sent back whole.
    case pass
    /// Forwarded; the server's answer is read, then the client's connection is closed without it.
    case dropAnswer
    /// Forwarded; the server's answer is held this long, then sent (to a client that gave up).
    case delayAnswer(Duration)
    /// Not forwarded: a proxy's `502 Bad Gateway` HTML page.
    case badGateway
    /// Not forwarded: a `503` with `Retry-After: 5` and a JSON body that is not the contract's problem.
    case unavailable
    /// Forwarded; the server's head and half its body are sent, then the connection is reset.
    case resetMidBody

    var description: String {
        switch self {
        case .pass: "passed"
        case .dropAnswer: "answer dropped"
        case .delayAnswer(let delay): "answer held \(delay)"
        case .badGateway: "502 page"
        case .unavailable: "503 Retry-After 5"
        case .resetMidBody: "reset mid-body"
        }
    }

    /// Whether the request reaches the server.
    var forwards: Bool { self != .badGateway && self != .unavailable }
}

/// A request the proxy saw and what became of it: `POST /v1/codes +14155550123: 200, answer dropped`.
struct Exchange: Sendable, Hashable, CustomStringConvertible {
    /// The method and the path.
    let request: String
    /// The JSON body's `destination`.
    let destination: String?
    let fault: Fault
    /// The server's status; nil when the request was not forwarded or the server was down.
    let status: Int?

    var description: String {
        let outcome = fault.forwards ? status.map(String.init) ?? "server down" : "not forwarded"
        return "\(request) \(destination ?? "-"): \(outcome), \(fault)"
    }
}

/// An HTTP/1.1 proxy on 127.0.0.1 that injects a ``Fault`` per request, in the order they were
/// queued (``pass`` once the queue is empty). One request per connection (every answer says
/// `Connection: close`, so a client never reuses one the proxy closed), a thread per connection,
/// every read and write bounded by 10 s. It adds `X-Forwarded-For`, so that the server counts
/// the test's own address. A server that is down (between a stop and a start) gets the client's
/// connection closed without an answer.
final class FaultProxy: Sendable {
    /// Where clients connect.
    let port: Int
    private let listener: Int32
    private let forwardedFor: String
    private let state = Mutex(State())

    private struct State {
        var upstream: Int?
        var faults: [Fault] = []
        var exchanges: [Exchange] = []
        /// The accept loop and the connections being served.
        var threads = 1
        var stopped = false
    }

    /// A proxy that tells the server every request comes from `forwardedFor`.
    init(forwardedFor: String) throws {
        self.forwardedFor = forwardedFor
        (listener, port) = try Socket.openListener()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The server's port; nil while it is down.
    func forward(to port: Int?) { state.withLock { $0.upstream = port } }

    /// Queues the fates of the next requests, in order.
    func inject(_ faults: Fault...) { state.withLock { $0.faults += faults } }

    /// Every exchange so far, in order.
    var exchanges: [Exchange] { state.withLock { $0.exchanges } }

    /// Stops accepting, then waits (at most 10 s) for the connections being served.
    func stop() async {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        // Wakes the accept loop, which closes the socket: it is never closed while in use.
        if first { _ = shutdown(listener, Int32(SHUT_RDWR)) }
        let deadline = ContinuousClock.now + .seconds(10)
        while state.withLock({ $0.threads }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    private func acceptLoop() {
        defer {
            close(listener)
            state.withLock { $0.threads -= 1 }
        }
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            state.withLock { $0.threads += 1 }
            Thread.detachNewThread { [self] in
                serve(client)
                state.withLock { $0.threads -= 1 }
            }
        }
    }

    private func serve(_ client: Int32) {
        var reset = false
        defer {
            if reset { Socket.resetOnClose(client) }
            close(client)
        }
        Socket.bound(client)
        guard let request = Message.read(from: client, isRequest: true) else { return }
        // Logged as it arrives, its status filled in once known: in the order the client sent them.
        let (fault, upstream, index) = state.withLock { state in
            let fault = state.faults.isEmpty ? Fault.pass : state.faults.removeFirst()
            state.exchanges.append(
                Exchange(request: request.target, destination: request.destination, fault: fault, status: nil))
            return (fault, state.upstream, state.exchanges.count - 1)
        }
        var status: Int?
        defer {
            let exchange = Exchange(
                request: request.target, destination: request.destination, fault: fault, status: status)
            state.withLock { $0.exchanges[index] = exchange }
        }
        switch fault {
        case .badGateway:
            Socket.write(client, Message.page(502, "Bad Gateway", "text/html", Self.badGatewayPage))
            return
        case .unavailable:
            Socket.write(
                client,
                Message.page(503, "Service Unavailable", "application/json", Self.unavailableBody, "Retry-After: 5"))
            return
        case .pass, .dropAnswer, .delayAnswer, .resetMidBody:
            break
        }
        guard let upstream, let answer = exchange(request, with: upstream) else { return }
        status = answer.status
        switch fault {
        case .dropAnswer, .badGateway, .unavailable:
            return
        case .pass:
            Socket.write(client, answer.bytes)
        case .delayAnswer(let delay):
            Thread.sleep(
                forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            Socket.write(client, answer.bytes)
        case .resetMidBody:
            Socket.write(client, Array(answer.bytes.prefix(answer.headLength + answer.body.count / 2)))
            // Long enough for the client to read the half it got before the reset.
            Thread.sleep(forTimeInterval: 0.1)
            reset = true
        }
    }

    /// Sends `request` to the server on `port` and reads its whole answer; nil when the server
    /// cannot be reached or does not answer.
    private func exchange(_ request: Message, with port: Int) -> Message? {
        guard let server = Socket.openConnection(port: port) else { return nil }
        defer { close(server) }
        Socket.bound(server)
        guard Socket.write(server, request.forwarded(as: forwardedFor)) else { return nil }
        return Message.read(from: server, isRequest: false)
    }

    private static let badGatewayPage = Array(
        """
        <html>
        <head><title>502 Bad Gateway</title></head>
        <body>
        <center><h1>502 Bad Gateway</h1></center>
        <hr><center>nginx</center>
        </body>
        </html>

        """.utf8)
    private static let unavailableBody = Array(#"{"error":"maintenance","message":"Back in a moment"}"#.utf8)
}

/// An HTTP/1.1 message as read from a socket: its head's lines and its body, raw.
private struct Message {
    let lines: [String]
    let headLength: Int
    let bytes: [UInt8]

    var body: ArraySlice<UInt8> { bytes[headLength...] }
    /// A request's method and path.
    var target: String { lines[0].split(separator: " ").prefix(2).joined(separator: " ") }
    /// An answer's status.
    var status: Int? { lines[0].split(separator: " ").dropFirst().first.flatMap { Int($0) } }
    /// A JSON body's `destination`.
    var destination: String? {
        (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["destination"] as? String
    }

    func header(_ name: String) -> String? {
        lines.dropFirst().first { $0.lowercased().hasPrefix(name + ":") }.map {
            $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The request as the proxy forwards it: on a connection of its own, from `address`.
    func forwarded(as address: String) -> [UInt8] {
        let dropped = ["connection:", "keep-alive:", "x-forwarded-for:", "proxy-connection:"]
        var head = lines.filter { line in !dropped.contains { line.lowercased().hasPrefix($0) } }
        head += ["Connection: close", "X-Forwarded-For: \(address)"]
        return Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    /// A whole answer of the proxy's own.
    static func page(_ status: Int, _ reason: String, _ type: String, _ body: [UInt8], _ extra: String...) -> [UInt8] {
        let head =
            ["HTTP/1.1 \(status) \(reason)", "Content-Type: \(type)", "Content-Length: \(body.count)"] + extra
            + ["Connection: close"]
        return Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    /// Reads one message: its head, then a body of `Content-Length` bytes, a chunked one to its
    /// last chunk, or (an answer with neither) to the end of the connection. The head of an
    /// answer is given `Connection: close`. Nil when the peer closes or stalls before the end.
    static func read(from socket: Int32, isRequest: Bool) -> Message? {
        var bytes: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard bytes.count < 65_536, Socket.read(socket, into: &bytes) else { return nil }
            headEnd = bytes.firstRange(of: separator)?.upperBound
        }
        guard let headEnd else { return nil }
        var lines = String(decoding: bytes[..<(headEnd - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let head = Message(lines: lines, headLength: headEnd, bytes: Array(bytes[..<headEnd]))
        if let length = head.header("content-length").flatMap({ Int($0) }) {
            while bytes.count < headEnd + length {
                guard Socket.read(socket, into: &bytes) else { return nil }
            }
        } else if head.header("transfer-encoding")?.lowercased() == "chunked" {
            while !bytes[headEnd...].suffix(5).elementsEqual("0\r\n\r\n".utf8) {
                guard Socket.read(socket, into: &bytes) else { return nil }
            }
        } else if !isRequest {
            while Socket.read(socket, into: &bytes) {}
        }
        if !isRequest {
            lines = lines.filter { !$0.lowercased().hasPrefix("connection:") } + ["Connection: close"]
            let newHead = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
            return Message(lines: lines, headLength: newHead.count, bytes: newHead + bytes[headEnd...])
        }
        return Message(lines: lines, headLength: headEnd, bytes: bytes)
    }
}

/// The few POSIX socket calls the proxy makes, on 127.0.0.1 only.
private enum Socket {
    #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let stream = SOCK_STREAM
    static let noSignal: Int32 = 0
    #endif

    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code = errno
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A socket listening on 127.0.0.1 on a free port, and that port.
    static func openListener() throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw Failure(call: "socket") }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let failure = Failure(call: "bind")
            close(descriptor)
            throw failure
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A socket connected to 127.0.0.1:`port`; nil when nothing listens there.
    static func openConnection(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { return nil }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        return address
    }

    /// Bounds every read and write of `socket` to 10 s.
    static func bound(_ socket: Int32) {
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, size)
        _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, size)
    }

    /// Makes closing `socket` reset the connection instead of ending it.
    static func resetOnClose(_ socket: Int32) {
        var linger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Appends what `socket` has to `bytes`; false at its end, on an error or after 10 s.
    static func read(_ socket: Int32, into bytes: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes += buffer[..<count]
            return true
        }
    }

    /// Writes all of `bytes`; false when the peer went away.
    @discardableResult
    static func write(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, noSignal) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
