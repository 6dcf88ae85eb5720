import FoundationEssentials
import AlarmClient

/// Follows one alarm through the `alarms` lists a watch pushes, by its id. A list that lacks
/// the alarm before it was ever seen proves nothing: a watch subscribed before the schedule
/// gets a first list that predates it. Only a later list (on the same, ordered stream), or a
/// `list` asked after the schedule was acknowledged, can say it is gone.
struct TimerTracker {
    let id: UUID
    private(set) var record: AlarmRecord?
    private(set) var seen = false
    /// Set when this client itself stopped the alarm (`s`), so its end is a stop.
    var stoppedHere = false
    /// Set on Ctrl-C, before this client cancels the alarm, so its end reads as ours.
    var interrupted = false
    /// Why alarmd removed it (its `ended` event), when it said.
    private(set) var endReason: AlarmProtocol.EndReason?

    init(id: UUID) { self.id = id }

    enum Step: Equatable {
        /// Nothing new about our alarm.
        case same
        /// Its state changed (the first sighting counts as a change).
        case changed(AlarmRecord)
        /// Its times moved within the same state (e.g. a resume): redraw, print nothing.
        case updated(AlarmRecord)
        /// Absent, but never seen yet: confirm with a fresh `list` before believing it.
        case unconfirmed
        /// It is gone.
        case ended(Ending)
    }

    /// How a waited-for timer ended, with alarmctl's exit status for each.
    enum Ending: Equatable {
        /// Stopped by a person: here (`s`), from another client or its popup, before or after
        /// it rang.
        case stopped
        /// Cancelled elsewhere (`alarmctl cancel`, an app).
        case removedElsewhere
        /// It rang for the whole ring timeout and nobody answered.
        case rangOut
        /// It could not ring in time (the machine slept past it, alarmd was down): missed.
        case missed
        /// Ctrl-C here: the timer was cancelled.
        case interrupted
        /// alarmd went away.
        case daemonGone

        var exitStatus: Int32 {
            switch self {
            case .stopped: 0
            case .daemonGone: 3
            case .removedElsewhere: 4
            case .rangOut, .missed: 5
            case .interrupted: 130
            }
        }
    }

    /// Reads an `ended` event; it comes just before the list without the alarm. Also a
    /// `missed` event, which an alarmd older than the `ringTimeout` and `tooLate` endings sends
    /// alone (and a newer one just before its `ended`), with the same reasons.
    mutating func receive(_ message: AlarmProtocol.Message) {
        switch message.event {
        case .ended where message.alarm == id:
            endReason = message.reason.flatMap(AlarmProtocol.EndReason.init(rawValue:))
        case .missed where message.record?.id == id:
            endReason = message.reason.flatMap(AlarmProtocol.EndReason.init(rawValue:))
        default: break
        }
    }

    mutating func receive(_ alarms: [AlarmRecord]) -> Step {
        guard let found = alarms.first(where: { $0.id == id }) else {
            return seen ? .ended(ending) : .unconfirmed
        }
        let before = record
        record = found
        let first = !seen
        seen = true
        if first || before?.phase.state != found.phase.state { return .changed(found) }
        return before == found ? .same : .updated(found)
    }

    /// The ending when the alarm is gone: as alarmd said why; from an alarmd that does not say,
    /// a stop if it was ringing or stopped here.
    var ending: Ending {
        if interrupted { return .interrupted }
        if stoppedHere { return .stopped }
        switch endReason {
        case .stopped: return .stopped
        case .cancelled: return .removedElsewhere
        case .ringTimeout: return .rangOut
        case .tooLate: return .missed
        case nil: return record?.phase.state == .alerting ? .stopped : .removedElsewhere
        }
    }
}
