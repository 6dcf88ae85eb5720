import AlarmModel
/// A component (`VCALENDAR`, `VEVENT`, `VALARM`, `VTIMEZONE`...) with its properties and the
/// components nested in it, built from BEGIN/END lines that must match.
struct ICalComponent: Sendable {
    var name: String
    var line: Int
    var properties: [ContentLine] = []
    var children: [ICalComponent] = []

    func first(_ name: String) -> ContentLine? { properties.first { $0.name == name } }
    func all(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }
    func components(_ name: String) -> [ICalComponent] { children.filter { $0.name == name } }

    /// The components whose reminders ring: events (VEVENT) and tasks (VTODO), in file order.
    /// One reader takes both; what differs is named here (`isTask`, `endName`, `startLine`).
    static let ringingKinds = ["VEVENT", "VTODO"]
    var items: [ICalComponent] { children.filter { Self.ringingKinds.contains($0.name) } }

    /// A task (VTODO): it has DUE where an event has DTEND, and it can be completed.
    var isTask: Bool { name == "VTODO" }

    /// What a TRIGGER;RELATED=END is relative to (RFC 5545 §3.8.6.3): an event's DTEND, a
    /// task's DUE (either, else DTSTART and DURATION).
    var endName: String { isTask ? "DUE" : "DTEND" }

    /// The start a schedule is built on: DTSTART; a task without one starts at its DUE. RFC
    /// 5545 (§3.8.6.3) asks for a DTSTART under a trigger relative to the start; a task that
    /// has only a DUE and such a trigger (`TRIGGER:-PT15M`) rings before its DUE rather than
    /// never, the one time the task names.
    var startLine: ContentLine? { first("DTSTART") ?? (isTask ? first("DUE") : nil) }

    /// A task that is done (RFC 5545 §3.8.1.11, §3.8.2.1, §3.8.1.8): STATUS:COMPLETED, a
    /// COMPLETED date, or PERCENT-COMPLETE:100. Its reminders no longer ring.
    var isCompletedTask: Bool {
        isTask && (first("STATUS")?.value.uppercased() == "COMPLETED" || first("COMPLETED") != nil
            || first("PERCENT-COMPLETE").flatMap { Int($0.value) }.map { $0 >= 100 } == true)
    }

    /// Deeper than any real calendar nests (VCALENDAR > VEVENT > VALARM, VTIMEZONE > DAYLIGHT).
    static let maxDepth = 8

    /// The file's top-level components; every line belongs to one, BEGIN and END match.
    static func tree(_ lines: [ContentLine]) throws(ICalendarError) -> [ICalComponent] {
        var stack: [ICalComponent] = []
        var top: [ICalComponent] = []
        for line in lines {
            switch line.name {
            case "BEGIN":
                let name = line.value.uppercased()
                guard !name.isEmpty else { throw ICalendarError(line: line.line, "BEGIN without a component name") }
                guard stack.count < maxDepth else { throw ICalendarError(line: line.line, "components nested more than \(maxDepth) deep") }
                stack.append(ICalComponent(name: name, line: line.line))
            case "END":
                let name = line.value.uppercased()
                guard let open = stack.popLast() else { throw ICalendarError(line: line.line, "END:\(name) without a BEGIN:\(name)") }
                guard open.name == name else {
                    throw ICalendarError(line: line.line, "END:\(name) where END:\(open.name) was expected (BEGIN:\(open.name) is on line \(open.line))")
                }
                if stack.isEmpty { top.append(open) } else { stack[stack.count - 1].children.append(open) }
            default:
                guard !stack.isEmpty else { throw ICalendarError(line: line.line, "\(line.name) outside any BEGIN/END component") }
                stack[stack.count - 1].properties.append(line)
            }
        }
        if let open = stack.last {
            throw ICalendarError(line: open.line, "BEGIN:\(open.name) is never closed (the file is cut short?)")
        }
        return top
    }
}
