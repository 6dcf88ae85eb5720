import FoundationEssentials
import AlarmModel

/// A partial edit: a person changed some things about an alarm (its title, its time, whether
/// it is on) and nothing else may change with them. A rename keeps a turned-off alarm off and a
/// skip skipped; a ringing alarm renamed keeps ringing under its new name. Only a change to
/// when it rings (`schedule`, `timeZone`, `countdown`) schedules it afresh.
extension Lifecycle {
    /// `existing` with the `fields` of `sent` (whose id and phase are ignored). Unchanged
    /// values change nothing: a request that names fields whose values are the alarm's own
    /// has no effects at all.
    package func change(_ existing: AlarmRecord, fields: Set<AlarmField>, from sent: AlarmRecord, now: Date) throws(LifecycleError) -> Transition {
        let configured = Self.configuration(of: existing, with: fields, from: sent)
        let wantsOff = fields.contains(.enabled) ? sent.disabledAt != nil : existing.disabledAt != nil
        let wasOff = existing.disabledAt != nil
        let skipping = existing.skippedFire.map { $0 > now } ?? false
        let timing = configured.storedSchedule != existing.storedSchedule || configured.timeZone != existing.timeZone
            || configured.countdownDuration?.preAlert != existing.countdownDuration?.preAlert
        if wantsOff && configured.schedule == nil { throw .invalidTransition(event: .disable, state: existing.phase.state) }

        var step: Transition
        if timing {
            step = try rescheduled(existing, as: configured, off: wantsOff, now: now)
        } else {
            var next = configured
            next.phase = existing.phase
            next.disabledAt = existing.disabledAt
            next.skippedFire = existing.skippedFire
            // A popup on screen (ringing, counting down, paused) shows the new title at once.
            let shown = existing.disabledAt == nil && existing.phase.state != .scheduled && next.presentation != existing.presentation
            step = Transition(record: next, effects: shown ? [.present(next)] : [])
            if wantsOff != wasOff {
                step = try then(step, wantsOff ? .disable : .enable, now: now)
            }
        }
        if let record = step.record, record.disabledAt == nil, record.repeats {
            let wantsSkip: Bool
            if fields.contains(.skip) {
                wantsSkip = sent.skippedFire != nil
            } else if timing, skipping, case .scheduled(let fire) = record.phase, let skipped = existing.skippedFire {
                // A skipped day stays skipped when only its time moves (Monday off, whatever
                // time Monday's alarm rings); a date the new schedule does not have is not.
                wantsSkip = calendar(for: record).localDate(of: fire) == calendar(for: existing).localDate(of: skipped)
            } else {
                wantsSkip = skipping
            }
            let skipsNow = record.skippedFire.map { $0 > now } ?? false
            if wantsSkip && !skipsNow, case .scheduled = record.phase {
                step = try then(step, .skip, now: now)
            } else if !wantsSkip && skipsNow {
                step = try then(step, .unskip, now: now)
            }
        }
        guard var record = step.record, record != existing else { return Transition(record: existing, effects: []) }
        // When it was turned off stays as it was: `list` shows it.
        if wasOff && record.disabledAt != nil { record.disabledAt = existing.disabledAt }
        let effects = step.effects.filter { if case .persist = $0 { false } else { true } }
        return Transition(record: record, effects: effects + [.persist(record)])
    }

    /// `existing`'s configuration with the named fields taken from `sent`; its phase and its
    /// on/off and skip state are still `existing`'s.
    package static func configuration(of existing: AlarmRecord, with fields: Set<AlarmField>, from sent: AlarmRecord) -> AlarmRecord {
        var next = existing
        if fields.contains(.schedule) { next.storedSchedule = sent.storedSchedule }  // AlarmKit's or an event's
        if fields.contains(.timeZone) { next.timeZone = sent.timeZone }
        if fields.contains(.title) {
            let old = existing.presentation.alert.title.text
            let new = sent.presentation.alert.title.text
            next.presentation.alert.title = .init(stringLiteral: new)
            if !old.isEmpty, old != new {
                if let countdown = next.presentation.countdown {
                    next.presentation.countdown?.title = .init(stringLiteral: countdown.title.text.replacing(old, with: new))
                }
                if let paused = next.presentation.paused {
                    next.presentation.paused?.title = .init(stringLiteral: paused.title.text.replacing(old, with: new))
                }
            }
        }
        if fields.contains(.countdown) {
            let preAlert = sent.countdownDuration?.preAlert
            next.countdownDuration = Self.durations(preAlert: preAlert, postAlert: next.countdownDuration?.postAlert)
            if preAlert != nil {
                next.presentation.countdown = sent.presentation.countdown ?? next.presentation.countdown
                next.presentation.paused = sent.presentation.paused ?? next.presentation.paused
            } else {
                next.presentation.paused = nil
                if next.countdownDuration?.postAlert == nil { next.presentation.countdown = nil }
            }
        }
        if fields.contains(.snooze) {
            let postAlert = sent.countdownDuration?.postAlert
            next.countdownDuration = Self.durations(preAlert: next.countdownDuration?.preAlert, postAlert: postAlert)
            next.presentation.alert.secondaryButton = sent.presentation.alert.secondaryButton
            next.presentation.alert.secondaryButtonBehavior = sent.presentation.alert.secondaryButtonBehavior
            // Without a pre-alert countdown, the countdown's presentation is the snooze's.
            if next.countdownDuration?.preAlert == nil {
                next.presentation.countdown = postAlert == nil ? nil : sent.presentation.countdown ?? next.presentation.countdown
            }
        }
        if fields.contains(.sound) { next.sound.sound = sent.sound.sound }
        if fields.contains(.volume) { next.sound.volume = sent.sound.volume }
        if fields.contains(.ramp) { next.sound.rampSeconds = sent.sound.rampSeconds }
        return next
    }

    private static func durations(preAlert: TimeInterval?, postAlert: TimeInterval?) -> Alarm.CountdownDuration? {
        preAlert == nil && postAlert == nil ? nil : .init(preAlert: preAlert, postAlert: postAlert)
    }

    /// A new time: scheduled afresh from now, as a new alarm would be, but off if it is to be
    /// off (a past date is still refused: it could never be turned on). A ring or a countdown
    /// in progress ends first.
    private func rescheduled(_ existing: AlarmRecord, as configured: AlarmRecord, off: Bool, now: Date) throws(LifecycleError) -> Transition {
        let fresh = try schedule(configured, now: now)
        var effects: [LifecycleEffect] = []
        if existing.phase.state == .alerting { effects.append(.stopSound(existing.id)) }
        if existing.phase.state != .scheduled, existing.disabledAt == nil { effects.append(.withdraw(existing.id)) }
        guard off, var record = fresh.record else { return Transition(record: fresh.record, effects: effects + fresh.effects) }
        // Off: waiting for its next date, with no countdown shown.
        let fire = nextFire(of: configured, after: now) ?? now
        record.phase = .scheduled(fireDate: fire)
        record.disabledAt = now
        return Transition(record: record, effects: effects + [.persist(record)])
    }

    /// `step` followed by `event` on its record.
    private func then(_ step: Transition, _ event: LifecycleEvent, now: Date) throws(LifecycleError) -> Transition {
        guard let record = step.record else { return step }
        let next = try handle(event, for: record, now: now)
        return Transition(record: next.record, effects: step.effects + next.effects)
    }
}
