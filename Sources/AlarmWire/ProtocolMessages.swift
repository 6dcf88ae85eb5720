import FoundationEssentials

/// The wire protocol between alarmd and its clients: one JSON object per line over a Unix
/// stream socket. Requests carry an `id` and get exactly one reply with the same `id`; a
/// `watch` request then also receives pushed events (messages with `event` and no `id`).
package enum AlarmProtocol {
    package static let version = 1
    /// The largest request line alarmd accepts; a longer one gets an error reply, not a crash.
    package static let maxRequestBytes = 256 * 1024
    /// The largest reply or event line a client accepts: a list of 10,000 alarms is ~7 MiB.
    package static let maxReplyBytes = 64 << 20
    /// The largest app metadata (its JSON text) an alarm may carry.
    package static let maxMetadataBytes = AlarmBounds.maxMetadataBytes
    /// Records per line a client asks for in `page` when it reads alarm lists in pages: small
    /// enough that each line stays well under every cap, large enough that 100,000 alarms
    /// take only 100 lines.
    package static let defaultPage = 1000
    /// The most records per line alarmd sends, whatever `page` asks.
    package static let maxPage = 10_000
    /// The longest intent dialog alarmd shows (UTF-8 bytes); a longer one is cut at a character.
    package static let maxDialogBytes = 1024
    /// The longest a `previewSound` plays: a preview is a sample, not a ring.
    package static let maxPreviewSeconds = 30.0
    /// The most events alarmd keeps, and lists, per calendar that give no alarm; the count
    /// says how many there were.
    package static let maxUnrungListed = 500

    package enum Operation: String, Codable, Sendable, CaseIterable {
        /// Add an alarm (`record`; its phase is ignored). Replies with the scheduled alarm.
        case schedule
        /// All alarms, or one app's (`app`). Replies with `alarms`.
        case list
        /// The lifecycle operations on one alarm (`alarm`). Reply with `alarm` (absent once gone).
        case stop, countdown, pause, resume, cancel
        /// Subscribe to pushed events, for one app or all. Replies, then pushes `alarms` at once
        /// and on every change.
        case watch
        /// Alarms recorded as missed, newest first (`limit`).
        case missed
        /// Daemon facts: version, time zone, audio device, notification server.
        case status
        /// An app's authorization (`app`). Replies with `authorization`.
        case authorization
        /// An app asks to schedule alarms (`app`, `registration`): answers a known decision at
        /// once; for an unknown app shows the consent prompt and answers `notDetermined`, the
        /// decision following as an `authorization` event to the app's watchers.
        case requestAuthorization
        /// Every app alarmd knows, with its decision and alarm count. Replies with `apps`.
        case apps
        /// A person's decision from `alarmctl apps` (`app`, `decision`).
        case setAuthorization
        /// Hands the app's pending intents (`app`) to the caller, once: they are removed
        /// durably before the reply. Replies with `intents`.
        case claimIntents
        /// Turn an alarm (`alarm`) off without deleting it, and on again (from now on).
        case disable, enable
        /// Pass over the next occurrence of a repeating alarm (`alarm`). Refused while it already
        /// skips a date still ahead: one skip at a time.
        case skip
        /// Replace an alarm's configuration, keeping its id (`record`; its phase is ignored):
        /// the same as cancelling and scheduling it again with that id. Replies with the alarm.
        case edit
        /// An app ran an intent for a button of `alarm` and it said `dialog` (App Intents'
        /// `.result(dialog:)`): alarmd shows the text as a short notification under the app's
        /// name. Only for an alarm whose intent the app (`app`) claimed in the last
        /// `intentLifetime` seconds. An extension of version 1: an older daemon answers
        /// `malformed`, and the app goes on.
        case intentDialog
        /// Play a sound once as a preview (`sound`: a name, as an alarm's), on the device and
        /// at the volume alarms use, stopping an earlier preview; it ends by itself, at most
        /// after `maxPreviewSeconds`. `stopPreview` silences it. For the Alarms window, which
        /// plays through the daemon's engine rather than linking its own. An extension of
        /// version 1: an older daemon answers `malformed`.
        case previewSound, stopPreview
        /// Check a sound file by decoding it and copy it into the user's Sounds folder under a
        /// name (`path`, `sound`), as `alarmctl sound install` does. An extension of version 1.
        case installSound
        /// The alert's secondary button when its behavior is `custom` (`alarm`): ends the alert
        /// and runs the app's secondary intent, as the popup's button does. For the Alarms
        /// window's ringing view. An extension of version 1.
        case custom
        /// Adds or updates many alarms in one durable step (`records`, each like `schedule`'s;
        /// their phases ignored): one whose id, or else whose `calendarUID`, an alarm already
        /// has is an edit of it (keeping its id and app), the others are new. All or nothing:
        /// a refused record refuses the whole request, naming it. Replies with `alarms`, the
        /// results in the request's order. For the person's tools (`alarmctl import`): no
        /// `app`. An extension of version 1: an older daemon answers `malformed`.
        case importAlarms
        /// Sync with the CalDAV calendar of `[sync]` now instead of at the end of the interval
        /// (`alarmctl sync`). Replies at once with `status` whose `sync.awaitedRound` names the
        /// round that answers it; its outcome shows in `status`'s `sync` once `rounds` reaches it.
        /// An extension of version 1: an older daemon answers `malformed`; a daemon without
        /// `[sync]` answers `notFound`.
        case sync
        /// The events of the calendars alarmd reads (`[sync]`, each `[[calendars]]`) that give
        /// no alarm, each with its reason, as the last round found them. Replies with
        /// `unrung` (empty when no calendar is set up or none has been read yet). An extension
        /// of version 1: an older daemon answers `malformed`.
        case unrung
        /// A partial edit (`record`, `fields`): the alarm with the record's id takes the named
        /// fields (`AlarmField`) from the record and keeps everything else, its on/off state
        /// and its skip included; only a new time schedules it afresh. Fields whose values are
        /// the alarm's own change nothing. Replies with the alarm. What the person's tools
        /// send for an edit (alarmctl, the window). An extension of version 1: an older daemon
        /// answers `malformed`, rather than replacing the alarm as `edit` does.
        case change
        /// Undo a skip (`alarm`): the occurrence it passed over rings after all, while it is
        /// still ahead. An extension of version 1.
        case unskip
        /// The sounds alarmd would play (`app`: also that app's own folder; `path`: an app
        /// bundle's Sounds folder, searched first), found by alarmd's lookup in alarmd's
        /// environment. Replies with `sounds`. For the window's picker and `alarmctl sound list`.
        /// An extension of version 1: an older daemon answers `malformed`.
        case sounds
    }

    package struct Request: Codable, Hashable, Sendable {
        package var v: Int
        package var id: Int
        package var op: Operation
        package var app: String?
        package var alarm: UUID?
        package var record: AlarmRecord?
        /// `watch`: `alarms` events carry every alarm that rings, counts down or is paused, and
        /// only the first `limit` others (soonest first): all a status bar shows, however many
        /// alarms there are. (`missed`: how many entries.) A daemon that predates it sends all.
        package var limit: Int?
        /// `schedule`: the intents the alarm's Stop and secondary buttons run in the app.
        package var stopIntent: EncodedIntent?
        package var secondaryIntent: EncodedIntent?
        /// `schedule`, `requestAuthorization`: who the app is and how alarmd starts it.
        package var registration: AppRegistration?
        /// `watch`: this connection runs the app's intents (an `AlarmManager`).
        package var runsIntents: Bool?
        /// `watch`: also push `ended` events.
        package var endings: Bool?
        /// `setAuthorization`.
        package var decision: AppDecision?
        /// `list`, `watch`: send alarm lists in lines of at most this many records, each but the
        /// last marked `more`, instead of one line (which outgrows every cap near 40,000 alarms).
        /// An extension of version 1: a daemon that predates it ignores it and sends one line,
        /// which a client that asked reads as a last page; a client that does not ask gets one line.
        package var page: Int?
        /// `intentDialog`: the text, at most `maxDialogBytes`.
        package var dialog: String?
        /// `previewSound`, `installSound`: a sound's name.
        package var sound: String?
        /// `installSound`: the file to install (the daemon reads it: same user). `sounds`: an
        /// app bundle's Sounds folder.
        package var path: String?
        /// `importAlarms`: the alarms to add or update.
        package var records: [AlarmRecord]?
        /// `change`: which of the record's fields to take; the alarm keeps the others.
        package var fields: [AlarmField]?

        package init(id: Int, op: Operation, app: String? = nil, alarm: UUID? = nil, record: AlarmRecord? = nil, limit: Int? = nil) {
            self.v = AlarmProtocol.version
            self.id = id
            self.op = op
            self.app = app
            self.alarm = alarm
            self.record = record
            self.limit = limit
        }
    }

    package enum EventKind: String, Codable, Sendable {
        /// The (app's) alarms changed; `alarms` is the whole new list.
        case alarms
        /// An alarm did not ring, or rang out unanswered; `record` and `reason`.
        case missed
        /// A button was pressed whose intent the app may run: `alarm` and `intent`.
        case intent
        /// An alarm's sound started: `alarm`, `firedFor` (when it was due) and `firstFrame`
        /// (when its first audio frame reached the device).
        case sounding
        /// An app's authorization changed or its prompt was answered: `app`, `authorization`.
        case authorization
        /// A person pressed a button whose intent the app runs: claim it with `claimIntents`.
        case intentPending
        /// An alarm went away for good: `alarm`, and `reason` an `EndReason`. Pushed only
        /// to watchers that asked (`Request.endings`): a client older than this event would not
        /// decode it.
        case ended
    }

    /// Why an alarm went away (`ended` events): what a waiting client needs to tell a person's
    /// Stop (from any client or the popup, even before it rang) from a removal or a ring
    /// nobody answered. A reader meets values newer than it knows: it must treat them as
    /// "gone, reason unknown" (`EndReason(rawValue:)` is nil), never as an error.
    package enum EndReason: String, Codable, Sendable {
        /// A person stopped it (Stop, or a custom button that ends the alert).
        case stopped
        /// It was cancelled (`alarmctl cancel`, an app's `cancel(id:)`).
        case cancelled
        /// It rang for the whole ring timeout and nobody answered (also reported `missed`,
        /// with the same reason). An alarmd older than this value sends no `ended` for it.
        case ringTimeout
        /// Its time had passed longer ago than the late tolerance when alarmd got to it (the
        /// machine slept, the clock jumped): it never rang (also reported `missed`).
        case tooLate
    }

    /// A reply (has `id`) or a pushed event (has `event`).
    package struct Message: Codable, Hashable, Sendable {
        package var v: Int = AlarmProtocol.version
        package var id: Int?
        package var ok: Bool?
        package var error: ErrorReply?
        package var event: EventKind?
        package var alarm: UUID?
        package var record: AlarmRecord?
        package var alarms: [AlarmRecord]?
        package var missed: [MissedAlarm]?
        package var status: DaemonStatus?
        package var reason: String?
        package var intent: String?
        package var firedFor: Date?
        package var firstFrame: Date?
        /// A request that succeeded with a caveat: a sound that falls back, ... (Daemons before
        /// `unsaved` also said "not yet durable: ..." here.)
        package var warning: String?
        /// The change this reply answers is in effect, in alarmd's memory, but not on disk:
        /// why. It is lost if alarmd stops before its retry saves it, so a client must not
        /// report it as done (alarmctl exits 75). Absent when the change is saved.
        package var unsaved: StorageProblem?
        /// `sounds`: what alarmd would play.
        package var sounds: SoundCatalog?
        package var app: String?
        package var authorization: AppAuthorization?
        package var apps: [AppSummary]?
        package var intents: [PendingIntent]?
        /// An `alarms` reply or event sent in pages (the request's `page`): more lines with the
        /// same `id` (or, for an event, the next `alarms` events) follow, the last without `more`.
        package var more: Bool?
        /// `unrung`: per calendar, the events that give no alarm.
        package var unrung: [UnrungCalendar]?

        package init(id: Int? = nil, ok: Bool? = nil, event: EventKind? = nil) {
            self.id = id
            self.ok = ok
            self.event = event
        }

        package static func failure(id: Int?, _ error: ErrorReply) -> Message {
            var message = Message(id: id, ok: false)
            message.error = error
            return message
        }
    }

    package struct ErrorReply: Codable, Hashable, Sendable, Error, CustomStringConvertible {
        package var code: Code
        package var message: String

        package init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }

        package var description: String { message }

        package enum Code: String, Codable, Sendable {
            case malformed, tooLarge, unsupportedVersion, notFound, invalidTransition, neverFires
            case maximumLimitReached, invalidConfiguration, storage, internalError
            /// alarmd serves as many clients as it may, or is out of descriptors: retry later.
            case busy
            /// The app may not schedule alarms: not yet asked, or a person said no.
            case notAuthorized
        }
    }

    package struct MissedAlarm: Codable, Hashable, Sendable {
        package var alarm: UUID
        package var title: String
        package var dueAt: Date
        package var reason: String
        package var recordedAt: Date

        package init(alarm: UUID, title: String, dueAt: Date, reason: String, recordedAt: Date) {
            self.alarm = alarm
            self.title = title
            self.dueAt = dueAt
            self.reason = reason
            self.recordedAt = recordedAt
        }
    }

    package struct DaemonStatus: Codable, Hashable, Sendable {
        package var version: String
        package var pid: Int32
        package var timeZone: String
        package var alarmCount: Int
        package var audioDevice: String
        package var notifications: String
        /// Seconds a snooze lasts when an alarm does not say (config `alarms.snooze`).
        package var defaultSnooze: Double
        /// Why changes cannot be saved right now (disk full, read-only folder); nil when fine.
        package var storageProblem: String?
        /// Why config.toml was not applied (the last good settings are in use); nil when fine.
        package var configProblem: String?
        /// "yes (CAP_WAKE_ALARM)" or "no: why, how to enable", from 0.2 daemons; newer ones send
        /// `wake` instead.
        package var wakeFromSuspend: String?
        /// CalDAV sync (`[sync]` in config.toml); nil when it is not set up, and from daemons
        /// before 0.2.
        package var sync: SyncStatus?
        /// Per calendar read so far (`[sync]`, `[[calendars]]`), how many of its events give no
        /// alarm (`events` absent: the `unrung` request lists them); nil when none was read,
        /// and from daemons before 0.2.
        package var unrung: [UnrungCalendar]?

        // The typed values, for clients to word (StatusValues.swift). A daemon that sends them
        // still fills the older fields above for older clients, with names rather than
        // sentences: `audioDevice` the device, `notifications` the server's name and version
        // (or "terminal"); it no longer sends `wakeFromSuspend`. All nil from older daemons.

        /// The sound device and whether it opens now.
        package var audio: AudioStatus?
        /// Where alarms are shown.
        package var notifier: NotifierStatus?
        /// Whether the machine is woken from suspend for an alarm.
        package var wake: WakeStatus?
        /// Why changes are not being saved; nil when they are (`storageProblem` in words).
        package var unsaved: StorageProblem?
        /// Seconds an alarm rings unanswered before it stops and counts as missed
        /// (config `alarms.ring_timeout`).
        package var ringTimeout: Double?

        package init(version: String, pid: Int32, timeZone: String, alarmCount: Int, audioDevice: String, notifications: String, defaultSnooze: Double,
                    wakeFromSuspend: String? = nil) {
            self.version = version
            self.pid = pid
            self.timeZone = timeZone
            self.alarmCount = alarmCount
            self.audioDevice = audioDevice
            self.notifications = notifications
            self.defaultSnooze = defaultSnooze
            self.wakeFromSuspend = wakeFromSuspend
        }
    }

    /// A calendar alarmd reads, and those of its events that give no alarm.
    package struct UnrungCalendar: Codable, Hashable, Sendable {
        /// The `[[calendars]]` name; nil for `[sync]`'s calendar.
        package var calendar: String?
        /// When the round that found them ended.
        package var checked: Date
        /// How many events give no alarm; `events` holds at most `maxUnrungListed` of them.
        package var count: Int
        /// The events, in the calendar's order; nil in `status`, which gives the count alone.
        package var events: [UnrungEvent]?
        /// Events that ended, or whose reminder passed, more than 30 days before the read:
        /// counted here, not in `count` nor listed (a calendar's past would bury the rest);
        /// nil when there are none.
        package var older: Int?

        package init(calendar: String?, checked: Date, count: Int, events: [UnrungEvent]? = nil, older: Int? = nil) {
            self.calendar = calendar
            self.checked = checked
            self.count = count
            self.events = events
            self.older = older
        }
    }

    /// An event that gives no alarm: what a person needs to find it in the calendar, and why.
    package struct UnrungEvent: Codable, Hashable, Sendable {
        package var summary: String?
        package var uid: String?
        /// DTSTART as the event states it: `2025-07-01T09:00` or, all day, `2025-07-01`; in
        /// `startZone` ("UTC", a tz name, a TZID as written; nil: floating).
        package var start: String?
        package var startZone: String?
        /// Why: a reason code (AlarmCalendar's `EventRefusal.code`, which clients word) and
        /// its values (a date, a zone name, …).
        package var reason: String
        package var details: [String]?

        package init(summary: String?, uid: String?, start: String?, startZone: String?, reason: String, details: [String]?) {
            self.summary = summary
            self.uid = uid
            self.start = start
            self.startZone = startZone
            self.reason = reason
            self.details = details
        }
    }

    /// How CalDAV sync is doing, for `alarmctl status` and `alarmctl sync`. Never a password.
    package struct SyncStatus: Codable, Hashable, Sendable {
        /// The calendar collection.
        package var url: String
        /// The end of the last round that succeeded.
        package var lastSync: Date?
        /// Why the last round failed, in words ("401 from dav.example.org: check the username
        /// and password", "offline: …", "TLS failure with …"); nil when it succeeded.
        package var problem: String?
        /// What the last successful round changed ("2 sent, 1 received"); nil: nothing.
        package var changes: String?
        /// Rounds that ended (successful or not), so a client can wait for the next one.
        package var rounds: Int
        /// `problem` as data, for clients to word (`SyncMessages.swift`).
        package var failure: SyncFailure?
        /// What the last successful round changed, as data; nil before the first.
        package var summary: SyncSummary?
        /// In the reply to `sync`: the round that answers it (the first that starts after the
        /// request); it has ended when `rounds` reaches it.
        package var awaitedRound: Int?
        /// True when config.toml has `[sync]` but it cannot be used (`failure` says why):
        /// sync is off, every other setting applies.
        package var off: Bool?

        package init(url: String, lastSync: Date? = nil, problem: String? = nil, changes: String? = nil, rounds: Int = 0) {
            self.url = url
            self.lastSync = lastSync
            self.problem = problem
            self.changes = changes
            self.rounds = rounds
        }
    }
}
