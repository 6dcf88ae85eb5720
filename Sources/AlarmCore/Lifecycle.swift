import FoundationEssentials
import AlarmModel

/// The alarm lifecycle as a pure function: (record, now, event) -> (new record, effects).
///
/// ```
///             cancel (any state) -> removed
///  scheduled --(fire - preAlert)--> countdown --(fire)--> alerting
///                                    |  ^                   | stop: one-shot -> removed (a person's: off),
///                         pause      v  | resume            |       repeating -> next date
///                                   paused                  | countdown: -> countdown(postAlert ?? preAlert)
///                                                           | ring timeout: as stop, missed
/// ```
public struct Lifecycle: Sendable {
    /// The machine's zone: what a `.relative` schedule follows unless its record names a zone.
    public var calendar: FireTimeCalendar
    public var policy: LifecyclePolicy
    /// The rules of each zone a record names (`AlarmRecord.timeZone`, an imported event's
    /// TZID), by name; the daemon loads them (the core reads no file). A name missing here
    /// falls back to the machine's zone rather than never ringing.
    public var namedZones: [String: ZoneRules]

    public init(calendar: FireTimeCalendar, policy: LifecyclePolicy = LifecyclePolicy(), namedZones: [String: ZoneRules] = [:]) {
        self.calendar = calendar
        self.policy = policy
        self.namedZones = namedZones
    }

    /// The calendar whose wall clock the record's schedule follows: its own zone's, else the
    /// machine's.
    package func calendar(for record: AlarmRecord) -> FireTimeCalendar {
        guard let name = record.timeZone, let rules = namedZones[name] else { return calendar }
        return FireTimeCalendar(timeZone: rules)
    }

    /// The first instant strictly after `instant` at which the record's schedule rings: an
    /// event's (`CalendarFires`) or AlarmKit's (`FireTimeCalendar`); nil if never again.
    package func nextFire(of record: AlarmRecord, after instant: Date) -> Date? {
        record.nextFire(after: instant, on: calendar(for: record))
    }

    /// An event's fire times, in its zone (floating: the machine's); nil for other schedules.
    package func calendarFires(of record: AlarmRecord) -> CalendarFires? {
        record.calendarFires(on: calendar(for: record))
    }

    // MARK: Starting

    /// The first phase of a new alarm. The record's own phase is ignored.
    package func schedule(_ record: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        var record = record
        // Like the phase, these are the daemon's to set: a new alarm is on and skips nothing.
        record.disabledAt = nil
        record.skippedFire = nil
        let preAlert = record.countdownDuration?.preAlert
        if let preAlert, !(preAlert > 0) || !preAlert.isFinite {
            throw .neverFires("the countdown must be a positive number of seconds")
        }
        if let postAlert = record.countdownDuration?.postAlert, !(postAlert > 0) || !postAlert.isFinite {
            throw .neverFires("the snooze (postAlert) must be a positive number of seconds")
        }
        guard let schedule = record.schedule else {
            guard let preAlert else { throw .neverFires("it has neither a schedule nor a countdown") }
            record.phase = .countdown(startDate: now, fireDate: now + preAlert, total: preAlert, previouslyElapsed: 0)
            return Transition(record: record, effects: [.persist(record), .present(record)])
        }
        guard let fire = nextFire(of: record, after: now) else {
            if record.calendar != nil { throw .neverFires("its last reminder has passed") }
            if case .fixed = schedule { throw .neverFires("its date has already passed") }
            throw .neverFires("its schedule selects no day")
        }
        record.phase = .scheduled(fireDate: fire)
        // Already inside the pre-alert window: count down what is left of it.
        if let preAlert, fire - preAlert <= now {
            record.phase = .countdown(startDate: now, fireDate: fire, total: preAlert, previouslyElapsed: preAlert - fire.timeIntervalSince(now))
            return Transition(record: record, effects: [.persist(record), .present(record)])
        }
        return Transition(record: record, effects: [.persist(record)])
    }

    // MARK: Time

    /// When the alarm next needs attention: its countdown start, its fire, or its ring timeout.
    /// Nil while paused.
    package func deadline(of record: AlarmRecord) -> Date? {
        guard record.disabledAt == nil else { return nil }  // turned off: never due
        return switch record.phase {
        case .scheduled(let fire): fire - (record.countdownDuration?.preAlert ?? 0)
        case .countdown(_, let fire, _, _): fire
        case .paused: nil
        case .alerting(let since, _): since + policy.ringTimeout
        }
    }

    // MARK: Events

