import AlarmAudio
import AlarmCore
import AlarmStore
import FoundationEssentials
import Logging
import AlarmWire

/// Owns the alarms. Applies AlarmCore transitions and carries out their effects: sound and
/// presentation at once, the durable write at the end of the loop turn, one transaction for
/// all of the turn's changes (a request's reply waits for it: see `onCommitNeeded`). Lives on
/// the event loop's thread.
final class Engine {
    private(set) var records: [UUID: AlarmRecord] = [:]
    var lifecycle: Lifecycle
    var maxAlarmsPerApp: Int
    private let persistence: AlarmPersistence
    private let sounds: SoundOutput
    private let presenter: PresentationOutput
    private let logger: Logger
    /// The rules of a named zone (`ZoneRules.named`, from the system's tz files), for the
    /// alarms that keep their own zone (`AlarmRecord.timeZone`).
    var zoneRules: (String) -> ZoneRules? = { _ in nil }

    /// After every change of the alarm set: re-arm the timer, tell watchers.
    var onChange: () -> Void = {}
    /// Writes that failed, kept in memory and retried.
    private var pending = PendingWrites()
    /// The last write's failure, while changes are pending; nil when everything is on disk.
    private(set) var storageError: (any Error)?
    /// Why changes are not on disk, for replies and `status`; nil when everything is.
    var storageProblem: AlarmProtocol.StorageProblem? { storageError.map(AlarmProtocol.StorageProblem.init) }
    private var retryDelay: Double = 1
    private var retryScheduled = false
    /// Runs work after a delay on the loop (the persistence retry).
    var scheduleRetry: (Double, @escaping () -> Void) -> Void = { _, _ in }
    /// Saving started or stopped failing: status and one notification.
    var onStorageChange: () -> Void = {}
    /// Events for the app that owns the alarm: missed, intent.
    var onEvent: (AlarmProtocol.Message, _ appID: String) -> Void = { _, _ in }
    /// A ring ended by a person (Stop, the secondary button, Snooze): the ring's start and,
    /// for a snooze, when it rings again. The sync writes it as an RFC 9074 acknowledgement.
    var onRingEnded: (_ record: AlarmRecord, _ ringStart: Date, _ snoozedUntil: Date?) -> Void = { _, _, _ in }
    /// `ended` events, for the watchers that asked for them.
    var onEnded: (AlarmProtocol.Message, _ appID: String) -> Void = { _, _ in }
    /// An alarm is about to be saved as `after` (it was `before`): the sync notes an edit made
    /// here and stages its version with it (`stageSync`), in the same commit.
    var onSaving: (_ before: AlarmRecord?, _ after: AlarmRecord) -> Void = { _, _ in }
    /// Why an edit of `existing` into `request` cannot be made (another program's event the
    /// sync cannot write it into); nil when it can.
    var editRefusal: (_ existing: AlarmRecord, _ request: AlarmRecord) -> String? = { _, _ in nil }
    /// Changes wait for `commitPending()`: the daemon calls it once at the end of the loop
    /// turn and holds the turn's replies until then. Without a loop (the default), at once.
    var onCommitNeeded: (() -> Void)?
    private var commitRequested = false
    /// Started from a read-only state folder: commits are tried (to open the store for
    /// writing) even with nothing pending, until one works.
    private var storeNotYetWritable = false

    init(lifecycle: Lifecycle, maxAlarmsPerApp: Int, persistence: AlarmPersistence, sounds: SoundOutput, presenter: PresentationOutput, logger: Logger) {
        self.lifecycle = lifecycle
        self.maxAlarmsPerApp = maxAlarmsPerApp
        self.persistence = persistence
        self.sounds = sounds
        self.presenter = presenter
        self.logger = logger
    }

    // MARK: Start-up

