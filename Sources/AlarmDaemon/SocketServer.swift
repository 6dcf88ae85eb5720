import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport
import Logging
import AlarmLocations
import AlarmWire

/// The daemon's end of the protocol: a Unix stream socket speaking JSON lines. Malformed or
/// oversized input gets an error reply and the connection lives on; peers of another user are
/// refused. Runs entirely on the event loop's thread.
///
/// No client can starve the loop or the ring: each connection gets a slice of a few requests
/// per turn (the rest waits, unread, for the next turn, after the timer); replies queue
/// without blocking, under a per-client and a global cap; past `maxClients` a new client is
/// told so and closed; and when the process runs out of descriptors, accepting pauses instead
/// of spinning.
final class SocketServer {
    /// Answers a request: its reply line (JSON, no newline), or a reply written as the client reads.
    typealias Handler = (AlarmProtocol.Request, Connection) -> Reply

    enum Reply {
        case line(Data)
        /// Written piece by piece as the client reads it.
        case stream(ReplyStream)
        /// Made once the loop turn's changes are committed (see `holdLines`).
        case afterCommit(() -> Data)
    }

    /// What waits behind a reply that is being streamed, in order.
    fileprivate enum Held {
        case line(Data)
        case stream(ReplyStream)
    }

    final class Connection {
        let fd: Int32
        fileprivate var inbox = ByteQueue()
        fileprivate var outbox = ByteQueue()
        /// Skipping the rest of an oversized line.
        fileprivate var discarding = false
        /// The peer shut down its write side (or vanished): answer what it sent, then close.
        fileprivate var readClosed = false
        /// Complete lines wait in `inbox` for the next turn (the slice ran out).
        fileprivate var backlogged = false
        /// Set by a `watch` request: `.some(nil)` watches every app.
        var watching: String?? = nil
        /// Set by a `watch` request with `endings`: this watcher reads `ended` events.
        var wantsEndings = false
        /// The state changed while replies were still queued: the latest snapshot goes out
        /// once they drain, instead of every intermediate one.
        fileprivate var snapshotPending = false
        /// Replies in `waitingForCommit`, for the turn's commit.
        fileprivate var heldLines = 0
        /// The reply being written as the client reads it (`ReplyStream`); while it lasts,
        /// no other request is answered and other messages wait in `held`.
        fileprivate var stream: ReplyStream?
        fileprivate var held: [Held] = []
        fileprivate var heldBytes = 0
        /// Requests wait unanswered until the stream is done.
        fileprivate var waitingForStream = false
        /// Set by `watch`: the watcher's `page` and `limit`, for its `alarms` events.
        var page: Int?
        var limit: Int?

        /// Everything queued for this client, sent or not yet.
        fileprivate var backlog: Int { outbox.count + heldBytes }

        init(fd: Int32) { self.fd = fd }
    }

    /// Requests one connection may have answered per loop turn before the others get theirs.
    static let slice = 8
    /// A client that falls this far behind reading is disconnected rather than buffered
    /// forever (a list of 10,000 alarms is ~7 MiB, so one whole reply always fits).
    static let maxOutboxPerClient = 16 << 20
    /// All clients' unsent bytes together; past it, the client furthest behind is dropped.
    static let maxOutboxTotal = 64 << 20
    /// How long accepting pauses when the process is out of descriptors.
    static let acceptBackoff = 0.25
    /// A streamed reply's next piece is made when less than this waits to be sent.
    static let streamLowWater = 256 << 10

    private let loop: EventLoop
    private let logger: Logger
    private let listenFD: Int32
    /// Told of each request served and each streamed reply finished: when memory goes back.
    private let memory: MemoryPolicy
    let maxClients: Int
    private var connections: [Int32: Connection] = [:]
    private var queuedBytes = 0
    private var acceptPaused = false
    /// Held open so that, out of descriptors, one can be freed to tell a client why it is refused.
    private var spareFD: Int32
    /// Answers each request: set by `Daemon`, which is built after the server, before the
    /// loop runs (no request is read before).
    var handler: Handler = { _, _ in .line(Data()) }
    /// Called before each request: lets a due alarm ring before a long run of requests goes on.
    var beforeRequest: () -> Void = {}
    /// Every line for any client, in order, while the loop turn's changes wait for their
    /// commit; nil when not holding.
    private var waitingForCommit: [(connection: Connection, reply: Reply)]?

