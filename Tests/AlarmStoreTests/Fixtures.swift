import Foundation
import AlarmWire

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("alarmstore-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Where the daemon would keep its database inside this folder.
    var database: URL { url.appendingPathComponent("state/openalarmkit/alarms.sqlite") }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Names of the files in the database's folder, sorted.
    func filesBesideDatabase() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: database.deletingLastPathComponent().path).sorted()
    }
}

/// Instants with fractions of a second, so a lossy date encoding would show.
let fireDate = Date(timeIntervalSinceReferenceDate: 816_000_000.123_456)
let startDate = Date(timeIntervalSinceReferenceDate: 815_999_700.654_321)

func sampleRecord(
    id: UUID = UUID(), appID: String = "org.example.clock", title: String = "Wake up",
    schedule: Alarm.Schedule? = .fixed(fireDate),
    phase: AlarmRecord.Phase = .scheduled(fireDate: fireDate)
) -> AlarmRecord {
    AlarmRecord(
        id: id, appID: appID, schedule: schedule,
        countdownDuration: .init(preAlert: 300, postAlert: 540),
        presentation: AlarmPresentation(
            alert: .init(
                title: LocalizedStringResource(title),
                secondaryButton: AlarmButton(text: "Snooze", textColor: .orange, systemImageName: "zzz"),
                secondaryButtonBehavior: .countdown),
            countdown: .init(title: "Counting down",
                             pauseButton: AlarmButton(text: "Pause", textColor: .white, systemImageName: "pause")),
            paused: .init(title: "Paused",
                          resumeButton: AlarmButton(text: "Resume", textColor: .green, systemImageName: "play"))),
        tintColor: Color(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.5),
        metadata: #"{"room":"bedroom","ünïcødé":"✓"}"#,
        sound: SoundSettings(sound: .named("Chime"), volume: 0.8, rampSeconds: 30),
        phase: phase)
}

/// One record for each kind of schedule, and one for each phase.
let everySchedule: [Alarm.Schedule?] = [
    nil,
    .fixed(fireDate),
    .relative(.init(time: .init(hour: 6, minute: 30), repeats: .never)),
    .relative(.init(time: .init(hour: 23, minute: 59), repeats: .weekly([.monday, .wednesday, .sunday]))),
    .relative(.init(time: .init(hour: 0, minute: 0), repeats: .weekly([]))),
]

let everyPhase: [AlarmRecord.Phase] = [
    .scheduled(fireDate: fireDate),
    .countdown(startDate: startDate, fireDate: fireDate, total: 299.5, previouslyElapsed: 0.25),
    .paused(total: 600, previouslyElapsed: 123.456),
    .alerting(since: fireDate, firedFor: startDate),
]

/// A record's row as versions before schema v3 wrote it (dates in seconds since 2001), for
/// files made as an older version left them.
func v2RowJSON(_ record: AlarmRecord) -> String {
    String(decoding: RecordWriter.json(record, dates: .sinceReferenceDate) ?? [], as: UTF8.self)
}
