import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmsAppModel
import Foundation
import Testing
import TestSupport

/// alarmctl's `list` and the window's rows word an alarm from one description: an event's
/// repeat rule and a snoozed alarm read the same in both, against a real alarmd (the alarms
/// made by a real alarmctl, snoozed as its popup's Snooze would).
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct OneDescriptionTests {
    @Test func aCalendarScheduleAndASnoozedAlarmReadTheSameInListAndTheRow() throws {
        var (root, environment) = try IsolatedHome.make(prefix: "oak-one-description", audioDevice: { _ in "null" }, bus: nil)
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
        func alarmctl(_ arguments: String...) throws -> (termination: Subprocess.Termination, stdout: String, stderr: String) {
            let result = try Subprocess.run(BuildProducts.path("alarmctl"), arguments, environment: environment)
            #expect(result.termination.status == 0, "alarmctl \(arguments.joined(separator: " ")): \(result.stderr)")
            return result
        }
        func records() throws -> [AlarmRecord] { try AlarmConnection(socketPath: socket).send(.list).alarms ?? [] }

        _ = try alarmctl("add", "every", "2", "weeks", "mon,fri", "7:00", "until", "2099-06-30", "--title", "Class")
        _ = try alarmctl("add", "1s", "--title", "Tea", "--snooze", "5m")
        let ringBy = Date().addingTimeInterval(15)
        while try records().first(where: { $0.presentation.alert.title.text == "Tea" })?.phase.state != .alerting, Date() < ringBy {
            usleep(50_000)
        }
        _ = try alarmctl("snooze", "Tea")

        let all = try records()
        let classRecord = try #require(all.first { $0.presentation.alert.title.text == "Class" })
        let tea = try #require(all.first { $0.presentation.alert.title.text == "Tea" })
        #expect(classRecord.calendar != nil, "an event's schedule, not AlarmKit's")
        let berlin = try #require(ZoneRules.named("Europe/Berlin", environment: environment))
        let maker = AlarmRowMaker(zone: berlin, localTime: LocalTimeText(posixName: "C"))
        let classRow = maker.row(classRecord, now: Date())
        let teaRow = maker.row(tea, now: Date())
        let list = try alarmctl("list").stdout
        let lines = list.split(separator: "\n").map(String.init)
        let classLine = try #require(lines.first { $0.contains("Class") }, "\(list)")
        let teaLine = try #require(lines.first { $0.contains("Tea") }, "\(list)")

        // The event's rule: the same words in the REPEATS column and the row, and the same
        // next ring (the row shows its time and how far off it is; the line its day and time).
        #expect(classRow.repeatText == "Every other week on Mon, Fri, until 2099-06-30")
        #expect(classLine.contains("  \(classRow.repeatText)  "), "the row's \(classRow.repeatText) in \(classLine)")
        #expect(classRow.time == "07:00")
        #expect(classLine.contains(" 07:00, in "), "rings at the row's time: \(classLine)")
        #expect(classRow.status.hasPrefix("in "), "\(classRow.status)")
        #expect(classLine.hasPrefix(String(classRecord.id.uuidString.lowercased().prefix(8)) + "  scheduled"), "\(classLine)")

        // The snoozed alarm: snoozed in both, until the same minute, with Stop on the row.
        #expect(teaLine.contains("  snoozed  "), "the STATE column: \(teaLine)")
        let until = try #require(teaRow.snoozedUntil)
        let minute = LocalTimeText(posixName: "C").time(until, zone: maker.zone, seconds: false)
        #expect(teaRow.status == "Snoozed until \(minute)")
        #expect(teaLine.contains("snoozed until ") && teaLine.contains(" \(minute)"), "until \(minute), as the row says: \(teaLine)")
        #expect(teaRow.action == .stop)
        #expect(teaLine.contains("  \(teaRow.repeatText)  "), "the row's \(teaRow.repeatText) in \(teaLine)")
    }
}