    package func handle(_ event: LifecycleEvent, for record: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        let state = record.phase.state
        switch (event, record.phase) {
        case (.due, _):
            return due(record, now: now)

        case (.cancel, _):
            var effects: [LifecycleEffect] = []
            if state == .alerting { effects.append(.stopSound(record.id)) }
            if state != .scheduled { effects.append(.withdraw(record.id)) }
            effects.append(.delete(record.id))
            return Transition(record: nil, effects: effects)

        case (.stop, .alerting(_, let firedFor)), (.custom, .alerting(_, let firedFor)):
            let intent: IntentKind = event == .stop ? .stop : .secondary
            return finish(record, firedFor: firedFor, now: now, extra: [.performIntent(record.id, intent)])

        case (.stop, .countdown), (.stop, .paused):
            return finish(record, firedFor: now, now: now, extra: [.performIntent(record.id, .stop)])

        case (.countdown, .alerting):
            let length = record.countdownDuration?.postAlert ?? record.countdownDuration?.preAlert ?? policy.defaultSnooze
            var next = record
            next.phase = .countdown(startDate: now, fireDate: now + length, total: length, previouslyElapsed: 0)
            return Transition(record: next, effects: [.stopSound(record.id), .persist(next), .present(next)])

        case (.pause, .countdown(let start, let fire, let total, let elapsed)):
            // Elapsed time counts only forward, so a clock set backwards cannot add time.
            let ranNow = min(max(now.timeIntervalSince(start), 0), max(fire.timeIntervalSince(start), 0))
            var next = record
            next.phase = .paused(total: total, previouslyElapsed: min(elapsed + ranNow, total))
            return Transition(record: next, effects: [.persist(next), .present(next)])

        case (.resume, .paused(let total, let elapsed)):
            var next = record
            next.phase = .countdown(startDate: now, fireDate: now + (total - elapsed), total: total, previouslyElapsed: elapsed)
            return Transition(record: next, effects: [.persist(next), .present(next)])

        case (.timeZoneChanged, .scheduled):
            return timeZoneChanged(record, from: calendar.timeZone, now: now)

        case (.timeZoneChanged, _):
            // Countdowns measure elapsed time and ringing is ringing: a zone change moves neither.
            return Transition(record: record, effects: [])

        case (.disable, _):
            return try disable(record, now: now)

        case (.enable, _):
            return try enable(record, now: now)

        case (.skip, _):
            return try skip(record, now: now)

        case (.unskip, _):
            return try unskip(record, now: now)

        case (.stop, .scheduled), (.custom, _), (.countdown, _), (.pause, _), (.resume, _):
            throw .invalidTransition(event: event, state: state)
        }
    }

    /// The zone changed from `previous` to this lifecycle's: a relative alarm follows the new
    /// wall clock, but never onto a local date before the one it was waiting for, since that
    /// date (in the old zone's terms) has had its fire. Fixed alarms, countdowns and ringing
    /// do not move.
    package func timeZoneChanged(_ record: AlarmRecord, from previous: ZoneRules, now: Date) -> Transition {
        guard case .scheduled(let fire) = record.phase, case .relative = record.schedule, let schedule = record.schedule else {
            return Transition(record: record, effects: [])
        }
        // An alarm that keeps its own zone (an imported event) does not follow the machine's.
        guard record.timeZone == nil else { return Transition(record: record, effects: []) }
        let moved: Date?
        if let fires = calendarFires(of: record) {
            // A floating event: the reminder it waited for, at the same wall time here, and
            // never one before it.
            let old = FireTimeCalendar(timeZone: previous)
            let wall = old.localSeconds(of: fire)
            let here = Date(timeIntervalSince1970: Double(LocalTimeResolver(timeZone: calendar.timeZone).instant(ofLocal: wall)))
            moved = fires.nextFire(after: max(now, here.addingTimeInterval(-1)))
        } else {
            let waitingFor = FireTimeCalendar(timeZone: previous).localDate(of: fire)
            let startOfThatDate = calendar.instant(of: waitingFor, hour: 0, minute: 0)
            moved = calendar.nextFire(of: schedule, after: max(now, startOfThatDate.addingTimeInterval(-1)))
        }
        guard let moved, moved != fire else {
            return Transition(record: record, effects: [])
        }
        var next = record
        next.phase = .scheduled(fireDate: moved)
        // The move may land inside the pre-alert window: let the countdown start now.
        return chain(Transition(record: next, effects: [.persist(next)]), now: now)
    }

    // MARK: Private

