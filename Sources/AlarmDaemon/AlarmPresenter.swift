import AlarmCalendar
import AlarmCore
import AlarmNotify
import AlarmSystem
import FoundationEssentials
import LinuxSupport
import Logging
import AlarmWire

/// Shows alarms as desktop notifications (or on the terminal when there is no server) and
/// turns button presses into lifecycle events. It uses the presenter's queued, callback forms:
/// alarmd starts no Swift Task, so that libdispatch's worker pool (and its 1 Hz monitor timer
/// on Linux) never starts and an idle daemon never wakes. Calls come from the loop thread and
/// reach the GLib thread in order, so a show can never overtake a withdraw.
final class AlarmPresenter: PresentationOutput {
    /// What a person did to an alarm's popup.
    enum Input: Sendable, Equatable {
        case button(LifecycleEvent)
        /// Closed the popup without a button. A ringing alarm then stops: a popup gone from
        /// the screen must not leave a sound nobody can silence. A countdown goes on.
        case dismissed
    }

    private let presenter: any NotificationPresenting
    private let zone: () -> ZoneRules
    private let appNames = AppDisplayNames()

    /// Connects (blocking, at start-up) and routes popup events to `onInput`, which runs on
    /// the GLib thread and must hand over to the loop.
    /// - Parameter shownPopupsFile: where the ids of the alarm popups on screen are kept
    ///   (`ShownPopupsFile`), so that after a crash the next instance closes them.
    init(
        appName: String, logger: Logger, shownPopupsFile: String? = nil, zone: @escaping () -> ZoneRules,
        onInput: @escaping @Sendable (UUID, Input) -> Void
    ) {
        self.zone = zone
        presenter = NotificationPresenter.startBlocking(appName: appName, logger: logger) { event in
            guard let id = UUID(uuidString: event.key), let input = Self.input(for: event) else { return }
            onInput(id, input)
        }
        if let shownPopupsFile {
            // Before this instance shows anything: what a dead one left is closed, and the
            // current state is shown by the engine's start.
            let file = ShownPopupsFile(path: shownPopupsFile, logger: logger)
            if let left = file.read() { presenter.postCloseLeftovers(left) }
            presenter.observeShown { file.write($0) }
        }
    }

    func shutdown() { presenter.shutdownAndWait() }

    var notifier: AlarmProtocol.NotifierStatus {
        guard let server = presenter.server else { return .init(via: .terminal) }
        return .init(via: .server, name: server.name, version: server.version)
    }

    static func input(for event: NotificationEvent) -> Input? {
        switch event {
        case .actionInvoked(_, let action):
            switch action {
            case _ where action.hasPrefix(AlarmNotification.ActionKey.stopPrefix): return .button(.stop)
            case _ where action.hasPrefix(AlarmNotification.ActionKey.snoozePrefix): return .button(.countdown)
            case AlarmNotification.ActionKey.custom: return .button(.custom)
            case AlarmNotification.ActionKey.pause: return .button(.pause)
            case AlarmNotification.ActionKey.resume: return .button(.resume)
            default: return nil
            }
        case .closed(_, let reason):
            return reason == .dismissedByUser ? .dismissed : nil
        }
    }

    func present(_ record: AlarmRecord) {
        presenter.post(Self.notification(for: record, appName: appNames.name(for: record.appID), zone: zone(), now: Date()))
    }

    /// The whole minutes a countdown popup shows (rounded up), and when that figure next
    /// changes; nil in its last minute, when no further update is worth a wake-up.
    static func countdownDisplay(fire: Date, now: Date) -> (minutes: Int, changesAt: Date?) {
        let minutes = max(Int(clampingFinite: (fire.timeIntervalSince(now) / 60).rounded(.up)), 1)
        return (minutes, minutes > 1 ? fire.addingTimeInterval(-Double(minutes - 1) * 60) : nil)
    }

    func withdraw(_ id: UUID) {
        presenter.postWithdraw(key: id.uuidString)
    }

    func reportMissed(_ entries: [MissedEntry]) {
        let zone = zone()
        let lines = entries.map {
            DaemonText.missedLine(time: Self.time($0.dueAt, zone: zone), title: $0.record.presentation.alert.title.text, rangUnanswered: $0.reason == .ringTimeout)
        }
        let summary = DaemonText.missedSummary(count: entries.count)
        presenter.post(AlarmNotification(
            key: "missed", summary: summary, body: lines.joined(separator: "\n"), appName: DaemonText.appName,
            icon: "alarm-symbolic", urgency: .normal, timeout: .never, isResident: false, suppressesSound: false,
            category: AlarmNotification.alarmCategory, actions: [], keepsShown: false, noActionsHint: nil))
    }

