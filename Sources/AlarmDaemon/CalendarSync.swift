import AlarmWire
import AlarmSync
import AlarmSystem
import FoundationEssentials
import Glibc
import LinuxSupport
import Logging

/// `[sync]`: the alarms kept in step with a CalDAV calendar, on a thread of its own so that
/// the loop (and every ring) never waits for the network. A round every `interval` seconds,
/// at once when `syncNow` is called; an error is kept for `status` and the next round tries
/// again. The state lives in the database through the replica (`DaemonReplica`), committed
/// as the round goes. The password is read when the first round needs it and again after a
/// 401. `stop` ends the thread after its round (a SIGHUP that changed or removed [sync]).
final class CalendarSync: @unchecked Sendable {  // `current`, `sleeper`, `ringing`, `started`, `stopping` are guarded by `lock`; the rest is the sync thread's
    let settings: SyncSettings
    private let replica: DaemonReplica
    private let statePath: String
    private let logger: Logger
    /// A fresh one per round (a woken WakeableSleeper stays woken): `syncNow` during a round
    /// makes the next one start as soon as it ends.
    private var sleeper = WakeableSleeper()
    private let lock = Lock()
    private var current: AlarmProtocol.SyncStatus
    /// Rounds started; a request is answered by the next one (`syncNow`).
    private var started = 0
    private var stopping = false
    /// Signalled when the thread has ended: a new CalendarSync (SIGHUP) starts after it.
    private let finished = WakeableSleeper()

    init(settings: SyncSettings, replica: DaemonReplica, stateDirectory: String, logger: Logger) {
        self.settings = settings
        self.replica = replica
        self.statePath = stateDirectory + "/sync-state.json"
        self.logger = logger
        current = AlarmProtocol.SyncStatus(url: settings.url)
    }

    /// Any thread: for `status`.
    var status: AlarmProtocol.SyncStatus { lock.withLock { current } }

    /// Starts the thread, after `previous` (an earlier [sync] being stopped) has ended.
    func start(after previous: CalendarSync? = nil) {
        DetachedThread.start(name: "alarmd-sync", background: true) { [self] in
            previous?.finished.sleep(untilNanoseconds: .max)
            run()
            finished.wake()
        }
    }

    /// Any thread: no round after the current one.
    func stop() {
        lock.withLock { stopping = true }
        lock.withLock { sleeper }.wake()
    }

    /// Any thread: the next round starts now instead of at the end of the interval. Returns
    /// that round's number: `status.rounds` reaches it when it has ended.
    func syncNow() -> Int {
        let (pause, round) = lock.withLock { (sleeper, started + 1) }
        pause.wake()
        return round
    }

    /// Whether an alarm rings here. While one does, a round every 5 s (a Stop on another
    /// machine reaches this one within about 10 s); when it starts or stops, a round at once
    /// (a Stop here goes out now).
    private var ringing = false
    func ringingChanged(_ ringing: Bool) {
        lock.withLock { self.ringing = ringing }
        _ = syncNow()
    }

    private func run() {
        var client: CalDAVClient?
        var state = replica.begin(url: settings.url)
        adoptLegacyState(into: &state)
        // The first round of a process lists the whole calendar, so that what gives no alarm
        // is met again for `alarmctl unrung`; other programs' events held here are read back.
        state = state.restarted
        replica.recallUnrung()
        while true {
            let pause = WakeableSleeper()
            let stop: Bool = lock.withLock {
                sleeper = pause
                if !stopping { started += 1 }
                return stopping
            }
            if stop { return }
            do {
                if client == nil {
                    let password: String
                    do { password = try SyncPassword.resolve(command: settings.passwordCommand, username: settings.username) } catch {
                        throw Failure.password(error)
                    }
                    client = try CalDAVClient(url: settings.url, username: settings.username, password: password, caFile: settings.caFile)
                }
                let report = try SyncSession(client: client!).run(replica, state: &state)
                replica.roundEnded(ignored: Set(state.ignored.keys))
                for line in report.conflicts { logger.notice("sync conflict: \(line)") }
                let summary = Self.summary(report)
                let words = Self.words(summary)
                if let words { logger.info("sync: \(words)") }
                lock.withLock {
                    current.lastSync = Date()
                    current.problem = nil
                    current.failure = nil
                    current.changes = words
                    current.summary = summary
                    current.rounds += 1
                }
            } catch {
                let failure: AlarmProtocol.SyncFailure
                let words: String
                switch error {
                case let caldav as CalDAVError:
                    failure = Self.failure(caldav)
                    words = caldav.description
                    if case .unauthorized = caldav { client = nil }  // read the password again next time
                case Failure.password(let problem):
                    failure = Self.failure(problem)
                    words = problem.description
                default:
                    failure = AlarmProtocol.SyncFailure(.malformedReply)
                    words = "\(error)"
                }
                if status.problem != words { logger.error("sync: \(words)") }
                lock.withLock {
                    current.problem = words
                    current.failure = failure
                    current.rounds += 1
                }
            }
            // A round may have read a large reply: what it freed goes back now.
            replica.roundEnded()
            let seconds = lock.withLock { ringing } ? min(settings.interval, 5) : settings.interval
            pause.sleep(forNanoseconds: UInt64(seconds * 1e9))
        }
    }

