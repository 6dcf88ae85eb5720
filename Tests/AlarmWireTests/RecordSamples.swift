import Foundation
@testable import AlarmWire

/// Records for the reader and writer tests: one of each kind, and random ones from a seeded
/// generator (a failing round can be replayed), with every optional present or not, strings
/// that need every kind of escape, and numbers of every shape JSONEncoder writes.
enum RecordSamples {
    /// A small seeded generator.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

        /// One to three random edits of `bytes`: a byte replaced by one of `replacements`, a
        /// byte removed, or one inserted (the damage the readers' fuzz tests feed them).
        mutating func damage(_ bytes: inout [UInt8], with replacements: [UInt8]) {
            for _ in 0..<Int.random(in: 1...3, using: &self) {
                let index = Int.random(in: 0..<bytes.count, using: &self)
                switch Int.random(in: 0..<3, using: &self) {
                case 0: bytes[index] = replacements.randomElement(using: &self)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(replacements.randomElement(using: &self)!, at: index)
                }
            }
        }
    }

    /// Doubles whose text is easy to get wrong: shortest round-trip digits, exponents on both
    /// sides, negative zero, whole numbers written without ".0", the edges of the format.
    static let awkwardDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 0.478, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.557, 0.576, 0.231, 0.188, 0.584, 0.8, 0.78,
        299.5, 0.25, 123.456, 540, 7200, 1e-7, 1e-6, 1e-5, 1e-4, 0.001, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23,
        123_456_789_012_345, 1_234_567_890_123_456, 12_345_678_901_234_568, 9_007_199_254_740_992, 9_007_199_254_740_992.0.nextUp,
        1_795_681_752.860_334_9, 1_795_674_552.977_235_3, 1_800_000_000, 816_000_000.123_456, -978_307_200,
        1e300, -1e300, 1.7976931348623157e308, 2.2250738585072014e-308, .leastNonzeroMagnitude, Double.leastNonzeroMagnitude.nextUp, Double(bitPattern: 2024),
        .pi, -.pi, 100, 1e2, 12.5, 0.05, 3.0e-5, 65536, 4_294_967_296,
    ]

    static func double(_ random: inout Random) -> Double {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return awkwardDoubles.randomElement(using: &random)!
        case 1: return Double.random(in: 0...1, using: &random)
        case 2: return Double(Int.random(in: -1_000_000...1_000_000, using: &random))
        case 3: return 1_700_000_000 + Double.random(in: 0..<200_000_000, using: &random)
        case 4:
            let value = Double(bitPattern: random.next())
            return value.isFinite ? value : 1
        default:
            return Double.random(in: 1...10, using: &random) * pow(10, Double(Int.random(in: -30...30, using: &random)))
        }
    }

    /// Characters JSON escapes (quote, backslash, every control character), the slash it may
    /// escape, and non-ASCII text of every width.
    static let characters: [String] = [
        "a", "Z", "7", " ", "-", ".", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}",
        "\u{1B}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "ß", "⏰", "🦉", "👩‍👩‍👧", "日本", "\u{2028}", "\u{FEFF}", "\u{10FFFF}",
        "Alarm", "org.example.clock", "Chime", "#",
    ]

    static func string(_ random: inout Random, maxLength: Int = 12) -> String {
        (0..<Int.random(in: 0...maxLength, using: &random)).map { _ in characters.randomElement(using: &random)! }.joined()
    }

    static func date(_ random: inout Random) -> Date { Date(timeIntervalSince1970: double(&random)) }

    static func button(_ random: inout Random) -> AlarmButton {
        AlarmButton(text: LocalizedStringResource(string(&random)), textColor: color(&random), systemImageName: string(&random))
    }

    static func color(_ random: inout Random) -> Color {
        Color(red: double(&random), green: double(&random), blue: double(&random), opacity: double(&random))
    }

    static func record(_ random: inout Random) -> AlarmRecord {
        let weekdays: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        let schedule: Alarm.Schedule?
        switch Int.random(in: 0..<4, using: &random) {
        case 0: schedule = nil
        case 1: schedule = .fixed(date(&random))
        case 2: schedule = .relative(.init(time: .init(hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random))))
        default:
            let days = (0..<Int.random(in: 0...7, using: &random)).map { _ in weekdays.randomElement(using: &random)! }
            schedule = .relative(.init(time: .init(hour: Int.random(in: -3...99, using: &random), minute: 30), repeats: .weekly(days)))
        }
        let phase: AlarmRecord.Phase
        switch Int.random(in: 0..<4, using: &random) {
        case 0: phase = .scheduled(fireDate: date(&random))
        case 1: phase = .countdown(startDate: date(&random), fireDate: date(&random), total: double(&random), previouslyElapsed: double(&random))
        case 2: phase = .paused(total: double(&random), previouslyElapsed: double(&random))
        default: phase = .alerting(since: date(&random), firedFor: date(&random))
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        let id = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                             bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        let alert = AlarmPresentation.Alert(
            title: LocalizedStringResource(string(&random, maxLength: 30)),
            stopButton: button(&random),
            secondaryButton: random.chance(50) ? button(&random) : nil,
            secondaryButtonBehavior: random.chance(50) ? (random.chance(50) ? .countdown : .custom) : nil)
        let countdown = random.chance(50)
            ? AlarmPresentation.Countdown(title: LocalizedStringResource(string(&random)), pauseButton: random.chance(50) ? button(&random) : nil) : nil
        let paused = random.chance(50)
            ? AlarmPresentation.Paused(title: LocalizedStringResource(string(&random)), resumeButton: button(&random)) : nil
        return AlarmRecord(
            id: id, appID: string(&random),
            schedule: schedule,
            countdownDuration: random.chance(50)
                ? .init(preAlert: random.chance(50) ? double(&random) : nil, postAlert: random.chance(50) ? double(&random) : nil) : nil,
            presentation: AlarmPresentation(alert: alert, countdown: countdown, paused: paused),
            tintColor: color(&random),
            metadata: random.chance(50) ? string(&random, maxLength: 40) : nil,
            sound: SoundSettings(
                sound: random.chance(50) ? .default : .named(string(&random)),
                volume: random.chance(50) ? double(&random) : nil,
                rampSeconds: random.chance(50) ? double(&random) : nil,
                bundleDirectory: random.chance(50) ? "/opt/app/" + string(&random) + "/Sounds" : nil),
            phase: phase,
            disabledAt: random.chance(30) ? date(&random) : nil,
            skippedFire: random.chance(30) ? date(&random) : nil,
            timeZone: random.chance(30) ? string(&random, maxLength: 30) : nil,
            calendarUID: random.chance(30) ? string(&random) : nil)
            .withCalendar(random.chance(25) ? calendar(&random) : nil)
    }

    static func dateTime(_ random: inout Random, utc: Bool = false) -> CalendarDateTime {
        let month = Int.random(in: 1...12, using: &random)
        let year = Int.random(in: 1...9999, using: &random)
        return CalendarDateTime(year: year, month: month, day: Int.random(in: 1...CalendarDateTime.daysInMonth(month, year: year), using: &random),
                                secondOfDay: random.chance(30) ? nil : Int.random(in: 0..<86_400, using: &random), isUTC: utc)
    }

    static func duration(_ random: inout Random) -> CalendarDuration {
        let sign = random.chance(50) ? -1 : 1
        return CalendarDuration(days: sign * Int.random(in: 0...30, using: &random), seconds: sign * Int.random(in: 0...100_000, using: &random))
    }

    static func alerts(_ random: inout Random) -> [CalendarAlert] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
            let trigger: CalendarAlert.Trigger
            switch Int.random(in: 0..<3, using: &random) {
            case 0: trigger = .start(duration(&random))
            case 1: trigger = .end(duration(&random))
            default: trigger = .absolute(date(&random))
            }
            return CalendarAlert(trigger: trigger, repeatCount: random.chance(30) ? Int.random(in: 1...5, using: &random) : 0,
                                 repeatInterval: random.chance(30) ? duration(&random) : nil, uid: random.chance(50) ? string(&random) : nil)
        }
    }

    /// Any calendar schedule: every part present or not, rules of every shape.
    static func calendar(_ random: inout Random) -> CalendarSchedule {
        var parts = ["FREQ=" + ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].randomElement(using: &random)!]
        if random.chance(30) { parts.append("INTERVAL=\(Int.random(in: 1...1000, using: &random))") }
        if random.chance(20) { parts.append("COUNT=\(Int.random(in: 1...100_000, using: &random))") } else if random.chance(20) { parts.append("UNTIL=" + dateTime(&random, utc: random.chance(50)).text) }
        if random.chance(30) { parts.append("BYMONTH=3,1,12") }
        if random.chance(30) { parts.append("BYMONTHDAY=-1,15") }
        if random.chance(30) { parts.append(parts[0].hasSuffix("LY") && !parts[0].hasSuffix("DAILY") && !parts[0].hasSuffix("WEEKLY") ? "BYDAY=1MO,-1FR,SU" : "BYDAY=SA,MO") }
        if random.chance(20) { parts.append("BYSETPOS=-1,2;BYMONTH=5") }
        if random.chance(20) { parts.append("WKST=SU") }
        var rule = random.chance(70) ? try? RecurrenceRule(text: parts.joined(separator: ";")) : nil
        if rule == nil, random.chance(50) { rule = RecurrenceRule(frequency: .weekly) }
        let overrides = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            CalendarOverride(occurrence: dateTime(&random), start: random.chance(50) ? dateTime(&random) : nil,
                             duration: random.chance(30) ? duration(&random) : nil, title: random.chance(50) ? string(&random) : nil,
                             cancelled: random.chance(30), alerts: alerts(&random))
        }
        return CalendarSchedule(start: dateTime(&random), duration: random.chance(50) ? duration(&random) : nil, rule: rule,
                                exclusions: (0..<Int.random(in: 0...3, using: &random)).map { _ in dateTime(&random) },
                                additions: (0..<Int.random(in: 0...2, using: &random)).map { _ in dateTime(&random) },
                                overrides: overrides, alerts: alerts(&random))
    }

    /// One record of each kind: every schedule, phase, sound and optional, as the daemon and
    /// `alarmctl` make them.
    static var everyKind: [AlarmRecord] {
        let fire = Date(timeIntervalSince1970: 1_795_681_752.860_334_9)
        let start = Date(timeIntervalSince1970: 1_795_674_552.977_235_3)
        func make(_ schedule: Alarm.Schedule?, _ phase: AlarmRecord.Phase) -> AlarmRecord {
            AlarmRecord(
                id: UUID(), appID: "org.example.clock", schedule: schedule, countdownDuration: .init(preAlert: 300, postAlert: 540),
                presentation: AlarmPresentation(
                    alert: .init(title: "Wake up", secondaryButton: AlarmButton(text: "Snooze", textColor: .orange, systemImageName: "zzz"),
                                 secondaryButtonBehavior: .countdown),
                    countdown: .init(title: "Counting down", pauseButton: AlarmButton(text: "Pause", textColor: .white, systemImageName: "pause")),
                    paused: .init(title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .green, systemImageName: "play"))),
                tintColor: .blue, metadata: #"{"room":"bedroom","ünïcødé":"✓"}"#,
                sound: SoundSettings(sound: .named("Chime"), volume: 0.8, rampSeconds: 30), phase: phase)
        }
        var records: [AlarmRecord] = [
            make(nil, .countdown(startDate: start, fireDate: fire, total: 7200, previouslyElapsed: 0)),
            make(.fixed(fire), .scheduled(fireDate: fire)),
            make(.relative(.init(time: .init(hour: 6, minute: 30))), .scheduled(fireDate: fire)),
            make(.relative(.init(time: .init(hour: 23, minute: 59), repeats: .weekly([.monday, .wednesday, .sunday]))), .alerting(since: fire, firedFor: start)),
            make(.relative(.init(time: .init(hour: 0, minute: 0), repeats: .weekly([]))), .paused(total: 600, previouslyElapsed: 123.456)),
        ]
        var bare = make(nil, .scheduled(fireDate: fire))
        bare.countdownDuration = .init(preAlert: nil, postAlert: nil)
        bare.presentation = AlarmPresentation(alert: .init(title: "Bare"))
        bare.metadata = nil
        bare.sound = SoundSettings()
        records.append(bare)
        var full = make(.fixed(fire), .scheduled(fireDate: fire))
        full.countdownDuration = nil
        full.presentation.alert.secondaryButtonBehavior = .custom
        full.presentation.countdown?.pauseButton = nil
        full.sound.bundleDirectory = "/opt/app/Sounds"
        full.metadata = "quotes \" backslash \\ slash / tab \t newline \n bell \u{07} nul \u{00} del \u{7F} emoji 🦉 ünï \u{2028}"
        full.presentation.alert.title = "Réveil ⏰ \"now\" 日本語"
        full.disabledAt = Date(timeIntervalSince1970: 1_800_000_000.25)
        full.skippedFire = Date(timeIntervalSince1970: 1_800_086_400)
        full.timeZone = "America/New_York"
        full.calendarUID = "040000008200E00074C5B7101A82E008@example.com"
        // An event's schedule: every part, in a zone of its own, and all-day with the least.
        var event = make(nil, .scheduled(fireDate: fire))
        event.calendar = CalendarSchedule(
            start: CalendarDateTime(year: 2026, month: 9, day: 7, secondOfDay: 18 * 3600 + 1800), duration: CalendarDuration(seconds: 5400),
            rule: try! RecurrenceRule(text: "FREQ=MONTHLY;INTERVAL=2;UNTIL=20271231T230000Z;BYDAY=1MO,-1FR;BYSETPOS=1;WKST=SU"),
            exclusions: [CalendarDateTime(year: 2026, month: 10, day: 5, secondOfDay: 66_600)],
            additions: [CalendarDateTime(year: 2026, month: 12, day: 24, secondOfDay: 36_000)],
            overrides: [CalendarOverride(occurrence: CalendarDateTime(year: 2026, month: 11, day: 2, secondOfDay: 66_600),
                                         start: CalendarDateTime(year: 2026, month: 11, day: 3, secondOfDay: 66_600), duration: CalendarDuration(days: 1),
                                         title: "Moved \"once\"", alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -300)))]),
                        CalendarOverride(occurrence: CalendarDateTime(year: 2026, month: 12, day: 7, secondOfDay: 66_600), cancelled: true)],
            alerts: [CalendarAlert(trigger: .start(CalendarDuration(days: -1)), uid: "a-1"),
                     CalendarAlert(trigger: .end(CalendarDuration(seconds: -600)), repeatCount: 2, repeatInterval: CalendarDuration(seconds: 300)),
                     CalendarAlert(trigger: .absolute(fire))])
        event.timeZone = "America/New_York"
        event.calendarUID = "class@example.com"
        records.append(event)
        var birthday = make(nil, .scheduled(fireDate: fire))
        birthday.calendar = CalendarSchedule(start: CalendarDateTime(year: 1990, month: 5, day: 3), rule: RecurrenceRule(frequency: .yearly),
                                             alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -54_000)))])
        records.append(birthday)
        records.append(full)
        return records
    }
}

extension AlarmRecord {
    /// The record with an event's schedule instead of its own, when one is given.
    func withCalendar(_ schedule: CalendarSchedule?) -> AlarmRecord {
        guard let schedule else { return self }
        var copy = self
        copy.calendar = schedule
        return copy
    }
}
