import FoundationEssentials
import LinuxSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Why talking to alarmd failed.
package enum ConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing listens at the socket.
    case daemonNotRunning(socket: String)
    /// The daemon closed the connection or sent something unreadable.
    case broken(String)
    /// The daemon refused the request.
    case refused(AlarmProtocol.ErrorReply)

    /// For people (translated; alarmd's refusal stays in alarmd's words, English on the wire).
    package var description: String {
        switch self {
        case .daemonNotRunning(let socket): tr("alarmd is not running (no answer at %s); start it with `alarmd` or `systemctl --user start alarmd.socket`", socket)
        case .broken(let why): tr("lost the connection to alarmd: %s", why)
        case .refused(let reply): reply.message
        }
    }
}

/// One connection to alarmd. Requests block the calling thread until their reply (the daemon
/// answers in microseconds; a 10 s receive timeout keeps a wedged daemon from hanging us).
package final class AlarmConnection: @unchecked Sendable {
    // The lock serialises whole request/reply exchanges; `fd` and `received` are touched only
    // under it, or by the one watch reader after `watch()` hands the connection over.
    private let lock = Lock()
    private let fd: Int32
    private var received = ReceiveBuffer()
    /// The records of the line being received, read as they arrive.
    private var streamed = StreamedList()
    private var nextID = 1

    package init(socketPath: String) throws(ConnectionError) {
        // The descriptor is owned (and closed by deinit) only once connected; a failure closes
        // it here, before `self` exists, so it can never be closed twice.
        fd = try Self.connectedSocket(to: socketPath)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func connectedSocket(to socketPath: String) throws(ConnectionError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .broken("socket(): \(String(cString: strerror(errno)))") }
        guard let address = UnixSocketAddress(path: socketPath) else {
            close(fd)
            throw .broken("socket path too long: \(socketPath)")
        }
        let connected = address.withSockaddr { connect(fd, $0, $1) }
        guard connected == 0 else {
            close(fd)
            throw .daemonNotRunning(socket: socketPath)
        }
        return fd
    }

    deinit {
        close(fd)
        received.deallocate()
    }

    /// Sends a request and returns its reply; a refusal throws `.refused`.
    @discardableResult
    package func send(_ op: AlarmProtocol.Operation, app: String? = nil, alarm: UUID? = nil, record: AlarmRecord? = nil, limit: Int? = nil) throws(ConnectionError) -> AlarmProtocol.Message {
        try send(AlarmProtocol.Request(id: 0, op: op, app: app, alarm: alarm, record: record, limit: limit))
    }

    /// Sends a request built by the caller (its `id` is replaced) and returns its reply.
    @discardableResult
    package func send(_ request: AlarmProtocol.Request) throws(ConnectionError) -> AlarmProtocol.Message {
        lock.lock()
        defer { lock.unlock() }
        let id = nextID
        nextID += 1
        var request = request
        request.id = id
        // Alarm lists come in pages, so no list outgrows a line's cap (see `Request.page`).
        if request.op == .list || request.op == .watch, request.page == nil { request.page = AlarmProtocol.defaultPage }
        try write(request)
        var pages: [AlarmRecord] = []
        while true {
            var message = try readMessage(timeoutIsError: true)
            guard message.id == id else { continue }  // an event pushed before the reply
            if message.ok == false, let error = message.error { throw .refused(error) }
            guard message.more == true || !pages.isEmpty else { return message }
            pages.append(contentsOf: message.alarms ?? [])
            guard message.more != true else { continue }
            message.alarms = pages
            return message
        }
    }

    /// Subscribes this connection to pushed events and streams them until the daemon goes
    /// away or the stream is dropped. The connection is for watching only from then on.
    /// `endings`: also receive `ended` events (why an alarm went away). `limit`: events carry
    /// only the first `limit` scheduled alarms (and all that ring, count down or are paused),
    /// for a status bar that shows no more.
    package func watch(app: String? = nil, runsIntents: Bool = false, endings: Bool = false, limit: Int? = nil) throws(ConnectionError) -> AsyncStream<AlarmProtocol.Message> {
        let (stream, continuation) = AsyncStream.makeStream(of: AlarmProtocol.Message.self)
        continuation.onTermination = { [self] _ in endWatch() }
        try watch(app: app, runsIntents: runsIntents, endings: endings, limit: limit) { message in
            guard let message else {
                continuation.finish()
                return false
            }
            if case .terminated = continuation.yield(message) { return false }
            return true
        }
        return stream
    }

    /// The same events handed to `receive` on a thread of the connection's own, for a client
    /// that runs no Swift task: the first `Task` starts libdispatch's worker pool, whose 1 Hz
    /// monitor would wake an idle window every second (docs/PERFORMANCE.md). `receive` gets
    /// `nil` once, when the stream ends (alarmd went away, or `endWatch()`); returning false
    /// stops reading.
    package func watch(
        app: String? = nil, runsIntents: Bool = false, endings: Bool = false, limit: Int? = nil,
        receive: @escaping @Sendable (AlarmProtocol.Message?) -> Bool
    ) throws(ConnectionError) {
        var request = AlarmProtocol.Request(id: 0, op: .watch, app: app, limit: limit)
        if runsIntents { request.runsIntents = true }
        if endings { request.endings = true }
        try send(request)
        // Events may be hours apart: no receive timeout while watching.
        var none = timeval(tv_sec: 0, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
        DetachedThread.start { [self] in
            // An `alarms` event sent in pages is handed on whole, once its last page is in.
            var pages: [AlarmRecord]?
            while true {
                guard var message = try? self.readMessage(timeoutIsError: false) else { break }
                if message.event == .alarms, message.more == true || pages != nil {
                    if pages == nil { pages = [] }
                    pages!.append(contentsOf: message.alarms ?? [])
                    guard message.more != true else { continue }
                    message.alarms = pages
                    pages = nil
                }
                if !receive(message) { return }
            }
            _ = receive(nil)
        }
    }

    /// Ends a watch from any thread: its reader sees the end and says so.
    package func endWatch() { shutdown(fd, Int32(SHUT_RDWR)) }

    private func write(_ request: AlarmProtocol.Request) throws(ConnectionError) {
        guard var data = RequestWriter.json(request) else { throw .broken("cannot encode the request: it holds a number JSON cannot carry") }
        data.append(0x0A)
        var sent = 0
        while sent < data.count {
            let n = data.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, data.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .broken(String(cString: strerror(errno))) }
            sent += n
        }
    }

    private func readMessage(timeoutIsError: Bool) throws(ConnectionError) -> AlarmProtocol.Message {
        while true {
            // The line is read where it lies, before the next receive can move it.
            if let line = received.nextLine() {
                defer { streamed = StreamedList() }
                guard let message = MessageReader.message(line, streamed: streamed) else {
                    throw .broken("unreadable reply (\(line.count) bytes); are alarmd and this client from the same release?")
                }
                return message
            }
            streamed.advance(received.pendingBytes)
            guard received.pending <= AlarmProtocol.maxReplyBytes else { throw .broken("reply larger than \(AlarmProtocol.maxReplyBytes) bytes") }
            let room = received.room()
            let n = recv(fd, room.baseAddress, room.count, 0)
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw .broken(timeoutIsError ? "alarmd did not answer within 10 s" : "timed out")
            }
            guard n > 0 else { throw .broken("alarmd closed the connection") }
            received.didReceive(n)
        }
    }
}
