import Foundation
import AlarmClient

/// Every message alarmd and its clients exchange at protocol version 1, as the code of release
/// 0.1.0 builds it (alarmctl, AlarmManager, the daemon's replies and events), each with the
/// fixture file that holds its line: `Tests/Fixtures/protocol-v1/<name>.json`.
enum WireCatalogue {
    enum Direction {
        /// A client writes it, alarmd reads it.
        case request(AlarmProtocol.Request)
        /// alarmd writes it (a reply or an event), a client reads it.
        case message(AlarmProtocol.Message)
    }

    // Fixed values: fractions of a second, so a lossy date or number would show.
    static let alarmID = UUID(uuidString: "7C9E6679-7425-40DE-944B-E07FC1F90AE7")!
    static let otherID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    static let intentID = UUID(uuidString: "16FD2706-8BAF-433B-82EB-8C7FADA847DA")!
    static let fire = Date(timeIntervalSince1970: 1_924_940_700.25)
    static let started = Date(timeIntervalSince1970: 1_924_940_100.125)
    static let app = "org.example.cooking"

    static let stopIntent = EncodedIntent(
        typeName: "CookingTimer.StopIntent", mangledTypeName: "12CookingTimer10StopIntentV", parameters: ["alarmID": #""7C9E6679-7425-40DE-944B-E07FC1F90AE7""#])
    static let repeatIntent = EncodedIntent(
        typeName: "CookingTimer.RepeatIntent", mangledTypeName: "12CookingTimer12RepeatIntentV", parameters: ["alarmID": #""7C9E6679-7425-40DE-944B-E07FC1F90AE7""#])
    static let registration = AppRegistration(
        displayName: "Cooking \"Timer\"", usageDescription: "Tells you when the food is ready.",
        launch: AppLaunch(executable: "/opt/cooking/bin/CookingTimer", arguments: ["--intent"]))

    /// A weekly alarm as `alarmctl add` makes it: every field of a schedule, sound and buttons.
    static let weekly = AlarmRecord(
        id: otherID, appID: "alarmctl",
        schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .tuesday, .friday]))),
        countdownDuration: .init(preAlert: nil, postAlert: 300),
        presentation: AlarmPresentation(
            alert: .init(
                title: "Work days / \"early\" ⏰", stopButton: AlarmButton(text: "I'm up", textColor: .white, systemImageName: "stop.circle"),
                secondaryButton: AlarmButton(text: "5 more", textColor: .white, systemImageName: "zzz"), secondaryButtonBehavior: .countdown)),
        tintColor: .accentColor,
        sound: SoundSettings(sound: .named("Chime"), volume: 0.8, rampSeconds: 30),
        phase: .scheduled(fireDate: fire), skippedFire: Date(timeIntervalSince1970: 1_924_854_300))