    /// The ringing popup's line: the time it rang; for a calendar event's reminder, when the
    /// event starts and where ("Starts at 14:00 · Room 4"). Only the person's own alarms and
    /// subscribed calendars' carry that in their metadata; an app's metadata is its own.
    static func ringingBody(_ record: AlarmRecord, firedFor: Date, app: String?, zone: ZoneRules) -> String {
        let fromCalendar = LifecyclePolicy.personsTools.contains(record.appID) || record.appID.hasPrefix("calendar:")
        guard fromCalendar, let event = EventReminder(metadata: record.metadata) else {
            return DaemonText.ringingBody(time: time(firedFor, zone: zone), app: app)
        }
        var startsAt = event.eventStartsAfter.map { firedFor.addingTimeInterval($0) }
        if event.eventStartsFromSchedule == true, let schedule = record.calendar, !schedule.isAllDay {
            // The occurrence that rings, from the event's own schedule in its own zone.
            let rules = record.timeZone.flatMap { ZoneRules.named($0) } ?? zone
            startsAt = record.calendarFires(on: FireTimeCalendar(timeZone: rules))?.sources(at: firedFor).compactMap(\.start).first
            // A task is due its length (DUE - DTSTART) after its occurrence starts.
            if event.eventIsTask == true, let length = schedule.duration?.approximateSeconds { startsAt = startsAt?.addingTimeInterval(Double(length)) }
            if startsAt == firedFor { startsAt = nil }
        }
        let start = startsAt.map { time($0, zone: zone) }
        return DaemonText.eventBody(startsAt: start, ringTime: time(firedFor, zone: zone), location: event.eventLocation, app: app,
                                    task: event.eventIsTask == true)
    }

    /// - Parameter appName: the app's display name, nil for the user's own alarms: the body
    ///   then gives no app, and the popup is grouped under alarmd's own name.
    static func notification(for record: AlarmRecord, appName app: String?, zone: ZoneRules, now: Date) -> AlarmNotification {
        let key = record.id.uuidString
        let short = record.id.lowercaseHex(bytes: 4)
        let stopKey = AlarmNotification.ActionKey.stop(record.id.uuidString)
        let presentation = record.presentation
        let group = app ?? DaemonText.appName
        switch record.phase {
        case .alerting(_, let firedFor):
            let alert = presentation.alert
            let stop = NotificationAction(key: stopKey, label: trLabel(alert.stopButton.text.text), systemImageName: alert.stopButton.systemImageName)
            let secondary = alert.secondaryButton.map { button in
                NotificationAction(
                    key: alert.secondaryButtonBehavior == .custom ? AlarmNotification.ActionKey.custom : AlarmNotification.ActionKey.snooze(record.id.uuidString),
                    label: trLabel(button.text.text), systemImageName: button.systemImageName)
            }
            let hint = alert.secondaryButton != nil && alert.secondaryButtonBehavior != .custom ? DaemonText.stopOrSnoozeHint(short) : DaemonText.stopHint(short)
            return .alert(
                key: key, title: alert.title.text, body: ringingBody(record, firedFor: firedFor, app: app, zone: zone), appName: group,
                stop: stop, secondary: secondary, noActionsHint: hint)
        case .countdown(_, let fire, _, _):
            let title = presentation.countdown?.title.text ?? presentation.alert.title.text
            var actions: [NotificationAction] = []
            if let pause = presentation.countdown?.pauseButton {
                actions.append(NotificationAction(key: AlarmNotification.ActionKey.pause, label: trLabel(pause.text.text), systemImageName: pause.systemImageName))
            }
            actions.append(NotificationAction(key: stopKey, label: trLabel(presentation.alert.stopButton.text.text), systemImageName: presentation.alert.stopButton.systemImageName))
            let left = countdownDisplay(fire: fire, now: now).minutes
            // Popups are replaced by the minute, so the last minute cannot say "1 min left"
            // (a 5 s timer is not a minute away): it gives the ring time alone.
            return .countdown(
                key: key, title: title, body: DaemonText.countdownBody(minutesLeft: left, ringsAt: time(fire, zone: zone, seconds: true), app: app), appName: group,
                actions: actions, noActionsHint: DaemonText.stopHint(short))
        case .paused(let total, let elapsed):
            let title = presentation.paused?.title.text ?? presentation.alert.title.text
            var actions: [NotificationAction] = []
            if let resume = presentation.paused?.resumeButton {
                actions.append(NotificationAction(key: AlarmNotification.ActionKey.resume, label: trLabel(resume.text.text), systemImageName: resume.systemImageName))
            }
            actions.append(NotificationAction(key: stopKey, label: trLabel(presentation.alert.stopButton.text.text), systemImageName: presentation.alert.stopButton.systemImageName))
            let left = Int(clampingFinite: (total - elapsed).rounded(.up))
            return .countdown(
                key: key, title: title, body: DaemonText.pausedBody(left: String(cFormat: "%d:%02d", left / 60, left % 60), app: app), appName: group,
                actions: actions, noActionsHint: DaemonText.resumeHint(short))
        case .scheduled:
            return .countdown(key: key, title: presentation.alert.title.text, body: app ?? "", appName: group, actions: [])
        }
    }

    /// As the locale writes it (`LocalTimeText`): "14:05:30", "2:05:30 PM".
    private static func time(_ date: Date, zone: ZoneRules, seconds: Bool = false) -> String {
        LocalTimeText.current.time(date, zone: zone, seconds: seconds)
    }
}

extension AlarmPresenter {
    /// A one-off message from the daemon itself (a damaged database, say).
    func notice(title: String, body: String) {
        presenter.post(AlarmNotification(
            key: "notice-\(UUID().uuidString)", summary: title, body: body, appName: DaemonText.appName,
            icon: "dialog-warning", urgency: .critical, timeout: .never, isResident: false, suppressesSound: false,
            category: nil, actions: [], keepsShown: false, noActionsHint: nil))
    }
}