    /// Serves `fd` from the loop's next turn on; no request is read before `loop.run()`.
    init(loop: EventLoop, listening fd: Int32, maxClients: Int, memory: MemoryPolicy, logger: Logger) {
        self.loop = loop
        self.listenFD = fd
        self.maxClients = maxClients
        self.memory = memory
        self.logger = logger
        spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        _ = oak_set_nonblocking(fd)
        loop.watch(fd) { [unowned self] _ in acceptAll() }
    }

    var watchers: [Connection] { connections.values.filter { $0.watching != nil } }
    var clientCount: Int { connections.count }
    var bytesQueued: Int { queuedBytes }

    /// Pushes a message to one connection.
    func push(_ message: AlarmProtocol.Message, to connection: Connection) {
        guard let data = WireMessage.encode(message) else { return }
        push(line: data, to: connection)
    }

    /// The latest state a watcher should see (the alarm list, filtered as it asked); set by
    /// the daemon, called when a watcher's held-back snapshot can go out.
    var snapshot: (Connection) -> Reply = { _ in .line(Data()) }

    /// Replies a watcher may have queued before a new snapshot waits for them to drain.
    static let snapshotBacklog = 256 << 10

    /// Tells a watcher the state changed. Each snapshot replaces the one before, so a watcher
    /// that is behind gets only the latest, once its queue drains: queueing every intermediate
    /// alarm list let a flood of changes bury a reading watcher under megabytes of obsolete
    /// lists until it was dropped. `line` is called only if the snapshot goes out now.
    func pushSnapshot(to connection: Connection, line: () -> Reply) {
        guard connections[connection.fd] === connection else { return }
        guard connection.backlog <= Self.snapshotBacklog, connection.stream == nil else {
            connection.snapshotPending = true
            return
        }
        connection.snapshotPending = false
        push(line(), to: connection)
    }

    /// From now until `releaseLines()`, replies and pushes wait, in order: the daemon commits
    /// the turn's changes first, so that a reply still means durable.
    func holdLines() {
        if waitingForCommit == nil { waitingForCommit = [] }
    }

    /// Sends what waited for the commit, making the deferred replies now. One line at a time,
    /// as if pushed now, so each client's output and the global cap are checked as before
    /// (queueing a whole turn at once made every outbox large together, and the cap then
    /// dropped reading clients with the rest). `heldLines` keeps a half-closed client open
    /// until its last held line is queued.
    func releaseLines() {
        guard let replies = waitingForCommit else { return }
        waitingForCommit = nil
        for (connection, reply) in replies {
            // Counted down first: a half-closed client is dropped when its outbox drains, which
            // must happen after its last reply, not between two of them.
            connection.heldLines -= 1
            push(reply, to: connection)
        }
    }

    /// Pushes an already encoded message (no newline) to one connection.
    func push(line: Data, to connection: Connection) { push(.line(line), to: connection) }

    /// Pushes a reply or event; a stream is written piece by piece as the client reads it.
    func push(_ reply: Reply, to connection: Connection) {
        guard connections[connection.fd] === connection else { return }
        if waitingForCommit != nil {
            connection.heldLines += 1
            waitingForCommit!.append((connection, reply))
            return
        }
        let ready: Held
        switch reply {
        case .line(let line): ready = .line(line)
        case .afterCommit(let make): ready = .line(make())
        case .stream(let stream): ready = .stream(stream)
        }
        if connection.stream != nil {
            connection.held.append(ready)
            if case .line(let line) = ready {
                connection.heldBytes += line.count + 1
                queuedBytes += line.count + 1
            }
        } else {
            switch ready {
            case .line(let line):
                connection.outbox.append(contentsOf: line)
                connection.outbox.append(0x0A)
                queuedBytes += line.count + 1
            case .stream(let stream):
                connection.stream = stream
            }
        }
        flush(connection)
        if connections[connection.fd] === connection { enforceGlobalCap() }
    }

    func closeAll() {
        for connection in connections.values { drop(connection) }
        loop.unwatch(listenFD)
        close(listenFD)
        if spareFD >= 0 { close(spareFD) }
    }

    // MARK: Connections