    /// Loads the stored alarms and brings them up to `now`: what was due while the daemon was
    /// down rings if it is within the late tolerance, otherwise it is reported missed (in one
    /// message); a ringing alarm rings again; counting-down ones are shown again.
    /// - Parameter unsaved: the alarms were read from a folder that cannot be written yet
    ///   (`ReadOnlyStartPersistence`): all of them are kept pending, so that the first commit
    ///   that works saves everything in memory.
    func start(now: Date, unsaved: Bool = false) throws {
        for record in try persistence.loadAll() {
            records[record.id] = record
            // A zone that is gone from the tz database (renamed, tzdata removed): the alarm
            // follows the machine's zone rather than never ringing.
            if let zone = record.timeZone, !loadZone(zone) {
                logger.warning("alarm \(record.id) keeps the zone '\(zone)', which this system does not know: it follows the machine's zone until the zone is back")
            }
        }
        if unsaved {
            storeNotYetWritable = true
            pending.merge(saves: records, deletes: [], missed: [])
        }
        for record in records.values {
            switch record.phase {
            case .alerting(_, let firedFor):
                sounds.start(record, firedFor: firedFor)
                presenter.present(record)
            case .countdown, .paused:
                presenter.present(record)
            case .scheduled:
                break
            }
        }
        processDue(now: now)
        if unsaved { commitPending() }  // fails, and says why: status, one notification
    }

    // MARK: Requests

    func schedule(_ request: AlarmRecord, now: Date) throws(AlarmProtocol.ErrorReply) -> AlarmRecord {
        try validate(request)
        guard records[request.id] == nil else {
            throw .init(.invalidConfiguration, "an alarm with id \(request.id) already exists; cancel it first or use a new id")
        }
        let count = records.values.lazy.filter { $0.appID == request.appID }.count
        guard count < maxAlarmsPerApp else {
            throw .init(.maximumLimitReached, "'\(request.appID)' already has \(count) alarms, the most an app may have (max_per_app in config.toml)")
        }
        let transition: Transition
        do { transition = try lifecycle.schedule(request, now: now) } catch {
            throw .init(.neverFires, error.description)
        }
        apply([(request.id, transition)], now: now)
        return transition.record!
    }

    func handle(_ event: LifecycleEvent, id: UUID, now: Date) throws(AlarmProtocol.ErrorReply) -> AlarmRecord? {
        guard let record = records[id] else { throw .init(.notFound, "no alarm with id \(id)") }
        let transition: Transition
        do { transition = try lifecycle.handle(event, for: record, now: now) } catch {
            throw .init(.invalidTransition, error.description)
        }
        apply([(id, transition)], now: now, cause: event)
        if case .alerting(let since, _) = record.phase, [.stop, .custom, .countdown].contains(event) {
            var snoozedUntil: Date?
            if case .countdown(_, let fire, _, _)? = transition.record?.phase { snoozedUntil = fire }
            onRingEnded(record, since, snoozedUntil)
        }
        return transition.record
    }

    /// Why `cause` removed an alarm, with `effects` its transition's: a stop, a cancel, or (the
    /// passing of time) a ring that timed out or a fire too late to ring, as its missed report says.
    static func endReason(_ cause: LifecycleEvent, effects: [LifecycleEffect]) -> AlarmProtocol.EndReason? {
        for effect in effects {
            guard case .reportMissed(_, let reason) = effect else { continue }
            switch reason {
            case .ringTimeout: return .ringTimeout
            case .tooLate: return .tooLate
            }
        }
        switch cause {
        case .stop, .custom: return .stopped
        case .cancel: return .cancelled
        default: return nil
        }
    }

    /// Changes an alarm in place (same id): `Lifecycle.edit`, validated like a new one.
    func edit(_ request: AlarmRecord, now: Date) throws(AlarmProtocol.ErrorReply) -> AlarmRecord {
        try validate(request)
        guard let existing = records[request.id] else { throw .init(.notFound, "no alarm with id \(request.id)") }
        if let why = editRefusal(existing, request) { throw .init(.invalidConfiguration, why) }
        let transition: Transition
        do { transition = try lifecycle.edit(existing, to: request, now: now) } catch {
            throw .init(.neverFires, error.description)
        }
        apply([(request.id, transition)], now: now)
        return transition.record!
    }

    /// A partial edit (`Lifecycle.change`): the named fields of `request`, checked like a new
    /// alarm once merged; nothing else of the alarm changes.
    func change(_ request: AlarmRecord, fields: Set<AlarmField>, now: Date) throws(AlarmProtocol.ErrorReply) -> AlarmRecord {
        guard let existing = records[request.id] else { throw .init(.notFound, "no alarm with id \(request.id)") }
        try validate(Lifecycle.configuration(of: existing, with: fields, from: request))
        let transition: Transition
        do { transition = try lifecycle.change(existing, fields: fields, from: request, now: now) } catch {
            if case .neverFires = error { throw .init(.neverFires, error.description) }
            throw .init(.invalidTransition, error.description)
        }
        guard transition.record != existing || !transition.effects.isEmpty else { return existing }
        apply([(request.id, transition)], now: now)
        return transition.record!
    }

