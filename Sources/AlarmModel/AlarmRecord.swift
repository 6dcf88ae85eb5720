import FoundationEssentials

/// Everything the daemon knows about one alarm: its configuration and where it is in its
/// lifecycle. This is what the store persists and what clients receive; `alarm` is the
/// AlarmKit-shaped view of it.
package struct AlarmRecord: Codable, Hashable, Sendable, Identifiable {
    package var id: UUID
    /// Who scheduled it: used for sound lookup and the per-app cap.
    package var appID: String
    /// When it rings: AlarmKit's schedule, or a calendar's (`calendar`); see `ScheduleKind`.
    private var scheduleKind: ScheduleKind?
    package var countdownDuration: Alarm.CountdownDuration?
    /// Boxed: the largest part of a record, and the one that changes least (see `Boxed`).
    @Boxed package var presentation: AlarmPresentation
    package var tintColor: Color
    /// The app's metadata, as the JSON text its encoder produced (at most 4 KiB).
    package var metadata: String?
    package var sound: SoundSettings
    package var phase: Phase
    /// When it was turned off (`disable`): it keeps its settings but never rings until
    /// `enable`. Nil while enabled.
    package var disabledAt: Date?
    /// The occurrence `skip` passed over (a repeating alarm's next date, e.g. a holiday), kept
    /// to say so until the alarm moves past it. Nil when nothing is skipped.
    package var skippedFire: Date?
    /// The IANA zone (`America/New_York`) whose wall clock a `.relative` schedule follows; nil
    /// means the machine's current zone, as AlarmKit's alarms do. Set by an iCalendar import:
    /// an event keeps its `TZID` whatever this machine's zone (docs/ICALENDAR.md).
    package var timeZone: String?
    /// The iCalendar UID of the event this alarm came from, when it is not the alarm's own id:
    /// re-importing or syncing the event finds the alarm by it instead of adding another.
    package var calendarUID: String?

    package init(
        id: UUID, appID: String, schedule: Alarm.Schedule?,
        countdownDuration: Alarm.CountdownDuration?, presentation: AlarmPresentation,
        tintColor: Color = .accentColor, metadata: String? = nil,
        sound: SoundSettings = SoundSettings(), phase: Phase,
        disabledAt: Date? = nil, skippedFire: Date? = nil,
        timeZone: String? = nil, calendarUID: String? = nil
    ) {
        self.id = id
        self.appID = appID
        self.scheduleKind = schedule.map(ScheduleKind.alarmKit)
        self.countdownDuration = countdownDuration
        self.presentation = presentation
        self.tintColor = tintColor
        self.metadata = metadata
        self.sound = sound
        self.phase = phase
        self.disabledAt = disabledAt
        self.skippedFire = skippedFire
        self.timeZone = timeZone
        self.calendarUID = calendarUID
    }

    /// Where an alarm is in its lifecycle, with the instants each state needs. Every date is
    /// an absolute instant, so a restart, a clock change or a zone change cannot shift it.
    package enum Phase: Codable, Hashable, Sendable {
        /// Waiting for `fireDate`, the schedule's next fire (its countdown starts at
        /// `fireDate - preAlert`).
        case scheduled(fireDate: Date)
        /// Counting down to `fireDate`; `startDate` is the latest start or resume.
        case countdown(startDate: Date, fireDate: Date, total: TimeInterval, previouslyElapsed: TimeInterval)
        /// A countdown held with `total - previouslyElapsed` left.
        case paused(total: TimeInterval, previouslyElapsed: TimeInterval)
        /// Ringing since `since`, for the fire that was due at `firedFor`.
        case alerting(since: Date, firedFor: Date)

        package var state: Alarm.State {
            switch self {
            case .scheduled: .scheduled
            case .countdown: .countdown
            case .paused: .paused
            case .alerting: .alerting
            }
        }
    }

    /// An alarm's schedule: AlarmKit's (a date, or a time once or on weekdays), or an event's
    /// as a calendar wrote it. In JSON the first is AlarmKit's shape (`{"fixed":…}`,
    /// `{"relative":…}`) and the second `{"calendar":…}`, a case an older reader refuses, so
    /// that an older alarmd sets the row aside instead of ringing a rule it cannot see.
    package enum ScheduleKind: Hashable, Sendable, Codable {
        case alarmKit(Alarm.Schedule)
        indirect case calendar(CalendarSchedule)

        package init(from decoder: any Decoder) throws {
            if let container = try? decoder.container(keyedBy: CaseKey.self), container.contains(CaseKey("calendar")) {
                _ = try container.singleCase(of: ["calendar"])
                self = .calendar(try container.decode(CalendarSchedule.self, forKey: CaseKey("calendar")))
            } else {
                self = .alarmKit(try Alarm.Schedule(from: decoder))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            switch self {
            case .alarmKit(let schedule):
                try schedule.encode(to: encoder)
            case .calendar(let calendar):
                var container = encoder.container(keyedBy: CaseKey.self)
                try container.encode(calendar, forKey: CaseKey("calendar"))
            }
        }
    }

    /// AlarmKit's schedule; for an event's schedule, its AlarmKit-shaped view
    /// (`CalendarSchedule.alarmKitSchedule`). Setting it replaces an event's schedule.
    package var schedule: Alarm.Schedule? {
        get {
            switch scheduleKind {
            case .alarmKit(let schedule): schedule
            case .calendar(let calendar): calendar.alarmKitSchedule
            case nil: nil
            }
        }
        set { scheduleKind = newValue.map(ScheduleKind.alarmKit) }
    }

    /// The event's schedule when the alarm came from a calendar (or `alarmctl add every 2
    /// weeks …`); nil for AlarmKit's schedules and timers. Setting nil removes the schedule.
    package var calendar: CalendarSchedule? {
        get { if case .calendar(let calendar) = scheduleKind { calendar } else { nil } }
        set { scheduleKind = newValue.map(ScheduleKind.calendar) }
    }

    /// The schedule as stored: what the record codec writes under `schedule`.
    package var storedSchedule: ScheduleKind? {
        get { scheduleKind }
        set { scheduleKind = newValue }
    }

    private enum CodingKeys: String, CodingKey {
        case id, appID, scheduleKind = "schedule", countdownDuration, presentation, tintColor, metadata, sound, phase
        case disabledAt, skippedFire, timeZone, calendarUID
    }

    /// The AlarmKit-shaped snapshot.
    package var alarm: Alarm {
        Alarm(id: id, schedule: schedule, countdownDuration: countdownDuration, state: phase.state)
    }

    /// Whether the schedule fires again after this fire (a weekly schedule with any day, an
    /// event that repeats or has more than one reminder).
    package var repeats: Bool {
        if let calendar { return calendar.mayRingAgain }
        if case .relative(let relative) = schedule, case .weekly(let days) = relative.repeats {
            return !days.isEmpty
        }
        return false
    }

    /// The live state of the presentation; nil while merely scheduled. `secondsFromGMT` is
    /// the zone's UTC offset at an instant (AlarmCore's `presentationState(in: ZoneRules)`).
    package func presentationState(secondsFromGMT: (Date) -> Int) -> AlarmPresentationState? {
        let mode: AlarmPresentationState.Mode
        switch phase {
        case .scheduled:
            return nil
        case .countdown(let start, let fire, let total, let elapsed):
            mode = .countdown(.init(
                totalCountdownDuration: total, previouslyElapsedDuration: elapsed,
                startDate: start, fireDate: fire))
        case .paused(let total, let elapsed):
            mode = .paused(.init(totalCountdownDuration: total, previouslyElapsedDuration: elapsed))
        case .alerting(_, let firedFor):
            let seconds = firedFor.timeIntervalSince1970
            let local = seconds.isFinite && abs(seconds) < 1e12 ? Int(seconds.rounded(.down)) + secondsFromGMT(firedFor) : 0
            let secondOfDay = (local % 86_400 + 86_400) % 86_400
            mode = .alert(.init(time: .init(hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60)))
        }
        return AlarmPresentationState(alarmID: id, mode: mode)
    }
}

/// How an alarm sounds.
package struct SoundSettings: Codable, Hashable, Sendable {
    package var sound: AlertConfiguration.AlertSound
    /// 0...1; nil means the configured default.
    package var volume: Double?
    /// Seconds to fade in from quiet to `volume`; nil or 0 means no ramp.
    package var rampSeconds: Double?
    /// The app's own `Sounds/` folder (its bundle), searched first for a named sound.
    package var bundleDirectory: String?

    package init(sound: AlertConfiguration.AlertSound = .default, volume: Double? = nil, rampSeconds: Double? = nil, bundleDirectory: String? = nil) {
        self.sound = sound
        self.volume = volume
        self.rampSeconds = rampSeconds
        self.bundleDirectory = bundleDirectory
    }
}
