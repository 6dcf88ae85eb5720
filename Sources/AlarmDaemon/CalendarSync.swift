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
/// again. The state (`SyncState`) is saved after every round, finished or cut short, in
/// `sync-state.json` of the state folder (0600), with the URL it belongs to: another URL starts
/// afresh. The password is read when the first round needs it and again after a 401.
final class CalendarSync: @unchecked Sendable {  // `current`, `sleeper`, `ringing` are guarded by `lock`; the rest is the sync thread's
    private let settings: SyncSettings
    private let replica: DaemonReplica
    private let statePath: String
    private let logger: Logger
    /// A fresh one per round (a woken WakeableSleeper stays woken): `syncNow` during a round
    /// makes the next one start as soon as it ends.
    private var sleeper = WakeableSleeper()
    private let lock = Lock()
    private var current: AlarmProtocol.SyncStatus

    init(settings: SyncSettings, replica: DaemonReplica, stateDirectory: String, logger: Logger) {
        self.settings = settings
        self.replica = replica
        self.statePath = stateDirectory + "/sync-state.json"
        self.logger = logger
        current = AlarmProtocol.SyncStatus(url: settings.url)
    }

    /// Any thread: for `status`.
    var status: AlarmProtocol.SyncStatus { lock.withLock { current } }

    func start() {
        DetachedThread.start(name: "alarmd-sync") { [self] in run() }
    }

    /// Any thread: the next round starts now instead of at the end of the interval.
    func syncNow() { lock.withLock { sleeper }.wake() }

    /// Whether an alarm rings here. While one does, a round every 5 s (a Stop on another
    /// machine reaches this one within about 10 s); when it starts or stops, a round at once
    /// (a Stop here goes out now).
    private var ringing = false
    func ringingChanged(_ ringing: Bool) {
        lock.withLock { self.ringing = ringing }
        syncNow()
    }

    private func run() {
        var client: CalDAVClient?
        var state = loadState()
        while true {
            let pause = WakeableSleeper()
            lock.withLock { sleeper = pause }
            do {
                if client == nil {
                    let password: String
                    do { password = try SyncPassword.resolve(command: settings.passwordCommand, username: settings.username) } catch {
                        throw SyncFailure(description: error.description)
                    }
                    client = try CalDAVClient(url: settings.url, username: settings.username, password: password)
                }
                let report = try SyncSession(client: client!).run(replica, state: &state)
                replica.roundEnded(ignored: Set(state.ignored.keys))
                saveState(state)
                for line in report.conflicts { logger.notice("sync conflict: \(line)") }
                if let summary = Self.summary(report) { logger.info("sync: \(summary)") }
                lock.withLock {
                    current.lastSync = Date()
                    current.problem = nil
                    current.changes = Self.summary(report)
                    current.rounds += 1
                }
            } catch {
                saveState(state)
                let words: String
                if let failure = error as? CalDAVError {
                    words = failure.description
                    if case .unauthorized = failure { client = nil }  // read the password again next time
                } else {
                    words = "\(error)"
                }
                if status.problem != words { logger.error("sync: \(words)") }
                lock.withLock {
                    current.problem = words
                    current.rounds += 1
                }
            }
            let seconds = lock.withLock { ringing } ? min(settings.interval, 5) : settings.interval
            pause.sleep(forNanoseconds: UInt64(seconds * 1e9))
        }
    }

    /// "2 sent, 1 received, 1 deleted on the server"; nil when the round changed nothing.
    static func summary(_ report: SyncReport) -> String? {
        let parts = [(report.uploaded.count, "sent"), (report.downloaded.count, "received"),
                     (report.deletedOnServer.count, "deleted on the server"), (report.deletedHere.count, "deleted here"),
                     (report.conflicts.count, "conflicts (see the log)")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private struct SyncFailure: Error, CustomStringConvertible { var description: String }

    private struct SavedState: Codable {
        var url: String
        var state: SyncState
    }

    private func loadState() -> SyncState {
        guard let bytes = try? readFile(statePath), let saved = try? JSONDecoder().decode(SavedState.self, from: Data(bytes)),
              saved.url == settings.url else { return SyncState() }
        return saved.state.restarted
    }

    /// Written to a temporary file, flushed, then renamed over the old one: a crash leaves
    /// the old state or the new, and either only makes the next round redo some work.
    private func saveState(_ state: SyncState) {
        guard let data = try? JSONEncoder().encode(SavedState(url: settings.url, state: state)) else { return }
        let temporary = statePath + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            logger.error("sync: cannot save \(statePath): \(String(cString: strerror(errno)))")
            return
        }
        let bytes = [UInt8](data)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let ok = written == bytes.count && fsync(fd) == 0
        close(fd)
        if ok { rename(temporary, statePath) } else { unlink(temporary) }
    }

    private func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SyncFailure(description: "cannot open") }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            result += chunk[..<count]
            if result.count > 256 << 20 { throw SyncFailure(description: "too large") }
        }
        return result
    }
}
