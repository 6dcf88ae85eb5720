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
