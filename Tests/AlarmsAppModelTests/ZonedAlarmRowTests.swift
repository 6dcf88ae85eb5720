import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmsAppModel
import Foundation
import Testing
import TestSupport

/// An alarm that keeps an event's zone, on a machine in another: Thunderbird's 09:00 New York
/// stand-up (its reminder 08:50) on a Berlin machine rings at 14:50 Berlin time (15:50 or 13:50
/// in the weeks the two switch to summer time on different dates). The window's row and
/// alarmctl's `list` both say so, in the same words, from the same description.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ZonedAlarmRowTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/icalendar/thunderbird.ics").path

    @Test func theRowAndAlarmctlSayWhenItRingsHereAndOnItsOwnClock() throws {
        var (root, environment) = try IsolatedHome.make(prefix: "oak-zoned", audioDevice: { _ in "null" }, bus: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        environment["TZ"] = "Europe/Berlin"
        environment["LC_ALL"] = "C"
        let daemon = try Subprocess(BuildProducts.path("alarmd"), [], environment: environment, stdout: .null, stderr: .null)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.wait()
        }
        let socket = AlarmPaths(environment: environment).socket
        let deadline = Date().addingTimeInterval(10)
        while (try? AlarmConnection(socketPath: socket)) == nil, Date() < deadline { usleep(10_000) }

        let imported = try Subprocess.run(BuildProducts.path("alarmctl"), ["import", Self.fixture], environment: environment)
        #expect(imported.stdout.contains("imported "), "\(imported.stdout)\(imported.stderr)")
        let records = try AlarmConnection(socketPath: socket).send(.list).alarms ?? []
        let record = try #require(records.first { $0.presentation.alert.title.text == "Stand-up" })
        #expect(record.timeZone == "America/New_York")
        guard case .scheduled(let fire) = record.phase else {
            Issue.record("not scheduled: \(record.phase)")
            return
        }

        // The oracle: Foundation's calendar (ICU) reads the fire instant on both clocks.
        func clock(_ zone: String) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            let parts = calendar.dateComponents([.hour, .minute], from: fire)
            return String(format: "%02d:%02d", parts.hour!, parts.minute!)
        }
        #expect(clock("America/New_York") == "08:50")
        let berlin = clock("Europe/Berlin")
        #expect(berlin != "08:50")

        let now = Date()
        let berlinRules = try #require(ZoneRules.named("Europe/Berlin", environment: environment))
        let row = AlarmRowMaker(zone: berlinRules, localTime: LocalTimeText(posixName: "C")).row(record, now: now)
        #expect(row.time == berlin, "the row shows when it rings here")
        #expect(row.status.hasSuffix(" (08:50 America/New_York)"), "and when on its own clock: \(row.status)")
        #expect(row.repeatText == "Weekdays")

        let list = try Subprocess.run(BuildProducts.path("alarmctl"), ["list"], environment: environment)
        let line = try #require(list.stdout.split(separator: "\n").first { $0.contains("Stand-up") }, "\(list.stdout)")
        #expect(line.contains("Weekdays"), "the same repeat words: \(line)")
        #expect(line.contains(" \(berlin), in "), "alarmctl rings at the same local time: \(line)")
        #expect(line.hasSuffix(" (08:50 America/New_York)"), "and says the same of its own clock: \(line)")
    }
}