    private enum Failure: Error { case password(SyncPassword.Problem) }

    /// What a round changed, as counts.
    static func summary(_ report: SyncReport) -> AlarmProtocol.SyncSummary {
        var summary = AlarmProtocol.SyncSummary()
        summary.sent = report.uploaded.count
        summary.received = report.downloaded.count
        summary.deletedOnServer = report.deletedOnServer.count
        summary.deletedHere = report.deletedHere.count
        summary.conflicts = report.conflicts.count
        summary.retried = report.retried.count
        summary.ignored = report.ignored.count
        return summary
    }

    /// "2 sent, 1 received, 1 deleted on the server": the log's English, and the `changes` of
    /// clients that predate `summary`; nil when the round changed nothing.
    static func words(_ summary: AlarmProtocol.SyncSummary) -> String? {
        let parts = [(summary.sent, "sent"), (summary.received, "received"),
                     (summary.deletedOnServer, "deleted on the server"), (summary.deletedHere, "deleted here"),
                     (summary.conflicts, "conflicts (see the log)")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func failure(_ error: CalDAVError) -> AlarmProtocol.SyncFailure {
        var failure: AlarmProtocol.SyncFailure
        switch error {
        case .badURL(let url, let reason):
            failure = .init(.badURL)
            failure.url = url
            failure.reason = reason.rawValue
        case .unauthorized(let host, let status):
            failure = .init(.unauthorized)
            failure.host = host
            failure.status = status
        case .preconditionFailed(let href):
            failure = .init(.preconditionFailed)
            failure.href = href
        case .notFound(let host, let href):
            failure = .init(.notFound)
            failure.host = host
            failure.href = href
        case .syncTokenExpired:
            failure = .init(.syncTokenExpired)
        case .http(let host, let status, let method):
            failure = .init(.http)
            failure.host = host
            failure.status = status
            failure.method = method
        case .offline(let host, let detail):
            failure = .init(.offline)
            failure.host = host
            failure.detail = detail
        case .tls(let host, let detail, let reason):
            failure = .init(.tls)
            failure.host = host
            failure.detail = detail
            failure.reason = reason.rawValue
        case .malformedReply(let host, let detail):
            failure = .init(.malformedReply)
            failure.host = host
            failure.detail = detail
        }
        return failure
    }

    static func failure(_ problem: SyncPassword.Problem) -> AlarmProtocol.SyncFailure {
        var failure: AlarmProtocol.SyncFailure
        switch problem {
        case .commandNotFound(let tool):
            failure = .init(.commandNotFound)
            failure.name = tool
        case .noKeyringTool: failure = .init(.noKeyringTool)
        case .commandFailed: failure = .init(.commandFailed)
        case .notInKeyring(let username):
            failure = .init(.notInKeyring)
            failure.name = username
        case .empty: failure = .init(.emptyPassword)
        case .timedOut(let keyring, let seconds):
            failure = .init(keyring ? .keyringTimeout : .passwordTimeout)
            failure.seconds = seconds
        case .badCommand(let why):
            failure = .init(.badCommand)
            failure.detail = why
        }
        return failure
    }

    // MARK: sync-state.json, before the database held the state

    private struct LegacyFile: Decodable {
        var url: String
        var state: LegacyState
        struct LegacyState: Decodable {
            var token: String?
            var items: [String: LegacyItem]
        }
        struct LegacyItem: Decodable {
            var href: String
            var etag: String
            var fingerprint: String
        }
    }

    /// Takes `sync-state.json` in once, then removes it (once the database has its content).
    private func adoptLegacyState(into state: inout SyncState) {
        let fd = open(statePath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= 256 << 20 {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        close(fd)
        let path = statePath
        let logger = logger
        guard let file = try? JSONDecoder().decode(LegacyFile.self, from: Data(bytes)), file.url == settings.url else {
            logger.notice("sync: \(path) is not for this calendar or not readable; removed (the next round compares every alarm afresh)")
            unlink(path)
            return
        }
        var legacy = SyncState(token: file.state.token)
        for (uid, item) in file.state.items { legacy.items[uid] = SyncedItem(href: item.href, etag: item.etag, fingerprint: item.fingerprint) }
        guard replica.adopt(legacy, url: settings.url) else {
            unlink(path)
            return
        }
        state = legacy
        replica.afterCommit { committed in
            guard committed else { return }  // kept until the database has it; taken again next start
            unlink(path)
            logger.info("sync: the sync state moved from \(path) into the alarm database")
        }
    }
}
