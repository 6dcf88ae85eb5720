import FoundationEssentials
import AlarmModel

/// Something that happens to one alarm.
public enum LifecycleEvent: String, Codable, Hashable, Sendable, CaseIterable {
    /// Time passed: the alarm's deadline (see `Lifecycle.deadline(of:)`) may have come.
    case due
    /// Stop button: a one-shot alarm ends, a repeating one moves to its next date.
    case stop
    /// Snooze or repeat (AlarmKit's `countdown(id:)`): count down `postAlert ?? preAlert` again.
    case countdown
    case pause
    case resume
    /// Remove the alarm, whatever its state.
    case cancel
    /// The alert's custom secondary button: runs the app's secondary intent, then ends the alert.
    case custom
    /// The machine's time zone changed: relative schedules follow the new wall clock.
    case timeZoneChanged
    /// Turn off without deleting (whatever it is doing); `enable` turns it on from now.
    case disable, enable
    /// A repeating alarm passes over its next occurrence.
    case skip
    /// A skip is undone: the occurrence it passed over rings after all.
    case unskip
}

/// Work the daemon carries out for a transition, in order.
package enum LifecycleEffect: Hashable, Sendable {
    /// Write the record durably.
    case persist(AlarmRecord)
    /// Remove the record from the store.
    case delete(UUID)
    /// Start ringing the record's sound (looping until stopped).
    case startSound(AlarmRecord)
    case stopSound(UUID)
    /// Show, or replace in place, the notification for the record's current phase.
    case present(AlarmRecord)
    case withdraw(UUID)
    /// Tell the person an alarm did not ring (down, asleep, or nobody stopped it).
    case reportMissed(AlarmRecord, reason: MissedReason)
    /// Run the app's intent for the button that was pressed, if the app is listening.
    case performIntent(UUID, IntentKind)
}

public enum MissedReason: String, Codable, Hashable, Sendable {
    /// The fire time passed longer ago than the late tolerance (daemon down, machine asleep).
    case tooLate
    /// It rang for the whole ring timeout and nobody stopped it.
    case ringTimeout
}

public enum IntentKind: String, Codable, Hashable, Sendable {
    case stop, secondary
}

/// The result of an event: the alarm's new record (nil once it is gone) and the effects.
public struct Transition: Hashable, Sendable {
    package var record: AlarmRecord?
    package var effects: [LifecycleEffect]

    package init(record: AlarmRecord?, effects: [LifecycleEffect]) {
        self.record = record
        self.effects = effects
    }
}

/// The rules' tunable numbers; the daemon reads them from its config file.
public struct LifecyclePolicy: Hashable, Sendable {
    /// The snooze when the alarm has neither `postAlert` nor `preAlert`.
    public var defaultSnooze: TimeInterval
    /// How long an alarm rings before it stops by itself and is recorded as missed.
    public var ringTimeout: TimeInterval
    /// How late a fire may be processed and still ring; later ones are reported missed.
    public var lateTolerance: TimeInterval

    /// The apps whose one-off alarms stay after they rang, turned off, to be used again (as
    /// GNOME Clocks keeps them): the person's own tools, alarmctl and the Alarms window, whose
    /// alarms a person made and may want back. An app's AlarmKit alarms go after their Stop,
    /// as AlarmKit's do.
    public var keptAfterRinging: Set<String>

    /// The app ids of the person's own tools: alarmctl (and what it imports) and the window.
    public static let personsTools: Set<String> = ["alarmctl", "org.openalarmkit.Alarms"]

    public init(
        defaultSnooze: TimeInterval = 9 * 60, ringTimeout: TimeInterval = 10 * 60, lateTolerance: TimeInterval = 10 * 60,
        keptAfterRinging: Set<String> = LifecyclePolicy.personsTools
    ) {
        self.defaultSnooze = defaultSnooze
        self.ringTimeout = ringTimeout
        self.lateTolerance = lateTolerance
        self.keptAfterRinging = keptAfterRinging
    }
}

public enum LifecycleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// AlarmKit's rule: snooze only while alerting, pause only while counting down, resume
    /// only while paused, stop only once something is counting down or ringing.
    case invalidTransition(event: LifecycleEvent, state: Alarm.State)
    /// The alarm can never fire: no schedule and no countdown, a fixed date in the past, a
    /// weekly schedule with no days, a countdown that is not positive.
    case neverFires(String)
    /// `skip` on an alarm that already skips `skipped`: one skip at a time, so that what a
    /// person reads ("skips Mon 06:30") is all that is skipped. It rings next at `next`.
    case alreadySkips(skipped: Date, next: Date)

    public var description: String {
        switch self {
        case .invalidTransition(let event, let state):
            let hint: String =
                switch event {
                case .countdown: "snooze works only while the alarm rings"
                case .pause: "pause works only while the alarm counts down"
                case .resume: "resume works only while the alarm is paused"
                case .stop, .custom: "nothing is ringing or counting down yet"
                case .skip: "skip works only for a repeating alarm that is waiting for its next date (and enabled)"
                case .unskip: "it skips nothing"
                case .disable: "a timer cannot be turned off; pause or cancel it"
                default: "not possible now"
                }
            return "cannot \(event.rawValue) an alarm that is \(state.rawValue): \(hint)"
        case .neverFires(let why):
            return "this alarm would never ring: \(why)"
        case .alreadySkips(let skipped, let next):
            return "it already skips its next date (\(UTCStamp.compact(skipped))) and rings next at \(UTCStamp.compact(next)): one skip at a time; undo it with unskip"
        }
    }
}
