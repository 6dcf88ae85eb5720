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
        /// Ctrl-C here: the timer was cancelled.
        case interrupted
        /// alarmd went away.
        case daemonGone

        var exitStatus: Int32 {
            switch self {
            case .stopped: 0
            case .daemonGone: 3
            case .removedElsewhere: 4
            case .interrupted: 130
            }
        }
    }

    /// Reads an `ended` event; it comes just before the list without the alarm.
    mutating func receive(_ message: AlarmProtocol.Message) {
        guard message.event == .ended, message.alarm == id, let reason = message.reason else { return }
        endReason = AlarmProtocol.EndReason(rawValue: reason)
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
        case nil: return record?.phase.state == .alerting ? .stopped : .removedElsewhere
        }
    }
}