    /// Alarms recorded as missed, newest first.
    func missed(limit: Int) throws -> [AlarmProtocol.MissedAlarm] { try persistence.missed(limit: limit) }

    // MARK: Time

    /// The earliest deadline of any alarm: what the timer is armed for.
    var nextDeadline: Date? {
        var earliest: Date?
        for record in records.values {
            if let deadline = lifecycle.deadline(of: record), earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        return earliest
    }

    /// Applies `.due` to every alarm whose deadline has come.
    func processDue(now: Date) {
        var transitions: [(UUID, Transition)] = []
        for record in records.values {
            guard let deadline = lifecycle.deadline(of: record), deadline <= now else { continue }
            if let transition = try? lifecycle.handle(.due, for: record, now: now) {
                transitions.append((record.id, transition))
            }
        }
        guard !transitions.isEmpty else { return }
        // An alarm rings even when the disk is full: its write waits in `pending`.
        apply(transitions, now: now, cause: .due)
    }

    /// The zone changed: relative alarms follow the new wall clock.
    func changeTimeZone(_ zone: ZoneRules, now: Date) {
        let previous = lifecycle.calendar.timeZone
        lifecycle.calendar = FireTimeCalendar(timeZone: zone)
        var transitions: [(UUID, Transition)] = []
        for record in records.values {
            let transition = lifecycle.timeZoneChanged(record, from: previous, now: now)
            if !transition.effects.isEmpty {
                transitions.append((record.id, transition))
            }
        }
        apply(transitions, now: now, cause: .timeZoneChanged)
    }

    // MARK: Effects

    /// `cause`: the event behind the transitions (nil for a new or edited alarm), which says
    /// why an alarm that goes went.
    func apply(_ transitions: [(UUID, Transition)], now: Date, cause: LifecycleEvent? = nil) {
        var saves: [UUID: AlarmRecord] = [:]
        var deletes: Set<UUID> = []
        var missed: [MissedEntry] = []
        for (_, transition) in transitions {
            for effect in transition.effects {
                switch effect {
                case .persist(let record):
                    saves[record.id] = record
                    deletes.remove(record.id)
                case .delete(let id):
                    deletes.insert(id)
                    saves[id] = nil
                case .reportMissed(let record, let reason):
                    missed.append(MissedEntry(record: record, dueAt: Self.dueInstant(of: record), reason: reason, recordedAt: now))
                default:
                    break
                }
            }
        }
        // The change takes effect at once (a ring sounds, a stop silences) and its write waits
        // for the end of the loop turn, where every change of the turn is committed in one
        // transaction: one disk sync for a run of pipelined requests instead of one each, all
        // on the loop thread that also rings. A request is still answered as durable only once
        // it is: the daemon holds the turn's replies until the commit. When the write fails
        // (disk full, read-only folder, a locked database) the change stays pending, retried,
        // and the reply says it is not yet durable. If the daemon dies before the commit, no
        // reply went out, and a due alarm is still due and rings on restart.
        savingHooksRun = true
        for record in saves.values { onSaving(records[record.id], record) }
        savingHooksRun = false
        pending.merge(saves: saves, deletes: deletes, missed: missed)
        for (id, transition) in transitions {
            let appID = records[id]?.appID ?? transition.record?.appID ?? ""
            let existed = records[id] != nil
            records[id] = transition.record
            for effect in transition.effects { carryOut(effect, appID: appID) }
            if existed, transition.record == nil, let cause, let reason = Self.endReason(cause, effects: transition.effects) {
                // Now, ahead of the alarm list that lacks it (lists go out after this turn).
                var message = AlarmProtocol.Message(event: .ended)
                message.alarm = id
                message.reason = reason.rawValue
                onEnded(message, appID)
            }
        }
        // After the effects, so that even without a loop (an immediate commit) a ring never
        // waits for the disk.
        if !pending.isEmpty { requestCommit() }
        if !missed.isEmpty { presenter.reportMissed(missed) }
        onChange()
    }

    /// Sync rows to write with this turn's alarm changes, in the same transaction.
    func stageSync(_ changes: SyncChanges) {
        guard !changes.isEmpty else { return }
        pending.merge(sync: changes)
        // From `onSaving`: the alarm changes they go with are merged next, then committed.
        if !savingHooksRun { requestCommit() }
    }
    private var savingHooksRun = false

    /// A foreign event's server text staged and not yet committed (`.some(nil)`: cleared).
    func stagedServerText(uid: String) -> String?? { pending.sync.serverTexts[uid] }

    /// Asks for one commit at the end of this loop turn (once, however many changes).
    private func requestCommit() {
        guard let onCommitNeeded else { return persistPending() }
        guard !commitRequested else { return }
        commitRequested = true
        onCommitNeeded()
    }

    /// True while changes of this turn wait for `commitPending()`.
    var commitIsRequested: Bool { commitRequested }

    /// The end-of-turn commit of everything pending.
    func commitPending() {
        commitRequested = false
        persistPending()
    }

    /// Writes every pending change in one transaction. On failure they stay pending and a
    /// retry is scheduled (1 s, doubling to 30 s); `storageError` says why meanwhile.
    private func persistPending() {
        guard !pending.isEmpty || storeNotYetWritable else { return }
        do {
            try persistence.commit(saves: Array(pending.saves.values), deletes: Array(pending.deletes), missed: pending.missed, sync: pending.sync)
            pending.removeAll()
            storeNotYetWritable = false
            if let problem = storageError {
                logger.notice("alarms are saved again (was: \(problem))")
                storageError = nil
                retryDelay = 1
                onStorageChange()
            }
        } catch {
            let first = storageError == nil
            storageError = error
            logger.error("could not save alarms, keeping \(pending.count) change(s) in memory and retrying: \(error)")
            if first { onStorageChange() }
            guard !retryScheduled else { return }
            retryScheduled = true
            let delay = retryDelay
            retryDelay = min(retryDelay * 2, 30)
            scheduleRetry(delay) { [weak self] in
                guard let self else { return }
                retryScheduled = false
                persistPending()
            }
        }
    }


    private func carryOut(_ effect: LifecycleEffect, appID: String) {
        switch effect {
        case .persist, .delete:
            break  // pending, committed at the end of the turn
        case .startSound(let record):
            if case .alerting(_, let firedFor) = record.phase { sounds.start(record, firedFor: firedFor) }
        case .stopSound(let id):
            sounds.stop(id)
        case .present(let record):
            presenter.present(record)
        case .withdraw(let id):
            presenter.withdraw(id)
        case .reportMissed(let record, let reason):
            logger.warning("missed alarm '\(record.presentation.alert.title)' (\(record.id)): \(reason.rawValue)")
            var message = AlarmProtocol.Message(event: .missed)
            message.record = record
            message.reason = reason.rawValue
            onEvent(message, record.appID)
        case .performIntent(let id, let kind):
            var message = AlarmProtocol.Message(event: .intent)
            message.alarm = id
            message.intent = kind.rawValue
            onEvent(message, appID)
        }
    }

    private static func dueInstant(of record: AlarmRecord) -> Date {
        switch record.phase {
        case .scheduled(let fire): fire
        case .countdown(_, let fire, _, _): fire
        case .alerting(_, let firedFor): firedFor
        case .paused: Date()
        }
    }

    /// The protocol edge: every value within `AlarmBounds` before any arithmetic, and a sound
    /// name that is a plain file name.
    func validate(_ record: AlarmRecord) throws(AlarmProtocol.ErrorReply) {
        do { try AlarmBounds.checkRequest(record) } catch { throw .init(.invalidConfiguration, error.description) }
        if case .named(let name) = record.sound.sound {
            do { try SoundName.validate(name) } catch { throw .init(.invalidConfiguration, error.description) }
        }
        if let zone = record.timeZone, !loadZone(zone) {
            throw .init(.invalidConfiguration, "unknown time zone '\(zone)': give an IANA name such as America/New_York (the files under /usr/share/zoneinfo)")
        }
    }

    /// Makes the rules of a zone a record names available to the lifecycle, read once per
    /// name and kept (`zoneRules`: the system's tz database); false if there is no such zone.
    @discardableResult
    func loadZone(_ name: String) -> Bool {
        if lifecycle.namedZones[name] != nil { return true }
        guard let rules = zoneRules(name) else { return false }
        lifecycle.namedZones[name] = rules
        return true
    }
}