    /// The cooking timer as AlarmManager schedules it, in each phase a reply carries.
    static func timer(_ phase: AlarmRecord.Phase) -> AlarmRecord {
        AlarmRecord(
            id: alarmID, appID: app, schedule: nil, countdownDuration: .init(preAlert: 600, postAlert: 300),
            presentation: AlarmPresentation(
                alert: .init(
                    title: "Food Ready!", stopButton: AlarmButton(text: "Dismiss", textColor: .white, systemImageName: "stop.circle"),
                    secondaryButton: AlarmButton(text: "Repeat", textColor: .white, systemImageName: "repeat.circle"), secondaryButtonBehavior: .countdown),
                countdown: .init(title: "Cooking", pauseButton: AlarmButton(text: "Pause", textColor: .green, systemImageName: "pause")),
                paused: .init(title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .green, systemImageName: "play"))),
            tintColor: .green, metadata: #"{"method":"frying.pan"}"#,
            sound: SoundSettings(sound: .named("Chime"), bundleDirectory: "/opt/cooking/bin/Sounds"),
            phase: phase)
    }

    static let dated = AlarmRecord(
        id: intentID, appID: "alarmctl", schedule: .fixed(fire), countdownDuration: .init(preAlert: 600, postAlert: nil),
        presentation: AlarmPresentation(alert: .init(title: "Flight to Lisbon")), tintColor: Color(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.5),
        sound: SoundSettings(), phase: .scheduled(fireDate: fire), disabledAt: started)

    /// An alarm imported from a calendar (`alarmctl import`): it keeps the event's zone and UID.
    static let zoned = AlarmRecord(
        id: alarmID, appID: "alarmctl",
        schedule: .relative(.init(time: .init(hour: 8, minute: 50), repeats: .weekly([.monday, .wednesday, .friday]))),
        countdownDuration: .init(preAlert: nil, postAlert: 540),
        presentation: AlarmPresentation(alert: .init(title: "Stand-up")), tintColor: .accentColor,
        sound: SoundSettings(sound: .named("Chime")), phase: .scheduled(fireDate: fire),
        timeZone: "America/New_York", calendarUID: "040000008200E00074C5B7101A82E008@example.com")

    /// An event with a calendar's schedule (`alarmctl import`, sync): every part of one.
    static let calendarEvent: AlarmRecord = {
        var record = AlarmRecord(
            id: otherID, appID: "alarmctl", schedule: nil, countdownDuration: .init(preAlert: nil, postAlert: 540),
            presentation: AlarmPresentation(alert: .init(title: "Evening class")), tintColor: .accentColor,
            sound: SoundSettings(), phase: .scheduled(fireDate: fire), timeZone: "America/New_York", calendarUID: "class-2026@example.com")
        record.calendar = CalendarSchedule(
            start: CalendarDateTime(year: 2026, month: 9, day: 7, secondOfDay: 66_600), duration: CalendarDuration(seconds: 5400),
            rule: try! RecurrenceRule(text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20261215T000000Z"),
            exclusions: [CalendarDateTime(year: 2026, month: 10, day: 5, secondOfDay: 66_600)],
            additions: [CalendarDateTime(year: 2026, month: 12, day: 17, secondOfDay: 66_600)],
            overrides: [CalendarOverride(occurrence: CalendarDateTime(year: 2026, month: 11, day: 2, secondOfDay: 66_600),
                                         start: CalendarDateTime(year: 2026, month: 11, day: 3, secondOfDay: 64_800), title: "Evening class (Tuesday)",
                                         alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)))]),
                        CalendarOverride(occurrence: CalendarDateTime(year: 2026, month: 11, day: 16, secondOfDay: 66_600), cancelled: true)],
            alerts: [CalendarAlert(trigger: .start(CalendarDuration(days: -1)), uid: "class-day-before"),
                     CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)), repeatCount: 2, repeatInterval: CalendarDuration(seconds: 300), uid: "class-15m"),
                     CalendarAlert(trigger: .end(CalendarDuration(seconds: 0))),
                     CalendarAlert(trigger: .absolute(started))])
        return record
    }()

    /// An all-day event: a floating date, the reminder 15 hours before (09:00 the day before).
    static let allDay: AlarmRecord = {
        var record = AlarmRecord(
            id: alarmID, appID: "alarmctl", schedule: nil, countdownDuration: nil,
            presentation: AlarmPresentation(alert: .init(title: "Anna's birthday")), tintColor: .accentColor,
            sound: SoundSettings(), phase: .scheduled(fireDate: fire), calendarUID: "birthday-anna@example.com")
        record.calendar = CalendarSchedule(start: CalendarDateTime(year: 1990, month: 5, day: 3), duration: CalendarDuration(days: 1),
                                           rule: RecurrenceRule(frequency: .yearly), alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -54_000)))])
        return record
    }()

    static let scheduled = timer(.scheduled(fireDate: Date(timeIntervalSince1970: 0)))
    static let countingDown = timer(.countdown(startDate: started, fireDate: fire, total: 600, previouslyElapsed: 0))
    static let paused = timer(.paused(total: 600, previouslyElapsed: 123.456))
    static let alerting = timer(.alerting(since: fire, firedFor: fire))

    static func request(_ op: AlarmProtocol.Operation, id: Int, _ edit: (inout AlarmProtocol.Request) -> Void = { _ in }) -> Direction {
        var request = AlarmProtocol.Request(id: id, op: op)
        edit(&request)
        return .request(request)
    }

    static func reply(id: Int?, _ edit: (inout AlarmProtocol.Message) -> Void = { _ in }) -> Direction {
        var message = AlarmProtocol.Message(id: id, ok: true)
        edit(&message)
        return .message(message)
    }

    static func event(_ kind: AlarmProtocol.EventKind, _ edit: (inout AlarmProtocol.Message) -> Void) -> Direction {
        var message = AlarmProtocol.Message(event: kind)
        edit(&message)
        return .message(message)
    }

    /// Name and message, in the order of `AlarmProtocol.Operation`, then replies, then events.
    static let all: [(name: String, direction: Direction)] = [
        // Requests: each operation as its client sends it.
        ("request-schedule-alarmctl", request(.schedule, id: 1) { $0.record = weekly }),
        ("request-schedule-app", request(.schedule, id: 2) {
            $0.app = app
            $0.record = scheduled
            $0.stopIntent = stopIntent
            $0.secondaryIntent = repeatIntent
            $0.registration = registration
        }),
        ("request-list", request(.list, id: 3) { $0.page = 1000 }),
        ("request-list-app", request(.list, id: 4) {
            $0.app = app
            $0.page = 1000
        }),
        ("request-stop", request(.stop, id: 5) { $0.alarm = alarmID }),
        ("request-countdown", request(.countdown, id: 6) { $0.alarm = alarmID }),
        ("request-pause", request(.pause, id: 7) {
            $0.app = app
            $0.alarm = alarmID
        }),
        ("request-resume", request(.resume, id: 8) { $0.alarm = alarmID }),
        ("request-cancel", request(.cancel, id: 9) { $0.alarm = alarmID }),
        ("request-watch", request(.watch, id: 10) {
            $0.limit = 5
            $0.endings = true
            $0.page = 1000
        }),
        ("request-watch-app", request(.watch, id: 11) {
            $0.app = app
            $0.runsIntents = true
            $0.page = 1000
        }),
        ("request-missed", request(.missed, id: 12) { $0.limit = 20 }),
        ("request-status", request(.status, id: 13)),
        ("request-authorization", request(.authorization, id: 14) { $0.app = app }),
        ("request-requestAuthorization", request(.requestAuthorization, id: 15) {
            $0.app = app
            $0.registration = registration
        }),
        ("request-apps", request(.apps, id: 16)),
        ("request-setAuthorization", request(.setAuthorization, id: 17) {
            $0.app = app
            $0.decision = .allow
        }),
        ("request-claimIntents", request(.claimIntents, id: 18) { $0.app = app }),
        ("request-disable", request(.disable, id: 19) { $0.alarm = otherID }),
        ("request-enable", request(.enable, id: 20) { $0.alarm = otherID }),
        ("request-skip", request(.skip, id: 21) { $0.alarm = otherID }),
        ("request-edit", request(.edit, id: 22) { $0.record = dated }),
        ("request-intentDialog", request(.intentDialog, id: 23) {
            $0.app = app
            $0.alarm = alarmID
            $0.dialog = "Snoozed: five more minutes"
        }),
        // The Alarms window's sound row: a preview through alarmd's engine, and "Add sound…".
        ("request-previewSound", request(.previewSound, id: 24) { $0.sound = "Chime" }),
        ("request-stopPreview", request(.stopPreview, id: 25)),
        // The ringing view's secondary button of an alert whose behavior is `custom`.
        ("request-custom", request(.custom, id: 27) { $0.alarm = alarmID }),
        ("request-installSound", request(.installSound, id: 26) {
            $0.path = "/run/user/1000/doc/3f2a9c1e/Morning Birds.flac"
            $0.sound = "Morning Birds"
        }),
        ("request-importAlarms", request(.importAlarms, id: 24) { $0.records = [zoned, weekly] }),
        ("request-sync", request(.sync, id: 25)),
        ("request-unrung", request(.unrung, id: 26)),
        // A partial edit: the turned-off alarm renamed, nothing else taken from the record.
        ("request-change", request(.change, id: 28) {
            var renamed = dated
            renamed.presentation.alert.title = "Flight to Porto"
            $0.record = renamed
            $0.fields = [.title]
        }),
        ("request-unskip", request(.unskip, id: 29) { $0.alarm = otherID }),
        ("request-sounds", request(.sounds, id: 26) {
            $0.app = app
            $0.path = "/opt/cooking/bin/Sounds"
        }),

        // Replies.
        ("reply-ok", reply(id: 10)),
        ("reply-record-scheduled", reply(id: 1) { $0.record = weekly }),
        ("reply-record-countdown", reply(id: 6) {
            $0.alarm = alarmID
            $0.record = countingDown
        }),
        ("reply-record-paused", reply(id: 7) {
            $0.alarm = alarmID
            $0.record = paused
        }),
        ("reply-record-disabled", reply(id: 22) { $0.record = dated }),
        ("reply-record-warning", reply(id: 2) {
            $0.record = scheduled
            $0.warning = "not yet durable: disk full (ENOSPC); the change is in effect until alarmd stops"
        }),
        // The typed form: the change is in effect but not saved, and why, for the client to word.
        ("reply-record-unsaved", reply(id: 2) {
            $0.record = scheduled
            $0.unsaved = .init(kind: .cannotWrite, path: "/home/me/.local/state/openalarmkit/alarms.sqlite", detail: "database or disk is full (SQLite error 13)")
        }),
        ("reply-record-zoned", reply(id: 1) { $0.record = zoned }),
        ("reply-record-calendar", reply(id: 1) { $0.record = calendarEvent }),
        ("reply-record-allDay", reply(id: 1) { $0.record = allDay }),
        ("reply-importAlarms", reply(id: 24) { $0.alarms = [zoned, weekly] }),
        ("reply-gone", reply(id: 9) { $0.alarm = alarmID }),
        ("reply-list", reply(id: 3) { $0.alarms = [weekly, countingDown, paused, alerting, dated] }),
        ("reply-list-empty", reply(id: 4) { $0.alarms = [] }),
        ("reply-list-page", reply(id: 3) {
            $0.alarms = [weekly]
            $0.more = true
        }),
        ("reply-missed", reply(id: 12) {
            $0.missed = [
                .init(alarm: alarmID, title: "Food Ready!", dueAt: fire, reason: "ringTimeout", recordedAt: fire.addingTimeInterval(60.5)),
                .init(alarm: otherID, title: "Work days", dueAt: started, reason: "tooLate", recordedAt: fire),
            ]
        }),
        ("reply-status", reply(id: 13) {
            var status = AlarmProtocol.DaemonStatus(
                version: "0.1.0", pid: 4242, timeZone: "Europe/Berlin", alarmCount: 5, audioDevice: "default",
                notifications: "GNOME Shell 46.0 (actions, body, persistence)", defaultSnooze: 540, wakeFromSuspend: "no: alarmd lacks CAP_WAKE_ALARM")
            status.storageProblem = "the disk is full"
            status.configProblem = "config.toml:3: sound.volume must be 0-100 (percent)"
            $0.status = status
        }),
        ("reply-status-sync", reply(id: 13) {
            var status = AlarmProtocol.DaemonStatus(
                version: "0.2.0", pid: 4242, timeZone: "Europe/Berlin", alarmCount: 5, audioDevice: "default",
                notifications: "GNOME Shell 46.0 (actions, body, persistence)", defaultSnooze: 540, wakeFromSuspend: "yes (CAP_WAKE_ALARM)")
            status.sync = .init(url: "https://dav.example.org/calendars/me/alarms/", lastSync: fire, problem: "401 from dav.example.org: check the username and password",
                                changes: "2 sent, 1 received", rounds: 7)
            $0.status = status
        }),
        ("reply-status-unrung", reply(id: 13) {
            var status = AlarmProtocol.DaemonStatus(
                version: "0.2.0", pid: 4242, timeZone: "Europe/Berlin", alarmCount: 5, audioDevice: "default",
                notifications: "GNOME Shell 46.0 (actions, body, persistence)", defaultSnooze: 540, wakeFromSuspend: "yes (CAP_WAKE_ALARM)")
            status.sync = .init(url: "https://dav.example.org/calendars/me/alarms/", lastSync: fire, rounds: 7)
            status.unrung = [.init(calendar: nil, checked: fire, count: 2), .init(calendar: "Work", checked: started, count: 0, older: 1240)]
            $0.status = status
        }),
        ("reply-unrung", reply(id: 26) {
            $0.unrung = [
                .init(calendar: nil, checked: fire, count: 3, events: [
                    .init(summary: "Birthday \"Anna\" 🎂", uid: "b-1@example.com", start: "2025-05-03", startZone: nil, reason: "allDayWithoutReminder", details: nil),
                    .init(summary: "Climbing", uid: "c-2@example.com", start: "2024-03-05T18:30", startZone: "Europe/Berlin", reason: "ended", details: ["2025-07-01"]),
                    .init(summary: nil, uid: nil, start: "2026-01-05T14:00", startZone: "Mars Standard Time", reason: "unknownZone", details: ["Mars Standard Time"]),
                ]),
                .init(calendar: "Work", checked: started, count: 0, events: [], older: 1240),
            ]
        }),
        // Typed values for clients to word; the older fields hold names (not sentences) for
        // older clients, and `wakeFromSuspend` is left out.
        ("reply-status-typed", reply(id: 13) {
            var status = AlarmProtocol.DaemonStatus(
                version: "0.3.0", pid: 4242, timeZone: "Europe/Berlin", alarmCount: 5, audioDevice: "hw:CARD=PCH",
                notifications: "GNOME Shell 46.0", defaultSnooze: 540)
            status.audio = .init(device: "hw:CARD=PCH", state: .cannotOpen, detail: "No such device")
            status.notifier = .init(via: .server, name: "GNOME Shell", version: "46.0")
            status.wake = .init(able: false, obstacle: .lacksCapability, install: .package, executable: "/usr/bin/alarmd")
            status.unsaved = .init(kind: .readOnly, path: "/home/me/.local/state/openalarmkit", detail: "Read-only file system")
            status.storageProblem = "/home/me/.local/state/openalarmkit: Read-only file system"
            status.ringTimeout = 600
            $0.status = status
        }),
        ("reply-status-terminal", reply(id: 13) {
            var status = AlarmProtocol.DaemonStatus(
                version: "0.3.0", pid: 4242, timeZone: "UTC", alarmCount: 0, audioDevice: "default", notifications: "terminal", defaultSnooze: 540)
            status.audio = .init(device: "default", state: .opens)
            status.notifier = .init(via: .terminal)
            status.wake = .init(able: false, obstacle: .noWakeClock, detail: "Invalid argument")
            status.ringTimeout = 30.5
            $0.status = status
        }),
        ("reply-sounds", reply(id: 26) {
            $0.sounds = .init(
                sounds: [
                    .init(name: "Cooking", path: "/opt/cooking/bin/Sounds/Cooking.wav", kind: .appBundle),
                    .init(name: "Mine", path: "/home/me/.local/share/openalarmkit/Sounds/Mine.flac", kind: .user),
                    .init(name: "Bell", path: "/usr/share/openalarmkit/Sounds/Bell.flac", kind: .system),
                    .init(name: "Default", path: "/usr/share/openalarmkit/Sounds/Default.flac", kind: .system),
                    .init(name: "Mine", path: "/usr/share/openalarmkit/Sounds/Mine.flac", kind: .system, shadowed: true),
                    .init(name: "bell", path: "/usr/share/sounds/freedesktop/stereo/bell.oga", kind: .soundTheme),
                ],
                locations: [
                    .init(directory: "/opt/cooking/bin/Sounds", kind: .appBundle),
                    .init(directory: "/home/me/.local/share/org.example.cooking/Sounds", kind: .appData),
                    .init(directory: "/home/me/.local/share/openalarmkit/Sounds", kind: .user),
                    .init(directory: "/usr/share/openalarmkit/Sounds", kind: .system),
                    .init(directory: "/usr/lib/openalarmkit/Sounds", kind: .checkout),
                    .init(directory: "/usr/share/sounds/freedesktop/stereo", kind: .soundTheme),
                ],
                defaultSound: "/usr/share/openalarmkit/Sounds/Default.flac")
        }),
        ("reply-sync", reply(id: 25) {
            var status = AlarmProtocol.DaemonStatus(
                version: "0.2.0", pid: 4242, timeZone: "Europe/Berlin", alarmCount: 5, audioDevice: "default",
                notifications: "GNOME Shell 46.0 (actions, body, persistence)", defaultSnooze: 540, wakeFromSuspend: "yes (CAP_WAKE_ALARM)")
            var sync = AlarmProtocol.SyncStatus(url: "https://dav.example.org/calendars/me/alarms/", lastSync: fire,
                                                problem: "TLS failure with dav.example.org: the server's certificate has expired (SSL certificate problem: certificate has expired); check the server's certificate or the URL",
                                                changes: "2 sent, 1 received", rounds: 7)
            var failure = AlarmProtocol.SyncFailure(.tls)
            failure.host = "dav.example.org"
            failure.detail = "SSL certificate problem: certificate has expired"
            failure.reason = "expired"
            sync.failure = failure
            var summary = AlarmProtocol.SyncSummary()
            summary.sent = 2
            summary.received = 1
            sync.summary = summary
            sync.awaitedRound = 8
            status.sync = sync
            $0.status = status
        }),
        ("reply-sync-off", reply(id: 26) {
            var status = AlarmProtocol.DaemonStatus(
                version: "0.2.0", pid: 4242, timeZone: "Europe/Berlin", alarmCount: 5, audioDevice: "default",
                notifications: "GNOME Shell 46.0 (actions, body, persistence)", defaultSnooze: 540, wakeFromSuspend: "yes (CAP_WAKE_ALARM)")
            var sync = AlarmProtocol.SyncStatus(url: "http://127.evil.test/u/alarms/", problem: "sync.url refused: cannot use http://127.evil.test/u/alarms/: plain http would send the password in clear")
            var failure = AlarmProtocol.SyncFailure(.badURL)
            failure.url = "http://127.evil.test/u/alarms/"
            failure.reason = "plainHTTP"
            sync.failure = failure
            sync.off = true
            status.sync = sync
            $0.status = status
        }),
        ("reply-authorization", reply(id: 14) {
            $0.app = app
            $0.authorization = .authorized
        }),
        ("reply-requestAuthorization", reply(id: 15) {
            $0.app = app
            $0.authorization = .notDetermined
        }),
        ("reply-apps", reply(id: 16) {
            $0.apps = [
                AppSummary(
                    app: app, displayName: "Cooking \"Timer\"", usageDescription: "Tells you when the food is ready.", authorization: .authorized,
                    decidedAt: started, alarmCount: 1, pendingIntents: 1, launch: registration.launch),
                AppSummary(app: "org.example.denied", displayName: nil, usageDescription: nil, authorization: .denied, decidedAt: fire, alarmCount: 0, pendingIntents: 0, launch: nil),
            ]
        }),
        ("reply-setAuthorization", reply(id: 17) {
            $0.app = app
            $0.authorization = .authorized
        }),
        ("reply-claimIntents", reply(id: 18) {
            $0.intents = [
                PendingIntent(id: intentID, app: app, alarm: alarmID, button: "stop", intent: stopIntent, pressedAt: fire, expiresAt: fire.addingTimeInterval(86_400))
            ]
        }),
        ("reply-claimIntents-none", reply(id: 18) { $0.intents = [] }),
        ("reply-error", .message(.failure(id: 5, .init(.notFound, "no alarm with id 7C9E6679 (see: alarmctl list)")))),
        ("reply-error-invalidTransition", .message(.failure(id: 8, .init(.invalidTransition, "cannot resume an alarm that is scheduled")))),
        ("reply-error-unsupportedVersion", .message(.failure(id: 1, .init(.unsupportedVersion, "protocol version 2 is not supported; this alarmd speaks 1")))),
        ("reply-error-notAuthorized", .message(.failure(id: 2, .init(.notAuthorized, "org.example.cooking may not schedule alarms: allow it with `alarmctl apps allow org.example.cooking`")))),
        ("reply-error-malformed", .message(.failure(id: nil, .init(.malformed, "malformed request: \"op\": unknown value 'snoze'\n")))),
        ("reply-error-busy", .message(.failure(id: nil, .init(.busy, "alarmd serves 64 clients; retry later")))),

        // Events.
        ("event-alarms", event(.alarms) { $0.alarms = [alerting, paused] }),
        ("event-alarms-page", event(.alarms) {
            $0.alarms = [weekly]
            $0.more = true
        }),
        ("event-missed", event(.missed) {
            $0.record = alerting
            $0.reason = "ringTimeout"
        }),
        ("event-intent", event(.intent) {
            $0.alarm = alarmID
            $0.intent = "secondary"
        }),
        ("event-sounding", event(.sounding) {
            $0.alarm = alarmID
            $0.firedFor = fire
            $0.firstFrame = fire.addingTimeInterval(0.012_5)
        }),
        ("event-sounding-failed", event(.sounding) {
            $0.alarm = alarmID
            $0.firedFor = fire
            $0.reason = "no audio device could play it: ALSA: No such device"
        }),
        ("event-authorization", event(.authorization) {
            $0.app = app
            $0.authorization = .denied
        }),
        ("event-intentPending", event(.intentPending) { $0.app = app }),
        ("event-ended", event(.ended) {
            $0.alarm = alarmID
            $0.reason = AlarmProtocol.EndReason.stopped.rawValue
        }),
        ("event-ended-cancelled", event(.ended) {
            $0.alarm = alarmID
            $0.reason = AlarmProtocol.EndReason.cancelled.rawValue
        }),
        ("event-ended-ringTimeout", event(.ended) {
            $0.alarm = alarmID
            $0.reason = AlarmProtocol.EndReason.ringTimeout.rawValue
        }),
        ("event-ended-tooLate", event(.ended) {
            $0.alarm = alarmID
            $0.reason = AlarmProtocol.EndReason.tooLate.rawValue
        }),
    ]
}
