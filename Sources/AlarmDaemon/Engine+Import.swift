import AlarmCore
import FoundationEssentials
import AlarmWire

extension Engine {
    /// Adds or updates `requests` in one step (`importAlarms`): an alarm with the same id, or
    /// else the same `calendarUID`, is edited in place (its id and app kept); the others are
    /// new alarms of their `appID`. Every record is checked and every transition computed
    /// before anything changes, so a refusal (bounds, an unknown zone, a date that has
    /// passed, the per-app cap) leaves every alarm as it was, and the reply names the record.
    /// The file's on/off state and skipped date come along: a record with `disabledAt` ends
    /// up off, one whose `skippedFire` is the date it would fire next skips it. One that is
    /// off and rings no more (a one-off that rang, a series that ended: our own events read
    /// back, `Lifecycle.arrivedEnded`) is taken as it is, off, rather than refused.
    func importRecords(_ requests: [AlarmRecord], now: Date) throws(AlarmProtocol.ErrorReply) -> [AlarmRecord] {
        var byUID: [String: UUID] = [:]
        for record in records.values { if let uid = record.calendarUID { byUID[uid] = record.id } }
        var results: [AlarmRecord] = []
        var transitions: [(UUID, Transition)] = []
        var touched: Set<UUID> = []
        var added: [String: Int] = [:]
        for (index, request) in requests.enumerated() {
            let which = "record \(index + 1) ('\(request.presentation.alert.title.text)')"
            do throws(AlarmProtocol.ErrorReply) { try validate(request) } catch {
                throw .init(error.code, "\(which): \(error.message)")
            }
            let existingID = records[request.id] != nil ? request.id : request.calendarUID.flatMap { byUID[$0] }
            guard touched.insert(existingID ?? request.id).inserted else {
                throw .init(.invalidConfiguration, "\(which): the same alarm (id or calendar UID) appears twice in one import")
            }
            var transition: Transition
            do throws(LifecycleError) {
                let existing = existingID.flatMap { records[$0] }
                let arrived = lifecycle.arrivedEnded(request, replacing: existing, now: now)
                let ended = arrived != nil
                if let arrived {
                    // Off and rings no more (a stopped one-off, an ended series): as it came.
                    if existing == nil { added[request.appID, default: 0] += 1 }
                    transition = arrived
                } else if let existingID, let existing = records[existingID] {
                    transition = try lifecycle.edit(existing, to: request, now: now)
                } else {
                    added[request.appID, default: 0] += 1
                    transition = try lifecycle.schedule(request, now: now)
                }
                if !ended { transition = try Self.carryState(of: request, into: transition, lifecycle: lifecycle, now: now) }
            } catch {
                throw .init(.neverFires, "\(which): \(error.description)")
            }
            transitions.append((transition.record!.id, transition))
            results.append(transition.record!)
        }
        for (app, count) in added {
            let existing = records.values.lazy.filter { $0.appID == app }.count
            guard existing + count <= maxAlarmsPerApp else {
                throw .init(.maximumLimitReached, "'\(app)' has \(existing) alarms and the import adds \(count): more than the \(maxAlarmsPerApp) an app may have (max_per_app in config.toml)")
            }
        }
        apply(transitions, now: now)
        return results
    }

    /// The imported record's off state and skipped date, applied after its (re)scheduling,
    /// which always leaves an alarm on with nothing skipped.
    private static func carryState(of request: AlarmRecord, into transition: Transition, lifecycle: Lifecycle, now: Date) throws(LifecycleError) -> Transition {
        guard var record = transition.record else { return transition }
        var effects = transition.effects
        if let skipped = request.skippedFire, record.repeats, case .scheduled(let fire) = record.phase, fire == skipped {
            let step = try lifecycle.handle(.skip, for: record, now: now)
            record = step.record ?? record
            effects += step.effects
        }
        if request.disabledAt != nil, record.schedule != nil {
            let step = try lifecycle.handle(.disable, for: record, now: now)
            record = step.record ?? record
            // When it was turned off is part of what the file says (`list` shows it).
            record.disabledAt = min(request.disabledAt!, now)
            effects = (effects + step.effects).map { effect in
                if case .persist = effect { return .persist(record) }
                return effect
            }
        }
        return Transition(record: record, effects: effects)
    }
}
