import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmWords
import FoundationEssentials
import Testing

/// The words alarmctl and the window share: an alarm's description and `status`'s values.
@Suite(.timeLimit(.minutes(2))) struct AlarmWordsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // Fri 2027-01-15 08:00 UTC
    var words: AlarmWords { AlarmWords(now: now, zone: .utc, localTime: LocalTimeText(posixName: "C")) }

    @Test func remainingTimeRoundsUpToTheMinute() {
        #expect(words.remaining(until: now + 9 * 3600 + 11 * 60 + 1) == "in 9 h 12 min")
        #expect(words.remaining(until: now + 3600) == "in 1 h")
        #expect(words.remaining(until: now + 30) == "in less than a minute")
        #expect(words.remaining(until: now + 2 * 86400 + 3 * 3600) == "in 2 d 3 h")
        #expect(words.remaining(until: now - 5) == "now")
    }

    @Test func durationsRoundUpToTheSecond() {
        #expect(AlarmWords.duration(44.2) == "45 s")
        #expect(AlarmWords.duration(90) == "1 min 30 s", "seconds while they matter")
        #expect(AlarmWords.duration(300) == "5 min")
        #expect(AlarmWords.duration(330) == "6 min")
        #expect(AlarmWords.duration(9 * 3600 + 12 * 60) == "9 h 12 min")
        #expect(AlarmWords.duration(3 * 86400 + 4 * 3600) == "3 d 4 h")
    }

    @Test func daysReadAsPeopleSayThem() {
        #expect(words.days(AlarmDescription.week) == "Every day")
        #expect(words.days([.monday, .tuesday, .wednesday, .thursday, .friday]) == "Weekdays")
        #expect(words.days([.saturday, .sunday]) == "Weekends")
        #expect(words.days([.monday, .wednesday, .friday]) == "Mon, Wed, Fri")
        #expect(words.repeats(.timer) == "Timer")
        #expect(words.repeats(.once) == "Once")
        #expect(words.repeats(.onDate(now + 86400 * 30)) == "Once")
    }

    /// One description per state, each worded for a line (alarmctl) and for a row (the window).
    @Test func everyStateHasItsWords() {
        func record(_ phase: AlarmRecord.Phase, disabled: Bool = false) -> AlarmRecord {
            AlarmRecord(
                id: UUID(), appID: "alarmctl", schedule: .relative(.init(time: .init(hour: 17, minute: 0), repeats: .weekly([.friday]))),
                countdownDuration: .init(preAlert: nil, postAlert: 540), presentation: AlarmPresentation(alert: .init(title: "Tea")),
                phase: phase, disabledAt: disabled ? now : nil)
        }
        let scheduled = words.describe(record(.scheduled(fireDate: now + 9 * 3600)))
        #expect(scheduled.next == .rings(now + 9 * 3600))
        #expect(scheduled.repeats == .weekly([.friday]))
        #expect(scheduled.localTime == .init(hour: 17, minute: 0))
        #expect(scheduled.snooze == 540)
        #expect(words.next(scheduled) == "rings Fri 17:00, in 9 h")
        #expect(words.rowStatus(scheduled) == "in 9 h")

        let off = words.describe(record(.scheduled(fireDate: now + 9 * 3600), disabled: true))
        #expect(off.next == .off)
        #expect(words.next(off) == nil)
        #expect(words.rowStatus(off) == "Off")

        let paused = words.describe(record(.paused(total: 600, previouslyElapsed: 240)))
        #expect(words.next(paused) == "paused with 6 min left")
        #expect(words.rowStatus(paused) == "Paused")

        let ringing = words.describe(record(.alerting(since: now - 60, firedFor: now - 60)))
        #expect(words.next(ringing) == "ringing since Fri 07:59")
        #expect(words.rowStatus(ringing) == "Ringing")

        let snoozed = words.describe(record(.countdown(startDate: now, fireDate: now + 540, total: 540, previouslyElapsed: 0)))
        #expect(snoozed.next == .snoozed(until: now + 540))
        #expect(words.next(snoozed) == "snoozed until Fri 08:09, in 9 min")
        #expect(words.rowStatus(snoozed) == "Snoozed until 08:09")

        // The STATE column.
        #expect([scheduled, off, paused, ringing, snoozed].map(words.state) == ["scheduled", "off", "paused", "ringing", "snoozed"])
    }

    @Test func aSkipReadsTheSameOnALineAndARow() {
        var gym = AlarmRecord(
            id: UUID(), appID: "alarmctl", schedule: .relative(.init(time: .init(hour: 7, minute: 0), repeats: .weekly([.monday, .saturday]))),
            countdownDuration: nil, presentation: AlarmPresentation(alert: .init(title: "Gym")),
            phase: .scheduled(fireDate: now + 3 * 86400 - 3600))
        gym.skippedFire = now + 86400 - 3600
        let description = words.describe(gym)
        #expect(words.next(description) == "rings Mon 07:00, in 2 d 23 h (skips Sat 07:00)")
        #expect(words.rowStatus(description) == "in 2 d 23 h (skips Sat 07:00)")
    }

    @Test func anEventsRuleInWords() throws {
        func text(_ rule: String, start: CalendarDateTime = CalendarDateTime(year: 2026, month: 9, day: 7, secondOfDay: 66_600)) throws -> String {
            words.calendar(.init(CalendarSchedule(start: start, rule: try RecurrenceRule(text: rule))))
        }
        #expect(try text("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20270630T000000Z") == "Every other week on Mon, until 2027-06-30")
        #expect(try text("FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR") == "Every 3 weeks on Mon, Fri")
        #expect(try text("FREQ=DAILY;INTERVAL=2") == "Every 2 days")
        #expect(try text("FREQ=MONTHLY;BYDAY=-1FR;COUNT=6") == "Monthly on the last Friday, 6 times")
        #expect(try text("FREQ=MONTHLY;BYMONTHDAY=15;COUNT=1") == "Monthly on day 15, 1 time")
        #expect(try text("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1") == "Every 3 months on the last day")
        #expect(try text("FREQ=YEARLY", start: CalendarDateTime(year: 1990, month: 5, day: 3)) == "Yearly on 3 May")
        #expect(try text("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU") == "Yearly on the last Sunday in October")
        #expect(try text("FREQ=MONTHLY;BYDAY=MO,TU") == "Repeats by the rule FREQ=MONTHLY;BYDAY=MO,TU")
        #expect(words.calendar(.init(CalendarSchedule(start: CalendarDateTime(year: 2026, month: 9, day: 7)))) == "Once, all day")
    }

    @Test func statusValuesInWords() {
        #expect(StatusWords.audio(.init(device: "default", state: .opens)) == "default (opens now)")
        #expect(StatusWords.audio(.init(device: "hw:3", state: .cannotOpen, detail: "No such device")) == "hw:3 (cannot open now: No such device)")
        #expect(StatusWords.notifier(.init(via: .server, name: "GNOME Shell", version: "46.0")) == "GNOME Shell 46.0")
        #expect(StatusWords.notifier(.init(via: .terminal)) == "terminal (no notification server)")
        #expect(StatusWords.wake(.able) == "yes (CAP_WAKE_ALARM)")
        let packaged = AlarmProtocol.WakeStatus(able: false, obstacle: .lacksCapability, install: .package, executable: "/usr/bin/alarmd")
        #expect(StatusWords.wake(packaged).hasPrefix("no: alarmd lacks CAP_WAKE_ALARM, which the package puts on its launcher /usr/bin/alarmd"))
        #expect(StatusWords.wake(packaged).contains("sudo apt install libcap2-bin && sudo dpkg-reconfigure openalarmkit"))
        #expect(!StatusWords.wake(packaged).contains("setcap cap_wake_alarm+ep"), "never a file capability on the packaged binary")
        let script = AlarmProtocol.WakeStatus(able: false, obstacle: .lacksCapability, install: .installScript, executable: "/home/u/.local/bin/alarmctl")
        #expect(StatusWords.wake(script).contains("scripts/install does not grant"))
        #expect(StatusWords.wake(script).contains("sudo setcap cap_wake_alarm+ep /home/u/.local/bin/alarmctl"))
        let build = AlarmProtocol.WakeStatus(able: false, obstacle: .lacksCapability, install: .sourceBuild, executable: "/src/.build/debug/alarmctl")
        #expect(StatusWords.wake(build).contains("AmbientCapabilities=CAP_WAKE_ALARM"))
        #expect(StatusWords.wake(build).contains("$XDG_RUNTIME_DIR/bus"))
        let noClock = AlarmProtocol.WakeStatus(able: false, obstacle: .noWakeClock, detail: "Invalid argument")
        #expect(StatusWords.wake(noClock) == "no: the kernel has no wake-up clock here (Invalid argument), a machine with an RTC that can wake it is needed")
        let readOnly = AlarmProtocol.StorageProblem(kind: .readOnly, path: "/state", detail: "Read-only file system")
        #expect(StatusWords.storage(readOnly) == "/state is read-only (Read-only file system): make it writable")
    }
}
