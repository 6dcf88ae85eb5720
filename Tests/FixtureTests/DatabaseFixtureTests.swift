import AlarmStore
import Foundation
import AlarmClient
import Testing

/// The database of release 0.1.0 (`Tests/Fixtures/alarms-0.1.0.sqlite`, made by
/// scripts/make-fixtures) opens with today's store and every alarm, app, intent and missed
/// entry reads as it was made: what a person sees, field by field, with dates as instants
/// (to a microsecond), never the JSON in the rows, so a migration that changes how rows are
/// stored keeps these tests passing and one that changes what they mean fails them. Also once
/// migrated, closed and opened again. (`DatabaseV4FixtureTests`: the same for schema v4.)
@Suite(.timeLimit(.minutes(2))) struct DatabaseFixtureTests {
    static let file = "alarms-0.1.0.sqlite"

    /// Runs `body` on today's store opened on a copy of the fixture `file` (opening may migrate
    /// it), in a folder of its own that goes afterwards. With `reopened`, the copy is opened,
    /// closed and opened again first: the migrated file must read the same as the fresh one,
    /// so a migration that works only in memory, or half-commits, fails here.
    static func withFixture<T>(_ file: String = Self.file, reopened: Bool = false, _ body: (AlarmStore) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-fixture-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("alarms.sqlite")
        try FileManager.default.copyItem(at: FixtureFiles.url(file), to: copy)
        if reopened {
            let first = try AlarmStore(at: copy)
            _ = try first.load()
            try first.close()
        }
        let store = try AlarmStore(at: copy)
        defer { try? store.close() }
        return try body(store)
    }

    static func id(_ text: String) -> UUID { UUID(uuidString: text)! }

    /// An instant written as people read it.
    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    static func whiteButton(_ text: LocalizedStringResource, _ image: String) -> AlarmButton {
        AlarmButton(text: text, textColor: .white, systemImageName: image)
    }
    static let stop = whiteButton("Stop", "stop.circle")

    /// What `alarmctl add` gives an alarm: Stop and Snooze, a snoozed countdown's title.
    static func clockPresentation(_ title: String, stop: String = "Stop", snooze: String? = "Snooze") -> AlarmPresentation {
        AlarmPresentation(
            alert: .init(
                title: LocalizedStringResource(title), stopButton: whiteButton(LocalizedStringResource(stop), "stop.circle"),
                secondaryButton: snooze.map { whiteButton(LocalizedStringResource($0), "zzz") }, secondaryButtonBehavior: snooze == nil ? nil : .countdown),
            countdown: snooze == nil ? .init(title: LocalizedStringResource(title), pauseButton: whiteButton("Pause", "pause.fill")) : .init(title: "\(title) (snoozed)"),
            paused: snooze == nil ? .init(title: "\(title) (paused)", resumeButton: whiteButton("Resume", "play.fill")) : nil)
    }

    /// What `alarmctl timer` gives a timer: Pause and Resume, and Repeat when asked.
    static func timerPresentation(_ title: String, repeats: Bool = false) -> AlarmPresentation {
        AlarmPresentation(
            alert: .init(
                title: LocalizedStringResource(title), stopButton: stop,
                secondaryButton: repeats ? whiteButton("Repeat", "repeat.circle") : nil, secondaryButtonBehavior: repeats ? .countdown : nil),
            countdown: .init(title: LocalizedStringResource(title), pauseButton: whiteButton("Pause", "pause.fill")),
            paused: .init(title: "\(title) (paused)", resumeButton: whiteButton("Resume", "play.fill")))
    }

    static let cookingTimerID = id("5B52CA75-370C-4A9A-A36F-1A37B9B32C86")
    static let stoppedCookingTimerID = id("4307E697-1813-4521-ABC1-C9154FC4EFEE")

    /// Every alarm of the fixture, as it was made (scripts/make-fixtures, TZ=UTC).
    static let expected: [AlarmRecord] = [
        AlarmRecord(
            id: id("17D02BDC-CC84-43AD-88A0-4D41196E22B7"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 300),
            presentation: clockPresentation("Work days", stop: "I'm up", snooze: "5 more"),
            sound: SoundSettings(sound: .named("Chime"), volume: 0.8, rampSeconds: 30),
            phase: .scheduled(fireDate: at("2026-11-27T06:30:00Z"))),
        AlarmRecord(
            id: id("9CB2D0AB-BFC7-4588-A15F-D054B29637DE"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 7, minute: 15), repeats: .weekly([.monday, .wednesday, .friday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 540), presentation: clockPresentation("Gym"),
            phase: .scheduled(fireDate: at("2026-11-30T07:15:00Z")), skippedFire: at("2026-11-27T07:15:00Z")),
        AlarmRecord(
            id: id("B2F97A94-0E7D-4813-809F-17246E3E5A88"), appID: "alarmctl", schedule: .fixed(at("2031-03-14T07:45:00Z")),
            countdownDuration: .init(preAlert: 600, postAlert: nil), presentation: clockPresentation("Flight to Lisbon", snooze: nil),
            phase: .scheduled(fireDate: at("2031-03-14T07:45:00Z"))),
        AlarmRecord(
            id: id("FB620ECC-6850-46BD-B03A-9EB3D75B8942"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 23, minute: 59), repeats: .never)),
            countdownDuration: .init(preAlert: nil, postAlert: 540), presentation: clockPresentation("Once, at midnight's edge"),
            phase: .scheduled(fireDate: at("2026-11-26T23:59:00Z"))),
        AlarmRecord(
            id: id("F681AFC2-C60B-422E-A6C2-8215135B4150"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 21, minute: 0), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 540), presentation: clockPresentation("Pills"),
            phase: .scheduled(fireDate: at("2026-11-26T21:00:00Z")), disabledAt: Date(timeIntervalSince1970: 1_795_699_382.443_374_2)),
        AlarmRecord(
            id: id("90BF84DD-DDA2-4A74-BDB0-E4F334D22D9D"), appID: "alarmctl", schedule: nil,
            countdownDuration: .init(preAlert: 1500, postAlert: 300), presentation: timerPresentation("Pizza", repeats: true),
            phase: .paused(total: 1500, previouslyElapsed: 0.605_444_192_886_352_5)),
        AlarmRecord(
            id: id("F386EAC0-95C6-4064-94AC-CEBE9A51019A"), appID: "alarmctl", schedule: nil,
            countdownDuration: .init(preAlert: 7200, postAlert: nil), presentation: timerPresentation("Laundry"),
            phase: .countdown(
                startDate: Date(timeIntervalSince1970: 1_795_699_383.243_396_3), fireDate: Date(timeIntervalSince1970: 1_795_706_583.243_396_3),
                total: 7200, previouslyElapsed: 0)),
        AlarmRecord(
            id: id("677AF9E7-7439-4458-BDDA-2C96E28529FE"), appID: "alarmctl", schedule: nil,
            countdownDuration: .init(preAlert: 1, postAlert: nil), presentation: timerPresentation("Ringing at shutdown"),
            phase: .alerting(since: Date(timeIntervalSince1970: 1_795_699_404.195_181), firedFor: Date(timeIntervalSince1970: 1_795_699_404.191_452_3))),
        AlarmRecord(
            id: cookingTimerID, appID: "CookingTimer", schedule: nil, countdownDuration: .init(preAlert: 1800, postAlert: 300),
            presentation: AlarmPresentation(
                alert: .init(
                    title: "Food Ready!", stopButton: whiteButton("Dismiss", "stop.circle"), secondaryButton: whiteButton("Repeat", "repeat.circle"),
                    secondaryButtonBehavior: .countdown),
                countdown: .init(title: "Cooking", pauseButton: AlarmButton(text: "Pause", textColor: .green, systemImageName: "pause")),
                paused: .init(title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .green, systemImageName: "play"))),
            tintColor: .green, metadata: #"{"method":"frying.pan"}"#,
            sound: SoundSettings(sound: .named("Chime"), bundleDirectory: "/tmp/openalarmkit-fixture/bin/Sounds"),
            phase: .countdown(
                startDate: Date(timeIntervalSince1970: 1_795_699_383.303_897_9), fireDate: Date(timeIntervalSince1970: 1_795_701_183.303_897_9),
                total: 1800, previouslyElapsed: 0)),
    ]

    @Test(arguments: [false, true])
    func everyAlarmReadsAsItWasMade(reopened: Bool) throws {
        let loaded = try Self.withFixture(reopened: reopened) { try $0.load() }
        Self.expectAlarms(loaded, Self.expected)
    }

    /// Every expected alarm, and no other, field by field.
    static func expectAlarms(_ loaded: LoadedAlarms, _ expected: [AlarmRecord], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(loaded.undecodable.isEmpty && loaded.quarantined.isEmpty, "\(loaded.undecodable) \(loaded.quarantined)", sourceLocation: sourceLocation)
        let byID = Dictionary(uniqueKeysWithValues: loaded.records.map { ($0.id, $0) })
        #expect(Set(byID.keys) == Set(expected.map(\.id)), sourceLocation: sourceLocation)
        for wanted in expected {
            let title = wanted.presentation.alert.title.text
            guard let record = byID[wanted.id] else {
                Issue.record("'\(title)' is missing", sourceLocation: sourceLocation)
                continue
            }
            expectSame(record, wanted, title, sourceLocation: sourceLocation)
        }
    }

    /// Field by field, each date as an instant to a microsecond (a stored epoch may change;
    /// the instant may not).
    static func expectSame(_ record: AlarmRecord, _ expected: AlarmRecord, _ title: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(record.appID == expected.appID, "\(title): app", sourceLocation: sourceLocation)
        #expect(record.presentation.alert.title.text == title, sourceLocation: sourceLocation)
        #expect(record.presentation == expected.presentation, "\(title): buttons and titles", sourceLocation: sourceLocation)
        #expect(record.tintColor == expected.tintColor, "\(title): tint", sourceLocation: sourceLocation)
        #expect(record.metadata == expected.metadata, "\(title): metadata", sourceLocation: sourceLocation)
        #expect(record.sound == expected.sound, "\(title): sound", sourceLocation: sourceLocation)
        #expect(record.countdownDuration == expected.countdownDuration, "\(title): countdown durations", sourceLocation: sourceLocation)
        #expect(record.phase.state == expected.phase.state, "\(title): state", sourceLocation: sourceLocation)
        #expect(record.repeats == expected.repeats, "\(title): repeats", sourceLocation: sourceLocation)
        #expect(record.timeZone == expected.timeZone, "\(title): its own time zone", sourceLocation: sourceLocation)
        #expect(record.calendarUID == expected.calendarUID, "\(title): the calendar event it came from", sourceLocation: sourceLocation)
        switch (record.schedule, expected.schedule) {
        case (.fixed(let date), .fixed(let wanted)): expectInstant(date, wanted, "\(title): fixed date", sourceLocation)
        case (let schedule, let wanted): #expect(schedule == wanted, "\(title): schedule", sourceLocation: sourceLocation)
        }
        switch (record.phase, expected.phase) {
        case (.scheduled(let fire), .scheduled(let wanted)):
            expectInstant(fire, wanted, "\(title): next fire", sourceLocation)
        case (.countdown(let start, let fire, let total, let elapsed), .countdown(let wantedStart, let wantedFire, let wantedTotal, let wantedElapsed)):
            expectInstant(start, wantedStart, "\(title): countdown start", sourceLocation)
            expectInstant(fire, wantedFire, "\(title): countdown end", sourceLocation)
            #expect(total == wantedTotal && elapsed == wantedElapsed, "\(title): countdown", sourceLocation: sourceLocation)
        case (.paused(let total, let elapsed), .paused(let wantedTotal, let wantedElapsed)):
            #expect(total == wantedTotal && elapsed == wantedElapsed, "\(title): time left", sourceLocation: sourceLocation)
        case (.alerting(let since, let firedFor), .alerting(let wantedSince, let wantedFiredFor)):
            expectInstant(since, wantedSince, "\(title): ringing since", sourceLocation)
            expectInstant(firedFor, wantedFiredFor, "\(title): rang for", sourceLocation)
        default:
            Issue.record("\(title): \(record.phase), expected \(expected.phase)", sourceLocation: sourceLocation)
        }
        expectInstant(record.disabledAt, expected.disabledAt, "\(title): turned off", sourceLocation)
        expectInstant(record.skippedFire, expected.skippedFire, "\(title): skipped date", sourceLocation)
    }

    static func expectInstant(_ date: Date?, _ wanted: Date?, _ what: String, _ sourceLocation: SourceLocation) {
        guard let date, let wanted else {
            #expect(date == nil && wanted == nil, "\(what): \(String(describing: date)), expected \(String(describing: wanted))", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(date.timeIntervalSince1970 - wanted.timeIntervalSince1970) < 1e-6, "\(what): \(date), expected \(wanted)", sourceLocation: sourceLocation)
    }

    @Test func consentReadsAsDecided() throws {
        let apps = Dictionary(uniqueKeysWithValues: try Self.withFixture { try $0.apps() }.map { ($0.appID, $0) })
        #expect(apps.keys.sorted() == ["CookingTimer", "org.example.denied", "org.example.undecided"])
        let cooking = try #require(apps["CookingTimer"])
        #expect(cooking.authorization == .authorized)
        #expect(cooking.registration == AppRegistration(displayName: "CookingTimer", launch: AppLaunch(executable: "/tmp/openalarmkit-fixture/bin/CookingTimer")))
        Self.expectInstant(cooking.decidedAt, Date(timeIntervalSince1970: 1_795_699_383.262_532), "CookingTimer's decision", #_sourceLocation)
        let denied = try #require(apps["org.example.denied"])
        #expect(denied.authorization == .denied && denied.registration == nil)
        Self.expectInstant(denied.decidedAt, Date(timeIntervalSince1970: 1_795_699_383.383_793_6), "the denial", #_sourceLocation)
        let undecided = try #require(apps["org.example.undecided"])
        #expect(undecided.authorization == .notDetermined && undecided.decidedAt == nil)
        #expect(undecided.registration == AppRegistration(
            displayName: "Undecided", usageDescription: "Reminds you to water the plants.",
            launch: AppLaunch(executable: "/tmp/openalarmkit-fixture/bin/CookingTimer")))
    }

    static func cookingIntent(_ type: String, _ mangled: String, alarm: UUID) -> EncodedIntent {
        EncodedIntent(typeName: "CookingTimer.\(type)", mangledTypeName: mangled, parameters: ["alarmID": "\"\(alarm.uuidString)\""])
    }

    @Test func theAppsIntentsReadAsScheduledAndPressed() throws {
        let (intents, pending) = try Self.withFixture { (try $0.alarmIntents(), try $0.pendingIntents()) }
        #expect(intents == [AlarmIntents(
            alarmID: Self.cookingTimerID, appID: "CookingTimer",
            stop: Self.cookingIntent("StopIntent", "12CookingTimer10StopIntentV", alarm: Self.cookingTimerID),
            secondary: Self.cookingIntent("RepeatIntent", "12CookingTimer12RepeatIntentV", alarm: Self.cookingTimerID))])
        #expect(pending.count == 1)
        let pressed = try #require(pending.first)
        #expect(pressed.id == Self.id("A7BB3C54-3A2C-4077-81C3-1C08FE171BE7"))
        #expect(pressed.app == "CookingTimer" && pressed.alarm == Self.stoppedCookingTimerID && pressed.button == "stop")
        #expect(pressed.intent == Self.cookingIntent("StopIntent", "12CookingTimer10StopIntentV", alarm: Self.stoppedCookingTimerID))
        Self.expectInstant(pressed.pressedAt, Date(timeIntervalSince1970: 1_795_699_390.475_224), "pressed", #_sourceLocation)
        Self.expectInstant(pressed.expiresAt, Date(timeIntervalSince1970: 1_795_699_510.475_224), "expires", #_sourceLocation)
    }

    @Test func missedAlarmsReadNewestFirst() throws {
        let missed = try Self.withFixture { try $0.missed() }
        #expect(missed.map(\.title) == ["Due while down", "Tea, forgotten"])
        #expect(missed.map(\.alarmID) == [Self.id("06BF9CEE-D595-4A5F-9B80-4552356B9587"), Self.id("EE2AF7B7-9081-4FF7-88BD-3A8D095A5D64")])
        #expect(missed.map(\.appID) == ["alarmctl", "alarmctl"])
        #expect(missed.map(\.reason) == ["tooLate", "ringTimeout"])
        guard missed.count == 2 else {
            Issue.record("expected two missed alarms: \(missed)")
            return
        }
        Self.expectInstant(missed[0].dueAt, Date(timeIntervalSince1970: 1_795_699_399.923_466_2), "due", #_sourceLocation)
        Self.expectInstant(missed[0].recordedAt, Date(timeIntervalSince1970: 1_795_699_403.045_617_6), "recorded", #_sourceLocation)
        Self.expectInstant(missed[1].dueAt, Date(timeIntervalSince1970: 1_795_699_391.583_390_2), "due", #_sourceLocation)
        Self.expectInstant(missed[1].recordedAt, Date(timeIntervalSince1970: 1_795_699_396.587_170_1), "recorded", #_sourceLocation)
    }
}
