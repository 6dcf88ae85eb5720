import AlarmSync
import AlarmSystem
import AlarmWire
import FoundationEssentials
import Logging

/// `[sync]` over alarmd's life: started from config.toml, and added, changed or removed by a
/// SIGHUP that reloads it (the old round ends first, then the new settings take over). A
/// `[sync]` that cannot be used is reported in `status` and turns sync off alone. The replica,
/// and with it the sync state, is made the first time sync is on. Loop thread.
final class SyncControl {
    private let makeReplica: () -> DaemonReplica
    private let stateDirectory: String
    private let unrung: UnrungLedger
    private let logger: Logger
    private var replica: DaemonReplica?
    private(set) var current: CalendarSync?
    private var refusal: SyncRefusal?
    private var ringing = false

    init(stateDirectory: String, unrung: UnrungLedger, logger: Logger, makeReplica: @escaping () -> DaemonReplica) {
        self.stateDirectory = stateDirectory
        self.unrung = unrung
        self.logger = logger
        self.makeReplica = makeReplica
    }

    /// Brings sync in line with `config`: on, off, or on with other settings.
    func apply(_ config: DaemonConfig) {
        refusal = config.syncRefusal
        if let refusal { logger.error("config.toml [sync] is not used, sync is off: \(refusal.message)") }
        guard current?.settings != config.sync else { return }
        let previous = current
        previous?.stop()
        current = nil
        if previous != nil { unrung.syncRoundEnded(keeping: [], at: Date()) }  // another calendar, or none
        guard let settings = config.sync else {
            if previous != nil { logger.info("sync: [sync] removed from config.toml; sync is off") }
            return
        }
        let replica = replica ?? makeReplica()
        self.replica = replica
        let sync = CalendarSync(settings: settings, replica: replica, stateDirectory: stateDirectory, logger: logger)
        current = sync
        if previous != nil { logger.info("sync: [sync] changed in config.toml; syncing with \(settings.url)") }
        sync.start(after: previous)
        if ringing { sync.ringingChanged(true) }
    }

    /// For `status`: the running sync's, or why `[sync]` is off; nil without `[sync]`.
    var status: AlarmProtocol.SyncStatus? {
        if let current { return current.status }
        guard let refusal else { return nil }
        var status = AlarmProtocol.SyncStatus(url: refusal.url ?? "", problem: refusal.message)
        var failure = AlarmProtocol.SyncFailure(refusal.urlRefusal != nil ? .badURL : .settings)
        failure.url = refusal.url
        failure.reason = refusal.urlRefusal?.rawValue ?? refusal.key
        failure.detail = refusal.message
        status.failure = failure
        status.off = true
        return status
    }

    /// A round now; its number, or nil when sync is off.
    func syncNow() -> Int? { current?.syncNow() }

    func ringingChanged(_ ringing: Bool) {
        self.ringing = ringing
        current?.ringingChanged(ringing)
    }
}
