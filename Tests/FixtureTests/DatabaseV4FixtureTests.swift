import Foundation
import AlarmClient
import Testing

@testable import AlarmStore

/// The database at schema v4 (`Tests/Fixtures/alarms-v4.sqlite`, made by scripts/make-fixtures
/// with the code of main before 0.2.0): the 0.1.0 kinds of alarm and row, plus two alarms
/// imported from a calendar file, which carry what v4 added: `calendarUID` (its own column) and
/// `timeZone` (the event's TZID). Today's store opens it, migrating it to today's schema when
/// that is newer, and every row reads as it was made, also after closing and opening it again.
/// Compared as `DatabaseFixtureTests` compares 0.1.0's: what a person sees, field by field.
@Suite(.timeLimit(.minutes(1))) struct DatabaseV4FixtureTests {
    static let file = "alarms-v4.sqlite"
    static func id(_ text: String) -> UUID { DatabaseFixtureTests.id(text) }
    static func at(_ text: String) -> Date { DatabaseFixtureTests.at(text) }

    /// What `alarmctl import` gives an event's alarm: Stop and Snooze, no countdown.
    static func importedPresentation(_ title: String) -> AlarmPresentation {
        AlarmPresentation(alert: .init(
            title: LocalizedStringResource(title), stopButton: DatabaseFixtureTests.stop,
            secondaryButton: DatabaseFixtureTests.whiteButton("Snooze", "zzz"), secondaryButtonBehavior: .countdown))
    }

    static let cookingTimerID = id("B0049E08-C4D8-4678-8935-8CE9B99EC39E")
    static let stoppedCookingTimerID = id("3348D210-8528-4860-940B-6F6328DBCF74")

    /// Every alarm of the fixture, as it was made (scripts/make-fixtures, TZ=UTC).
    static let expected: [AlarmRecord] = [
        AlarmRecord(
            id: id("2E0E452D-B350-4D36-A355-A905CAC93DA3"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 300),
            presentation: DatabaseFixtureTests.clockPresentation("Work days", stop: "I'm up", snooze: "5 more"),
            sound: SoundSettings(sound: .named("Chime"), volume: 0.8, rampSeconds: 30),
            phase: .scheduled(fireDate: at("2026-11-30T06:30:00Z"))),
        AlarmRecord(
            id: id("6A93F2A6-8B6E-457A-82B0-120DCE394EF0"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 7, minute: 15), repeats: .weekly([.monday, .wednesday, .friday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 540), presentation: DatabaseFixtureTests.clockPresentation("Gym"),
            phase: .scheduled(fireDate: at("2026-12-02T07:15:00Z")), skippedFire: at("2026-11-30T07:15:00Z")),
        AlarmRecord(
            id: id("C8EFED25-F81A-4F5A-8CDF-CBAE8E2A9080"), appID: "alarmctl", schedule: .fixed(at("2031-03-14T07:45:00Z")),
            countdownDuration: .init(preAlert: 600, postAlert: nil),
            presentation: DatabaseFixtureTests.clockPresentation("Flight to Lisbon", snooze: nil),
            phase: .scheduled(fireDate: at("2031-03-14T07:45:00Z"))),
        AlarmRecord(
            id: id("AE823650-9FB2-4E0A-9D4C-5BE02425AB6A"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 23, minute: 59), repeats: .never)),
            countdownDuration: .init(preAlert: nil, postAlert: 540), presentation: DatabaseFixtureTests.clockPresentation("Once, at midnight's edge"),
            phase: .scheduled(fireDate: at("2026-11-28T23:59:00Z"))),
        AlarmRecord(
            id: id("7E400686-DFC7-4806-8627-2243EC774485"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 21, minute: 0), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 540), presentation: DatabaseFixtureTests.clockPresentation("Pills"),
            phase: .scheduled(fireDate: at("2026-11-28T21:00:00Z")), disabledAt: Date(timeIntervalSince1970: 1_795_884_123.075_843_8)),
        AlarmRecord(
            id: id("62A245D3-0559-412A-B4B2-452811D81E45"), appID: "alarmctl", schedule: nil,
            countdownDuration: .init(preAlert: 1500, postAlert: 300), presentation: DatabaseFixtureTests.timerPresentation("Pizza", repeats: true),
            phase: .paused(total: 1500, previouslyElapsed: 0.449_170_827_865_600_6)),
        AlarmRecord(
            id: id("9A2B04FC-5C13-4976-99C7-E1C19B3306E0"), appID: "alarmctl", schedule: nil,
            countdownDuration: .init(preAlert: 7200, postAlert: nil), presentation: DatabaseFixtureTests.timerPresentation("Laundry"),
            phase: .countdown(
                startDate: Date(timeIntervalSince1970: 1_795_884_123.720_105_6), fireDate: Date(timeIntervalSince1970: 1_795_891_323.720_105_6),
                total: 7200, previouslyElapsed: 0)),
        AlarmRecord(
            id: id("9095FBE0-D471-4CBE-ACBA-44E904814A63"), appID: "alarmctl", schedule: nil,
            countdownDuration: .init(preAlert: 1, postAlert: nil), presentation: DatabaseFixtureTests.timerPresentation("Ringing at shutdown"),
            phase: .alerting(since: Date(timeIntervalSince1970: 1_795_884_144.601_037_7), firedFor: Date(timeIntervalSince1970: 1_795_884_144.599_986_6))),
        AlarmRecord(
            id: cookingTimerID, appID: "CookingTimer", schedule: nil, countdownDuration: .init(preAlert: 1800, postAlert: 300),
            presentation: AlarmPresentation(
                alert: .init(
                    title: "Food Ready!", stopButton: DatabaseFixtureTests.whiteButton("Dismiss", "stop.circle"),
                    secondaryButton: DatabaseFixtureTests.whiteButton("Repeat", "repeat.circle"), secondaryButtonBehavior: .countdown),
                countdown: .init(title: "Cooking", pauseButton: AlarmButton(text: "Pause", textColor: .green, systemImageName: "pause")),
                paused: .init(title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .green, systemImageName: "play"))),
            tintColor: .green, metadata: #"{"method":"frying.pan"}"#,
            sound: SoundSettings(sound: .named("Chime"), bundleDirectory: "/tmp/openalarmkit-fixture/bin/Sounds"),
            phase: .countdown(
                startDate: Date(timeIntervalSince1970: 1_795_884_123.877_805), fireDate: Date(timeIntervalSince1970: 1_795_885_923.877_805),
                total: 1800, previouslyElapsed: 0)),
        // From the calendar file: a weekday stand-up at 09:00 in New York with a reminder 10
        // minutes before (so 08:50 New York time), and a dated call at 08:30 in Tokyo.
        AlarmRecord(
            id: id("A5277AB2-9317-46C4-8475-BBDFEA1EF182"), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 8, minute: 50), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))),
            countdownDuration: nil, presentation: importedPresentation("Stand-up"),
            phase: .scheduled(fireDate: at("2026-11-30T13:50:00Z")),
            timeZone: "America/New_York", calendarUID: "standup-4f1e@example.org"),
        AlarmRecord(
            id: id("94E54B03-F82F-4E48-967A-C47EB31B7FC7"), appID: "alarmctl", schedule: .fixed(at("2031-06-13T23:30:00Z")),
            countdownDuration: nil, presentation: importedPresentation("Launch call"),
            phase: .scheduled(fireDate: at("2031-06-13T23:30:00Z")),
            timeZone: "Asia/Tokyo", calendarUID: "tokyo-launch-77@example.org"),
    ]

    @Test(arguments: [false, true])
    func everyAlarmReadsAsItWasMade(reopened: Bool) throws {
        let loaded = try DatabaseFixtureTests.withFixture(Self.file, reopened: reopened) { try $0.load() }
        DatabaseFixtureTests.expectAlarms(loaded, Self.expected)
    }

    /// The calendar UID is a column of its own (indexed: sync and import find alarms by it),
    /// not only a field of the record: the store finds each imported alarm by it.
    @Test func theCalendarUIDsAreInTheirColumn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-fixture-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("alarms.sqlite")
        try FileManager.default.copyItem(at: FixtureFiles.url(Self.file), to: copy)
        try AlarmStore(at: copy).close()  // migrated to today's schema, if it is newer
        let database = try SQLiteConnection(copy.path)
        defer { try? database.close() }
        var rows: [String: String] = [:]
        try database.query(#"SELECT "calendarUID", "id" FROM "alarm" WHERE "calendarUID" IS NOT NULL"#) { row in
            rows[row.text(0)] = row.text(1)
        }
        #expect(rows == ["standup-4f1e@example.org": "A5277AB2-9317-46C4-8475-BBDFEA1EF182",
                         "tokyo-launch-77@example.org": "94E54B03-F82F-4E48-967A-C47EB31B7FC7"])
    }

    @Test func consentIntentsAndMissedAlarmsReadAsMade() throws {
        let (apps, intents, pending, missed) = try DatabaseFixtureTests.withFixture(Self.file, reopened: true) {
            (try $0.apps(), try $0.alarmIntents(), try $0.pendingIntents(), try $0.missed())
        }
        let byApp = Dictionary(uniqueKeysWithValues: apps.map { ($0.appID, $0) })
        #expect(byApp.keys.sorted() == ["CookingTimer", "org.example.denied", "org.example.undecided"])
        #expect(byApp["CookingTimer"]?.authorization == .authorized)
        #expect(byApp["org.example.denied"]?.authorization == .denied)
        #expect(byApp["org.example.undecided"]?.authorization == .notDetermined)
        #expect(byApp["org.example.undecided"]?.registration?.usageDescription == "Reminds you to water the plants.")
        #expect(intents.map(\.alarmID) == [Self.cookingTimerID])
        #expect(pending.map(\.alarm) == [Self.stoppedCookingTimerID])
        #expect(pending.first?.button == "stop")
        #expect(missed.map(\.title) == ["Due while down", "Tea, forgotten"])
        #expect(missed.map(\.reason) == ["tooLate", "ringTimeout"])
    }
}