    /// What the passing of time does: start a countdown, ring, or time out a ring.
    private func due(_ record: AlarmRecord, now: Date) -> Transition {
        guard let deadline = deadline(of: record), deadline <= now else {
            return Transition(record: record, effects: [])
        }
        switch record.phase {
        case .scheduled(let fire):
            if now.timeIntervalSince(fire) > policy.lateTolerance { return missed(record, firedFor: fire, now: now, reason: .tooLate, extra: []) }
            if fire > now {
                // The pre-alert countdown starts.
                let preAlert = record.countdownDuration?.preAlert ?? 0
                var next = record
                next.phase = .countdown(startDate: now, fireDate: fire, total: preAlert, previouslyElapsed: preAlert - fire.timeIntervalSince(now))
                return Transition(record: next, effects: [.persist(next), .present(next)])
            }
            return ring(record, firedFor: fire, now: now)
        case .countdown(_, let fire, _, _):
            if now.timeIntervalSince(fire) > policy.lateTolerance { return missed(record, firedFor: fire, now: now, reason: .tooLate, extra: [.withdraw(record.id)]) }
            return ring(record, firedFor: fire, now: now)
        case .alerting(_, let firedFor):
            return missed(record, firedFor: firedFor, now: now, reason: .ringTimeout, extra: [.stopSound(record.id), .withdraw(record.id)])
        case .paused:
            return Transition(record: record, effects: [])
        }
    }

    private func ring(_ record: AlarmRecord, firedFor: Date, now: Date) -> Transition {
        var next = record
        next.phase = .alerting(since: now, firedFor: firedFor)
        // A retitled occurrence rings with its own title; the alarm keeps the event's.
        let shown = ringing(next, firedFor: firedFor)
        return Transition(record: next, effects: [.persist(next), .startSound(shown), .present(shown)])
    }

    /// The record as it rings for `firedFor`: with the title of the occurrence that rings,
    /// when a calendar changed that one occurrence's title.
    package func ringing(_ record: AlarmRecord, firedFor: Date) -> AlarmRecord {
        guard let fires = calendarFires(of: record),
              let override = fires.sources(at: firedFor).compactMap(\.override).first,
              let title = record.calendar?.overrides[override].title
        else { return record }
        var shown = record
        shown.presentation.alert.title = .init(title)
        return shown
    }

    /// The alarm's occurrence is over: a repeating alarm moves to its next date, others go.
    private func finish(_ record: AlarmRecord, firedFor: Date, now: Date, extra: [LifecycleEffect]) -> Transition {
        var effects: [LifecycleEffect] = []
        if record.phase.state == .alerting { effects.append(.stopSound(record.id)) }
        effects.append(.withdraw(record.id))
        effects += extra
        return moveOn(record, after: max(now, firedFor), now: now, effects: effects)
    }

    private func missed(_ record: AlarmRecord, firedFor: Date, now: Date, reason: MissedReason, extra: [LifecycleEffect]) -> Transition {
        moveOn(record, after: max(now, firedFor), now: now, effects: extra + [.reportMissed(record, reason: reason)])
    }

    private func moveOn(_ record: AlarmRecord, after instant: Date, now: Date, effects: [LifecycleEffect]) -> Transition {
        guard record.repeats, let fire = nextFire(of: record, after: instant) else {
            if let kept = keptOff(record, after: instant, now: now) { return Transition(record: kept, effects: effects + [.persist(kept)]) }
            return Transition(record: nil, effects: effects + [.delete(record.id)])
        }
        var next = record
        next.phase = .scheduled(fireDate: fire)
        next.skippedFire = nil  // a skipped date is behind it now
        return chain(Transition(record: next, effects: effects + [.persist(next)]), now: now)
    }

    /// A one-off alarm of the person's own tools, after it rang (or was missed), or an event's
    /// series of theirs that ended (COUNT, UNTIL, its last date): kept, turned off, waiting for
    /// the date its schedule would select next (a dated one keeps its date, an ended series the
    /// moment it last rang), so turning it on again or giving it a new date uses it again. Nil:
    /// it goes (an app's alarms, a subscribed calendar's events).
    private func keptOff(_ record: AlarmRecord, after instant: Date, now: Date) -> AlarmRecord? {
        guard let schedule = record.schedule, policy.keptAfterRinging.contains(record.appID) else { return nil }
        var kept = record
        kept.disabledAt = now
        kept.skippedFire = nil
        if record.calendar == nil, case .fixed(let date) = schedule {
            kept.phase = .scheduled(fireDate: date)
        } else {
            kept.phase = .scheduled(fireDate: nextFire(of: record, after: instant) ?? instant)
        }
        return kept
    }

    /// Applies `.due` once more when a transition leaves the alarm already due (a pre-alert
    /// window that has begun), so that no state the daemon sees is stale.
    func chain(_ transition: Transition, now: Date) -> Transition {
        guard let record = transition.record, let deadline = deadline(of: record), deadline <= now,
            case .scheduled(let fire) = record.phase, fire > now
        else { return transition }
        let next = due(record, now: now)
        // The intermediate persist is superseded by the next one.
        let effects = transition.effects.filter { if case .persist = $0 { false } else { true } }
        return Transition(record: next.record, effects: effects + next.effects)
    }
}
