import AlarmCore
import AlarmSystem
import ArgumentParser
import Foundation
import AlarmClient
import OpenAlarmKit

/// How fast fire times are computed, against their goals: at most 2 µs per `nextFire` of a
/// weekly relative alarm, and 1,000,000 fires of a daily alarm walked in under 2 s.
struct FireTimeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firetime", abstract: "Time FireTimeCalendar.nextFire against its goals.")

    @Option(help: "IANA time zone to compute in.")
    var zone = "Europe/Berlin"

    @Option(help: "Calls per nextFire measurement.")
    var calls = 1_000_000

    func run() async throws {
        guard let timeZone = ZoneRules.named(zone) else { throw ValidationError("unknown time zone '\(zone)'") }
        guard calls > 0 else { throw ValidationError("--calls must be at least 1") }
        let calendar = FireTimeCalendar(timeZone: timeZone)
        #if DEBUG
            print("warning: debug build; measure with `swift build -c release --product alarm-bench`")
        #endif
        print("fire-time calendar in \(zone), \(calls) calls each")

        let weekdays: [Locale.Weekday] = [.monday, .wednesday, .friday]
        let weekly = Alarm.Schedule.relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly(weekdays)))
        let daily = Alarm.Schedule.relative(
            .init(time: .init(hour: 2, minute: 30), repeats: .weekly([.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday])))
        let fixed = Alarm.Schedule.fixed(Date(timeIntervalSince1970: 2_000_000_000))

        // References a little over an hour apart cover every hour of the day and, over the
        // run, a century of DST transitions, so the slow path near transitions is included.
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for (name, schedule, goal) in [
            ("weekly relative (mon,wed,fri 06:30)", weekly, 2.0), ("daily (02:30, hits gaps)", daily, 2.0),
            ("fixed", fixed, 2.0),
        ] {
            var checksum = 0.0
            let elapsed = ContinuousClock().measure {
                for call in 0..<calls {
                    let reference = start.addingTimeInterval(Double(call) * 3_607)
                    checksum += calendar.nextFire(of: schedule, after: reference)?.timeIntervalSince1970 ?? 0
                }
            }
            let perCall = elapsed.microseconds / Double(calls)
            report("nextFire \(name)", value: perCall, unit: "µs", goal: goal, checksum: checksum)
        }

        // Events' schedules (`CalendarFires`): the next fire comes from the instant asked
        // about, never from a walk of the series, except a COUNT, which counts from the start
        // (here 730 daily occurrences from 2025).
        let everyOtherWeek = CalendarSchedule(
            start: CalendarDateTime(year: 2024, month: 9, day: 2, secondOfDay: 66_600), rule: try! RecurrenceRule(text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR"),
            alerts: [CalendarAlert(trigger: .start(CalendarDuration(days: -1))), CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)))])
        let firstMonday = CalendarSchedule(start: CalendarDateTime(year: 2020, month: 1, day: 6, secondOfDay: 32_400), rule: try! RecurrenceRule(text: "FREQ=MONTHLY;BYDAY=1MO"))
        let counted = CalendarSchedule(start: CalendarDateTime(year: 2025, month: 1, day: 1, secondOfDay: 9_000), rule: try! RecurrenceRule(text: "FREQ=DAILY;COUNT=730"))
        let calendarCalls = max(1, calls / 20)
        for (name, schedule) in [("every other week, two reminders", everyOtherWeek), ("first Monday monthly", firstMonday), ("daily, COUNT=730", counted)] {
            let fires = CalendarFires(schedule: schedule, calendar: calendar, floating: false)
            var checksum = 0.0
            let elapsed = ContinuousClock().measure {
                for call in 0..<calendarCalls {
                    // 1,447 s apart: every minute of the day over the run, and a year or more.
                    let reference = start.addingTimeInterval(Double(call) * 1_447)
                    checksum += fires.nextFire(after: reference)?.timeIntervalSince1970 ?? 0
                }
            }
            report("nextFire event: \(name)", value: elapsed.microseconds / Double(calendarCalls), unit: "µs", goal: 50, checksum: checksum)
        }

        // What alarmctl and alarmd pay once at start: read and parse the zone file.
        var loaded = 0
        let loadTime = ContinuousClock().measure {
            for _ in 0..<1000 { loaded += ZoneRules.named(zone)?.identifier.count ?? 0 }
        }
        report("load \(zone) (read + parse TZif)", value: loadTime.microseconds / 1000, unit: "µs", goal: 1000, checksum: Double(loaded))

        var fire = start
        var walked = 0
        let walkTime = ContinuousClock().measure {
            for fireTime in calendar.fires(of: daily, after: start).prefix(1_000_000) {
                fire = fireTime
                walked += 1
            }
        }
        report("walk \(walked) daily fires (to \(calendar.iso8601(fire)))", value: walkTime.microseconds / 1e6,
               unit: "s", goal: 2, checksum: fire.timeIntervalSince1970)
    }

    private func report(_ name: String, value: Double, unit: String, goal: Double, checksum: Double) {
        let verdict = value <= goal ? "ok" : "MISSED"
        let limit = unit == "s" ? "<" : "<="
        // The checksum keeps the optimizer from dropping the work; it means nothing.
        print(String(format: "%@: %.3f %@ (goal %@ %g %@) %@  [checksum %.0f]",
                     name, value, unit, limit, goal, unit, verdict, checksum.truncatingRemainder(dividingBy: 1e6)))
    }
}

extension Duration {
    fileprivate var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}
