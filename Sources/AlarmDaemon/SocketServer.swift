import CLinux
import Foundation
import Logging
import OpenAlarmKit

/// The daemon's end of the protocol: a Unix stream socket speaking JSON lines. Malformed or
/// oversized input gets an error reply and the connection lives on; peers of another user are
/// refused. Runs entirely on the event loop's thread.
final class SocketServer {
    /// Answers a request with its reply line (JSON, no newline).
    typealias Handler = (AlarmProtocol.Request, Connection) -> Data

    final class Connection {
        let fd: Int32
        fileprivate var inbox: [UInt8] = []
        fileprivate var outbox: [UInt8] = []
        /// Skipping the rest of an oversized line.
        fileprivate var discarding = false
        /// Set by a `watch` request: `.some(nil)` watches every app.
        var watching: String?? = nil

        init(fd: Int32) { self.fd = fd }
    }

    /// A watcher that falls this far behind is disconnected rather than buffered forever.
    private static let maxOutbox = 16 << 20

    private let loop: EventLoop
    private let logger: Logger
    private let listenFD: Int32
    private let handler: Handler
    private var connections: [Int32: Connection] = [:]
    private let encoder = AlarmProtocol.encoder()
    private let decoder = AlarmProtocol.decoder()

    init(loop: EventLoop, listening fd: Int32, logger: Logger, handler: @escaping Handler) {
        self.loop = loop
        self.listenFD = fd
        self.logger = logger
        self.handler = handler
        _ = oak_set_nonblocking(fd)
        loop.watch(fd) { [unowned self] _ in acceptAll() }
    }

    var watchers: [Connection] { connections.values.filter { $0.watching != nil } }

    /// Pushes a message to one connection.
    func push(_ message: AlarmProtocol.Message, to connection: Connection) {
        guard let data = try? encoder.encode(message) else { return }
        push(line: data, to: connection)
    }

    /// Pushes an already encoded message (no newline) to one connection.
    func push(line: Data, to connection: Connection) {
        connection.outbox += line
        connection.outbox.append(0x0A)
        flush(connection)
    }

    func closeAll() {
        for connection in connections.values { drop(connection) }
        loop.unwatch(listenFD)
        close(listenFD)
    }

    // MARK: Connections

    private func acceptAll() {
        while true {
            let fd = oak_accept_nonblocking(listenFD)
            guard fd >= 0 else { return }
            var uid: UInt32 = 0
            guard oak_peer_uid(fd, &uid) == 0, uid == getuid() else {
                logger.warning("refused a connection from uid \(uid): alarmd serves only its own user")
                close(fd)
                continue
            }
            let connection = Connection(fd: fd)
            connections[fd] = connection
            loop.watch(fd) { [unowned self] events in ready(connection, events: events) }
        }
    }

    private func ready(_ connection: Connection, events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 { flush(connection) }
        guard events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                receive(chunk[..<n], on: connection)
                if connections[connection.fd] == nil { return }
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
            drop(connection)  // EOF or error
            return
        }
    }

    private func receive(_ bytes: ArraySlice<UInt8>, on connection: Connection) {
        var rest = bytes
        while let newline = rest.firstIndex(of: 0x0A) {
            let line = rest[rest.startIndex..<newline]
            rest = rest[(newline + 1)...]
            if connection.discarding {
                connection.discarding = false
                connection.inbox.removeAll()
                continue
            }
            connection.inbox += line
            let request = connection.inbox
            connection.inbox.removeAll(keepingCapacity: true)
            if request.count > AlarmProtocol.maxRequestBytes {
                push(tooLarge, to: connection)
            } else {
                handleLine(request, on: connection)
            }
        }
        if connection.discarding { return }
        connection.inbox += rest
        if connection.inbox.count > AlarmProtocol.maxRequestBytes {
            connection.inbox.removeAll()
            connection.discarding = true
            push(tooLarge, to: connection)
        }
    }

    private var tooLarge: AlarmProtocol.Message {
        .failure(id: nil, .init(.tooLarge, "request larger than \(AlarmProtocol.maxRequestBytes) bytes; ignored up to the next newline"))
    }

    private func handleLine(_ line: [UInt8], on connection: Connection) {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
        let request: AlarmProtocol.Request
        do {
            request = try decoder.decode(AlarmProtocol.Request.self, from: Data(line))
        } catch {
            push(.failure(id: Self.salvageID(line), .init(.malformed, "malformed request: \(Self.describe(error))")), to: connection)
            return
        }
        guard request.v == AlarmProtocol.version else {
            push(.failure(id: request.id, .init(.unsupportedVersion, "protocol version \(request.v) is not supported; this alarmd speaks \(AlarmProtocol.version)")), to: connection)
            return
        }
        push(line: handler(request, connection), to: connection)
    }

    private func flush(_ connection: Connection) {
        while !connection.outbox.isEmpty {
            let n = connection.outbox.withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                connection.outbox.removeFirst(n)
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN {
                if connection.outbox.count > Self.maxOutbox {
                    logger.warning("dropping a client that stopped reading (\(connection.outbox.count) bytes queued)")
                    drop(connection)
                } else {
                    loop.modify(connection.fd, events: EPOLLIN.rawValue | EPOLLOUT.rawValue)
                }
                return
            }
            drop(connection)
            return
        }
        loop.modify(connection.fd, events: EPOLLIN.rawValue)
    }

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        loop.unwatch(connection.fd)
        close(connection.fd)
    }

    /// The request id of a line that failed to decode as a whole, so the error reply can be
    /// matched by the client that sent it.
    private static func salvageID(_ line: [UInt8]) -> Int? {
        struct IDOnly: Decodable { var id: Int? }
        return (try? JSONDecoder().decode(IDOnly.self, from: Data(line)))?.id
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "bad value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON" : "bad value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        default: "\(error)"
        }
    }
}

/// Opens the listening socket: the one systemd passed (socket activation), else a new one at
/// `path` in a 0700 directory, mode 0600. A stale socket file (nobody answering) is replaced;
/// a live one means another alarmd runs, which is an error.
func openListeningSocket(path: String, environment: [String: String]) throws(DaemonError) -> Int32 {
    if let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
        let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1
    {
        _ = oak_set_cloexec(3)
        return 3  // SD_LISTEN_FDS_START
    }
    let directory = (path as NSString).deletingLastPathComponent
    if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw .system("cannot create \(directory)", errno) }
    chmod(directory, 0o700)
    if (try? AlarmConnection(socketPath: path)) != nil {
        throw .configuration("another alarmd is already serving \(path)")
    }
    unlink(path)
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .system("socket", errno) }
    guard let address = UnixSocketAddress(path: path) else {
        close(fd)
        throw .configuration("socket path too long (\(path.utf8.count) bytes): \(path); use a shorter XDG_RUNTIME_DIR")
    }
    let previousMask = umask(0o177)  // the socket is born 0600: no window where others can connect
    defer { umask(previousMask) }
    let bound = address.withSockaddr { bind(fd, $0, $1) }
    guard bound == 0, listen(fd, 64) == 0 else {
        let code = errno
        close(fd)
        throw .system("cannot listen on \(path)", code)
    }
    return fd
}
