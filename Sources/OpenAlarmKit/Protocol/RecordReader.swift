import FoundationEssentials

/// Reads an AlarmRecord from the JSON that JSONEncoder wrote for it, laid out as the
/// synthesized Codable conformances lay it out, about ten times faster than JSONDecoder on
/// Linux. Strict on purpose: an unknown key (a field added to AlarmRecord), a missing one or
/// an unexpected type gives nil, and the caller falls back to JSONDecoder, which stays the
/// reference. `RecordReaderTests` checks the two agree on every kind of record.
///
/// The store writes dates as JSONEncoder's default (seconds since 2001); the protocol as
/// seconds since 1970.
package struct RecordReader: Sendable {
    package enum Dates: Sendable { case sinceReferenceDate, since1970 }

    package let dates: Dates

    package init(dates: Dates) { self.dates = dates }

    package func record(_ bytes: UnsafeRawBufferPointer) -> AlarmRecord? {
        guard let tree = JSONTree.parse(bytes) else { return nil }
        return try? record(tree)
    }

    /// A record from an already parsed tree (an element of a protocol message's list).
    package func record(fromTree tree: JSONTree) -> AlarmRecord? { try? record(tree) }

    private struct Mismatch: Error {}

    /// An object's members, consumed by name; `finish()` fails if any were not asked for.
    private struct Fields {
        let members: [JSONTree.Member]
        var used = 0

        init(_ tree: JSONTree) throws {
            guard case .object(let members) = tree else { throw Mismatch() }
            self.members = members
        }

        /// The member's value; nil when absent or null (how JSONEncoder writes a nil optional).
        mutating func optional(_ key: String) -> JSONTree? {
            guard let member = members.first(where: { $0.key == key }) else { return nil }
            used += 1
            if case .null = member.value { return nil }
            return member.value
        }

        mutating func required(_ key: String) throws -> JSONTree {
            guard let value = optional(key) else { throw Mismatch() }
            return value
        }

        func finish() throws {
            if used != members.count { throw Mismatch() }
        }
    }

    // MARK: Scalars

    private func string(_ tree: JSONTree) throws -> String {
        guard case .string(let value) = tree else { throw Mismatch() }
        return value
    }

    private func double(_ tree: JSONTree) throws -> Double {
        guard case .number(let text) = tree, let value = Double(text) else { throw Mismatch() }
        return value
    }

    private func int(_ tree: JSONTree) throws -> Int {
        guard case .number(let text) = tree, let value = Int(text) else { throw Mismatch() }
        return value
    }

    private func date(_ tree: JSONTree) throws -> Date {
        let seconds = try double(tree)
        switch dates {
        case .sinceReferenceDate: return Date(timeIntervalSinceReferenceDate: seconds)
        case .since1970: return Date(timeIntervalSince1970: seconds)
        }
    }

    private func uuid(_ tree: JSONTree) throws -> UUID {
        guard let value = UUID(text: try string(tree)) else { throw Mismatch() }
        return value
    }

    private func raw<T: RawRepresentable<String>>(_ tree: JSONTree, as: T.Type) throws -> T {
        guard let value = T(rawValue: try string(tree)) else { throw Mismatch() }
        return value
    }

    /// An enum with associated values: `{"case": payload}`, exactly one key. (Labeled
    /// payloads are objects of their labels; unlabeled ones are the value itself, as
    /// OpenAlarmKit's WireCoding writes them.)
    private func enumCase(_ tree: JSONTree) throws -> (name: String, payload: JSONTree) {
        guard case .object(let members) = tree, members.count == 1 else { throw Mismatch() }
        return (members[0].key, members[0].value)
    }

    // MARK: AlarmRecord and its parts

    private func record(_ tree: JSONTree) throws -> AlarmRecord {
        var fields = try Fields(tree)
        let record = AlarmRecord(
            id: try uuid(fields.required("id")),
            appID: try string(fields.required("appID")),
            schedule: try fields.optional("schedule").map(schedule),
            countdownDuration: try fields.optional("countdownDuration").map(countdownDuration),
            presentation: try presentation(fields.required("presentation")),
            tintColor: try color(fields.required("tintColor")),
            metadata: try fields.optional("metadata").map(string),
            sound: try sound(fields.required("sound")),
            phase: try phase(fields.required("phase")),
            disabledAt: try fields.optional("disabledAt").map(date),
            skippedFire: try fields.optional("skippedFire").map(date))
        try fields.finish()
        return record
    }

    private func schedule(_ tree: JSONTree) throws -> Alarm.Schedule {
        let (name, payload) = try enumCase(tree)
        switch name {
        case "fixed": return .fixed(try date(payload))
        case "relative":
            var fields = try Fields(payload)
            var time = try Fields(fields.required("time"))
            let relative = Alarm.Schedule.Relative(
                time: .init(hour: try int(time.required("hour")), minute: try int(time.required("minute"))),
                repeats: try recurrence(fields.required("repeats")))
            try time.finish()
            try fields.finish()
            return .relative(relative)
        default: throw Mismatch()
        }
    }

    private func recurrence(_ tree: JSONTree) throws -> Alarm.Schedule.Relative.Recurrence {
        if case .string("never") = tree { return .never }
        let (name, payload) = try enumCase(tree)
        switch name {
        case "weekly":
            guard case .array(let days) = payload else { throw Mismatch() }
            return .weekly(try days.map { try raw($0, as: Locale.Weekday.self) })
        default: throw Mismatch()
        }
    }

    private func countdownDuration(_ tree: JSONTree) throws -> Alarm.CountdownDuration {
        var fields = try Fields(tree)
        let duration = Alarm.CountdownDuration(
            preAlert: try fields.optional("preAlert").map(double),
            postAlert: try fields.optional("postAlert").map(double))
        try fields.finish()
        return duration
    }

    private func presentation(_ tree: JSONTree) throws -> AlarmPresentation {
        var fields = try Fields(tree)
        var alertFields = try Fields(fields.required("alert"))
        let alert = AlarmPresentation.Alert(
            title: LocalizedStringResource(try string(alertFields.required("title"))),
            stopButton: try button(alertFields.required("stopButton")),
            secondaryButton: try alertFields.optional("secondaryButton").map(button),
            secondaryButtonBehavior: try alertFields.optional("secondaryButtonBehavior").map {
                try raw($0, as: AlarmPresentation.Alert.SecondaryButtonBehavior.self)
            })
        try alertFields.finish()
        let countdown = try fields.optional("countdown").map { tree in
            var countdown = try Fields(tree)
            let value = AlarmPresentation.Countdown(
                title: LocalizedStringResource(try string(countdown.required("title"))),
                pauseButton: try countdown.optional("pauseButton").map(button))
            try countdown.finish()
            return value
        }
        let paused = try fields.optional("paused").map { tree in
            var paused = try Fields(tree)
            let value = AlarmPresentation.Paused(
                title: LocalizedStringResource(try string(paused.required("title"))),
                resumeButton: try button(paused.required("resumeButton")))
            try paused.finish()
            return value
        }
        try fields.finish()
        return AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
    }

    private func button(_ tree: JSONTree) throws -> AlarmButton {
        var fields = try Fields(tree)
        let button = AlarmButton(
            text: LocalizedStringResource(try string(fields.required("text"))),
            textColor: try color(fields.required("textColor")),
            systemImageName: try string(fields.required("systemImageName")))
        try fields.finish()
        return button
    }

    private func color(_ tree: JSONTree) throws -> Color {
        var fields = try Fields(tree)
        let color = Color(
            red: try double(fields.required("red")), green: try double(fields.required("green")),
            blue: try double(fields.required("blue")), opacity: try double(fields.required("opacity")))
        try fields.finish()
        return color
    }

    private func sound(_ tree: JSONTree) throws -> SoundSettings {
        var fields = try Fields(tree)
        let alertSound: AlertConfiguration.AlertSound
        let soundTree = try fields.required("sound")
        if case .string("default") = soundTree {
            alertSound = .default
        } else {
            let (name, payload) = try enumCase(soundTree)
            guard name == "named" else { throw Mismatch() }
            alertSound = .named(try string(payload))
        }
        let settings = SoundSettings(
            sound: alertSound,
            volume: try fields.optional("volume").map(double),
            rampSeconds: try fields.optional("rampSeconds").map(double),
            bundleDirectory: try fields.optional("bundleDirectory").map(string))
        try fields.finish()
        return settings
    }

    private func phase(_ tree: JSONTree) throws -> AlarmRecord.Phase {
        let (name, payload) = try enumCase(tree)
        var fields = try Fields(payload)
        let phase: AlarmRecord.Phase
        switch name {
        case "scheduled":
            phase = .scheduled(fireDate: try date(fields.required("fireDate")))
        case "countdown":
            phase = .countdown(
                startDate: try date(fields.required("startDate")), fireDate: try date(fields.required("fireDate")),
                total: try double(fields.required("total")),
                previouslyElapsed: try double(fields.required("previouslyElapsed")))
        case "paused":
            phase = .paused(
                total: try double(fields.required("total")),
                previouslyElapsed: try double(fields.required("previouslyElapsed")))
        case "alerting":
            phase = .alerting(since: try date(fields.required("since")), firedFor: try date(fields.required("firedFor")))
        default: throw Mismatch()
        }
        try fields.finish()
        return phase
    }
}
