import AlarmClient
import FoundationEssentials

/// What the window shows, as alarmd last said it: the records of the latest `alarms` event,
/// the daemon's status, and whether it answers. Pure: `AlarmService` feeds it on the main
/// loop, the pages read it and subscribe to its changes. The app keeps no alarm state of its
/// own beyond this mirror.
@MainActor
package final class AlarmsState {
    package enum Connection: Hashable, Sendable {
        case connecting
        case connected
        /// alarmd does not answer: why, as the client says it.
        case unreachable(String)
    }

    package private(set) var records: [AlarmRecord] = []
    package private(set) var connection = Connection.connecting
    package private(set) var status: AlarmProtocol.DaemonStatus?
    /// The person closed the "cannot wake" banner for this run of the app.
    package var wakeWarningDismissed = false {
        didSet { changed() }
    }
    private var observers: [@MainActor (AlarmsState) -> Void] = []

    package init() {}

    /// Calls `observer` after every change (and not now).
    package func observe(_ observer: @escaping @MainActor (AlarmsState) -> Void) { observers.append(observer) }

    package func apply(_ message: AlarmProtocol.Message) {
        if message.event == .alarms, let alarms = message.alarms {
            records = alarms
            connection = .connected
            changed()
        }
    }

    package func apply(status: AlarmProtocol.DaemonStatus) {
        self.status = status
        changed()
    }

    package func apply(connection: Connection) {
        self.connection = connection
        if case .unreachable = connection { status = nil }
        changed()
    }

    /// A change this app just made, shown before alarmd's event confirms it (which follows
    /// within milliseconds and replaces it): a switch does not flicker back.
    package func apply(changedRecord record: AlarmRecord) {
        if let index = records.firstIndex(where: { $0.id == record.id }) { records[index] = record } else { records.append(record) }
        changed()
    }

    package func apply(removed id: UUID) {
        records.removeAll { $0.id == id }
        changed()
    }

    package func record(_ id: UUID) -> AlarmRecord? { records.first { $0.id == id } }

    /// The banner's issue: the most serious one.
    package var healthIssue: HealthIssue? { healthIssues.first }

    package var healthIssues: [HealthIssue] {
        if case .unreachable(let why) = connection { return [.daemonNotRunning(why)] }
        guard let status else { return [] }
        return HealthIssue.issues(in: status).filter {
            if case .cannotWake = $0 { return !wakeWarningDismissed }
            return true
        }
    }

    /// The alarms and timers ringing now, longest ringing first: what a ringing view shows.
    package var ringing: [RingingAlarm] {
        records.compactMap(RingingAlarm.init).sorted { ($0.since, $0.id.uuidString) < ($1.since, $1.id.uuidString) }
    }

    private func changed() {
        for observer in observers { observer(self) }
    }
}

/// An alarm in its alerting phase, with the buttons its alert offers.
package struct RingingAlarm: Hashable, Sendable, Identifiable {
    package var id: UUID
    package var title: String
    package var since: Date
    package var firedFor: Date
    package var stopLabel: String
    /// The secondary button ("Snooze", or an app's own), nil for none.
    package var secondaryLabel: String?
    /// `.countdown`: the secondary button snoozes (send `countdown`); `.custom`: it runs the
    /// app's intent (send `stop`; alarmd hands the intent to the app).
    package var secondaryBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior?
    /// A timer (no schedule) rather than an alarm.
    package var isTimer: Bool

    package init?(_ record: AlarmRecord) {
        guard case .alerting(let since, let firedFor) = record.phase else { return nil }
        id = record.id
        title = AlarmRowMaker.title(record)
        self.since = since
        self.firedFor = firedFor
        stopLabel = record.presentation.alert.stopButton.text.text
        secondaryLabel = record.presentation.alert.secondaryButton?.text.text
        secondaryBehavior = record.presentation.alert.secondaryButtonBehavior
        isTimer = record.schedule == nil
    }
}