    private func acceptAll() {
        while !acceptPaused {
            let fd = oak_accept_nonblocking(listenFD)
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE { outOfDescriptors() }
                return
            }
            var uid: UInt32 = 0
            guard oak_peer_uid(fd, &uid) == 0, uid == getuid() else {
                logger.warning("refused a connection from uid \(uid): alarmd serves only its own user")
                close(fd)
                continue
            }
            guard connections.count < maxClients else {
                refuse(fd, "alarmd already serves \(maxClients) clients, its limit; close some (e.g. idle 'alarmctl watch') and try again")
                continue
            }
            let connection = Connection(fd: fd)
            connections[fd] = connection
            loop.watch(fd) { [unowned self] events in ready(connection, events: events) }
        }
    }

    /// Tells a client it cannot be served, without waiting for it, and closes it.
    private func refuse(_ fd: Int32, _ why: String) {
        if let line = WireMessage.encode(AlarmProtocol.Message.failure(id: nil, .init(.busy, why))) {
            let bytes = Array(line) + [0x0A]
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        }
        close(fd)
    }

    /// EMFILE: the listening socket stays readable, so retrying at once would spin at 100 %
    /// CPU. Free the spare descriptor to refuse one waiting client, then stop accepting for a
    /// moment; the ring's own descriptors come from the reserve the client cap keeps.
    private func outOfDescriptors() {
        logger.warning("out of file descriptors with \(connections.count) clients; pausing new connections for \(Self.acceptBackoff) s")
        if spareFD >= 0 {
            close(spareFD)
            let fd = oak_accept_nonblocking(listenFD)
            if fd >= 0 { refuse(fd, "alarmd is out of file descriptors; try again shortly") }
            spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        acceptPaused = true
        loop.unwatch(listenFD)
        loop.after(Self.acceptBackoff) { [weak self] in
            guard let self else { return }
            acceptPaused = false
            loop.watch(listenFD) { [unowned self] _ in acceptAll() }
            acceptAll()
        }
    }

    private func ready(_ connection: Connection, events: UInt32) {
        // A hang-up is reported whatever the interest set; flushing then fails and drops it.
        if events & (EPOLLOUT.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0, !connection.outbox.isEmpty { flush(connection) }
        guard connections[connection.fd] === connection, !connection.readClosed, !connection.backlogged else { return }
        guard events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 else { return }
        // One read per turn: level-triggered epoll reports the rest next turn, after the timer.
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            receive(chunk[..<n], on: connection)
        } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
            connection.readClosed = true
        }
        serve(connection)
    }

    private func receive(_ bytes: ArraySlice<UInt8>, on connection: Connection) {
        var rest = bytes
        if connection.discarding {
            guard let newline = rest.firstIndex(of: 0x0A) else { return }
            connection.discarding = false
            rest = rest[(newline + 1)...]
        }
        connection.inbox.append(contentsOf: rest)
    }

    /// Answers up to `slice` complete requests; what is left waits for the next turn.
    private func serve(_ connection: Connection) {
        var answered = 0
        while answered < Self.slice, connections[connection.fd] === connection, connection.stream == nil, let line = connection.inbox.popLine() {
            answered += 1
            if line.count > AlarmProtocol.maxRequestBytes {
                push(tooLarge, to: connection)
            } else {
                handleLine(line, on: connection)
            }
        }
        guard connections[connection.fd] === connection else { return }
        if connection.inbox.count > AlarmProtocol.maxRequestBytes, !connection.inbox.withUnsafeBytes({ $0.contains(0x0A) }) {
            connection.inbox.removeAll()
            connection.discarding = true
            push(tooLarge, to: connection)
        }
        let more = connection.inbox.withUnsafeBytes { $0.contains(0x0A) }
        if connection.stream != nil, more || connection.readClosed {
            // Answered once the streamed reply is out (`streamFinished`).
            connection.waitingForStream = true
            connection.backlogged = true
            updateInterest(connection)
            return
        }
        if more {
            // Stop reading until the backlog is served, so a flood waits in the kernel's
            // socket buffer (bounded) rather than in ours.
            connection.backlogged = true
            updateInterest(connection)
            loop.nextTurn { [weak self, weak connection] in
                guard let self, let connection, connections[connection.fd] === connection else { return }
                connection.backlogged = false
                updateInterest(connection)
                serve(connection)
            }
            return
        }
        if connection.readClosed {
            // A half-closed client still gets every reply in full: a last line without a
            // newline is a request too; the connection closes once its replies are sent.
            let last = connection.inbox.popAll()
            if !last.isEmpty, !connection.discarding { handleLine(last[...], on: connection) }
            guard connections[connection.fd] === connection else { return }
            if connection.outbox.isEmpty && connection.heldLines == 0 { drop(connection) } else { updateInterest(connection) }
        }
    }

    private var tooLarge: AlarmProtocol.Message {
        .failure(id: nil, .init(.tooLarge, "request larger than \(AlarmProtocol.maxRequestBytes) bytes; ignored up to the next newline"))
    }

    private func handleLine(_ line: ArraySlice<UInt8>, on connection: Connection) {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
        beforeRequest()
        let request: AlarmProtocol.Request
        switch line.withUnsafeBytes(RequestReader.read) {
        case .success(let read): request = read
        case .failure(let malformed):
            push(.failure(id: malformed.id, .init(.malformed, "malformed request: \(malformed.reason)")), to: connection)
            return
        }
        guard request.v == AlarmProtocol.version else {
            push(.failure(id: request.id, .init(.unsupportedVersion, "protocol version \(request.v) is not supported; this alarmd speaks \(AlarmProtocol.version)")), to: connection)
            return
        }
        push(handler(request, connection), to: connection)
        memory.requestServed()
    }

    /// Tops the outbox up from the reply being streamed, and once that is done, from what
    /// waited behind it.
    private func refill(_ connection: Connection) {
        while connection.outbox.count < Self.streamLowWater, let stream = connection.stream {
            if let piece = stream.next() {
                connection.outbox.append(contentsOf: piece)
                queuedBytes += piece.count
                continue
            }
            connection.stream = nil
            memory.replyFinished(bytes: stream.produced)
            while connection.stream == nil, !connection.held.isEmpty {
                switch connection.held.removeFirst() {
                case .line(let line):
                    connection.outbox.append(contentsOf: line)
                    connection.outbox.append(0x0A)
                    connection.heldBytes -= line.count + 1
                case .stream(let next):
                    connection.stream = next
                }
            }
            if connection.stream == nil { streamFinished(connection) }
        }
    }

    /// Requests that waited for a streamed reply are answered next turn.
    private func streamFinished(_ connection: Connection) {
        guard connection.waitingForStream else { return }
        connection.waitingForStream = false
        loop.nextTurn { [weak self, weak connection] in
            guard let self, let connection, connections[connection.fd] === connection else { return }
            connection.backlogged = false
            updateInterest(connection)
            serve(connection)
        }
    }

    private func flush(_ connection: Connection) {
        refill(connection)
        while !connection.outbox.isEmpty {
            let n = connection.outbox.withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                connection.outbox.removeFirst(n)
                queuedBytes -= n
                refill(connection)
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN {
                if connection.backlog > Self.maxOutboxPerClient {
                    logger.warning("dropping a client that stopped reading (\(connection.backlog) bytes queued)")
                    drop(connection)
                } else {
                    updateInterest(connection)
                }
                return
            }
            drop(connection)
            return
        }
        if connection.readClosed && !connection.backlogged && connection.heldLines == 0 {
            drop(connection)
        } else if connection.snapshotPending {
            pushSnapshot(to: connection) { snapshot(connection) }
        } else {
            updateInterest(connection)
        }
    }

    /// Readable while it may send more (not backlogged, not shut down); writable while replies wait.
    private func updateInterest(_ connection: Connection) {
        var events: UInt32 = 0
        if !connection.readClosed && !connection.backlogged { events |= EPOLLIN.rawValue }
        if !connection.outbox.isEmpty { events |= EPOLLOUT.rawValue }
        loop.modify(connection.fd, events: events)
    }

    /// Past the global cap, the clients furthest behind go first: memory stays bounded
    /// however many slow watchers there are.
    private func enforceGlobalCap() {
        guard queuedBytes > Self.maxOutboxTotal else { return }
        for connection in connections.values.sorted(by: { $0.backlog > $1.backlog }) {
            guard queuedBytes > Self.maxOutboxTotal / 2 else { return }
            logger.warning("dropping a client that stopped reading: replies to all clients exceed \(Self.maxOutboxTotal >> 20) MiB (\(connection.backlog) bytes queued for it)")
            drop(connection)
        }
    }

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        queuedBytes -= connection.backlog
        connection.outbox.removeAll()
        connection.held.removeAll()
        connection.heldBytes = 0
        connection.stream = nil
        loop.unwatch(connection.fd)
        close(connection.fd)
    }
}

/// Opens the listening socket: the one systemd passed (socket activation), else a new one at
/// `path` in a 0700 directory, mode 0600. A stale socket file (nobody answering) is replaced;
/// a live one means another alarmd runs, which is an error.
func openListeningSocket(path: String, environment: [String: String]) throws(DaemonError) -> Int32 {
    if let passed = PassedDescriptors(environment: environment).socket {
        _ = oak_set_cloexec(passed)
        return passed
    }
    let directory = path.deletingLastPathComponent
    do { try RuntimeDirectoryCheck.ensure(directory) } catch { throw .configuration(error.description) }
    if UnixSocketAddress.answers(at: path) {
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
