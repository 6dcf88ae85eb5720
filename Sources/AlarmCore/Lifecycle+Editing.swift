import FoundationEssentials
import AlarmModel

/// What every alarm clock lets people do besides the AlarmKit lifecycle: turn an alarm off
/// and on, skip one occurrence (a holiday), and change it in place.
extension Lifecycle {
    /// Off, whatever it is doing: a ringing alarm falls silent, a popup goes. It keeps its
    /// settings and its id. Timers (no schedule) cannot be turned off: pause or cancel them.
    func disable(_ record: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        guard record.schedule != nil else { throw .invalidTransition(event: .disable, state: record.phase.state) }
        guard record.disabledAt == nil else { return Transition(record: record, effects: []) }
        var effects: [LifecycleEffect] = []
        if record.phase.state == .alerting { effects.append(.stopSound(record.id)) }
        if record.phase.state != .scheduled { effects.append(.withdraw(record.id)) }
        var next = record
        next.disabledAt = now
        next.skippedFire = nil
        if case .scheduled = record.phase {} else {
            next.phase = .scheduled(fireDate: nextFire(of: record, after: now) ?? now)
        }
        return Transition(record: next, effects: effects + [.persist(next)])
    }

    /// On again, from now: the next date the schedule selects after now. A one-shot alarm
    /// whose date passed while it was off cannot come back (`neverFires`).
    func enable(_ record: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        guard record.disabledAt != nil, record.schedule != nil else { return Transition(record: record, effects: []) }
        guard let fire = nextFire(of: record, after: now) else {
            throw .neverFires("its date has passed; give it a new one with `edit`")
        }
        var next = record
        next.disabledAt = nil
        next.phase = .scheduled(fireDate: fire)
        return chain(Transition(record: next, effects: [.persist(next)]), now: now)
    }

    /// A repeating alarm passes over the occurrence it waits for (or counts down to) and waits
    /// for the one after; `skippedFire` remembers which, for `list`. One skip at a time: an
    /// alarm that already skips a date still ahead refuses a second (`alreadySkips`), so what
    /// it says it skips is all it skips.
    func skip(_ record: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        if let skipped = record.skippedFire, skipped > now, record.disabledAt == nil, let next = Self.fire(of: record) {
            throw .alreadySkips(skipped: skipped, next: next)
        }
        let waitingFor: Date
        switch record.phase {
        case .scheduled(let fire): waitingFor = fire
        case .countdown(_, let fire, _, _) where record.schedule != nil: waitingFor = fire
        default: throw .invalidTransition(event: .skip, state: record.phase.state)
        }
        guard record.repeats, record.disabledAt == nil, record.schedule != nil,
            let fire = nextFire(of: record, after: waitingFor)
        else { throw .invalidTransition(event: .skip, state: record.phase.state) }
        var next = record
        next.phase = .scheduled(fireDate: fire)
        next.skippedFire = waitingFor
        let withdraw: [LifecycleEffect] = record.phase.state == .countdown ? [.withdraw(record.id)] : []
        return chain(Transition(record: next, effects: withdraw + [.persist(next)]), now: now)
    }

    /// The skip undone: the alarm waits for the occurrence it passed over again (counting down
    /// at once if that one's countdown has begun). Only while that occurrence is still ahead.
    func unskip(_ record: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        guard let skipped = record.skippedFire, skipped > now, record.disabledAt == nil else {
            throw .invalidTransition(event: .unskip, state: record.phase.state)
        }
        var effects: [LifecycleEffect] = []
        switch record.phase {
        case .scheduled: break
        case .countdown: effects.append(.withdraw(record.id))  // the later date's long countdown
        case .paused, .alerting: throw .invalidTransition(event: .unskip, state: record.phase.state)
        }
        var next = record
        next.phase = .scheduled(fireDate: skipped)
        next.skippedFire = nil
        return chain(Transition(record: next, effects: effects + [.persist(next)]), now: now)
    }

    /// The fire the alarm waits for or counts down to; nil while paused or ringing.
    static func fire(of record: AlarmRecord) -> Date? {
        switch record.phase {
        case .scheduled(let fire), .countdown(_, let fire, _, _): fire
        case .paused, .alerting: nil
        }
    }

    /// An alarm that arrives turned off (an import, another machine's copy) and whose schedule
    /// rings no more: a one-off that rang, a series that ended, kept off where it was made
    /// (`keptOff`). It stays as it came, off, waiting at the date it had (a one-off's own
    /// date, an ended series' the moment it was turned off), never rung late; in place of
    /// `existing` when there is one (its id and owner kept, a ring or popup of it ended).
    /// Nil when the alarm is on or still rings: it is scheduled as any other.
    package func arrivedEnded(_ arriving: AlarmRecord, replacing existing: AlarmRecord?, now: Date) -> Transition? {
        guard let disabledAt = arriving.disabledAt, let schedule = arriving.schedule, nextFire(of: arriving, after: now) == nil else { return nil }
        var record = arriving
        if let existing {
            record.id = existing.id
            record.appID = existing.appID
        }
        record.disabledAt = min(disabledAt, now)
        record.skippedFire = nil
        if arriving.calendar == nil, case .fixed(let date) = schedule {
            record.phase = .scheduled(fireDate: date)
        } else {
            record.phase = .scheduled(fireDate: record.disabledAt!)
        }
        var effects: [LifecycleEffect] = []
        if let existing {
            if existing.phase.state == .alerting { effects.append(.stopSound(existing.id)) }
            if existing.phase.state != .scheduled, existing.disabledAt == nil { effects.append(.withdraw(existing.id)) }
        }
        return Transition(record: record, effects: effects + [.persist(record)])
    }

    /// `replacement` takes the place of `existing`, keeping its id and owner: exactly as if
    /// the alarm were cancelled and scheduled again with the same id (AlarmKit's way to
    /// change an alarm), in one durable step. It comes back enabled, with nothing skipped.
    package func edit(_ existing: AlarmRecord, to replacement: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        var replacement = replacement
        replacement.id = existing.id
        replacement.appID = existing.appID
        replacement.disabledAt = nil
        replacement.skippedFire = nil
        let scheduled = try schedule(replacement, now: now)
        var effects: [LifecycleEffect] = []
        if existing.phase.state == .alerting { effects.append(.stopSound(existing.id)) }
        if existing.phase.state != .scheduled, existing.disabledAt == nil { effects.append(.withdraw(existing.id)) }
        return Transition(record: scheduled.record, effects: effects + scheduled.effects)
    }
}
