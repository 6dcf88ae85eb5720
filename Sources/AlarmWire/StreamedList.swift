/// Reads an alarm list's records while its line is still arriving. alarmd writes a page of
/// 1,000 alarms (~1 MB) in pieces; reading each record as soon as it is in, rather than the
/// whole line once its newline is, overlaps the client's reading with alarmd's writing, on
/// another core: the larger share of `alarmctl list`'s wall time otherwise.
///
/// Only a line that starts as alarmd writes a list (`{"alarms":[`, JSONEncoder's first sorted
/// key) is read early. A record is kept only once its closing brace is in, so later bytes
/// cannot change it; one cut off by the end of what has arrived is read again with more. What
/// it cannot read stays for the line's end, where `MessageReader` resumes after the records
/// read.
package struct StreamedList {
    package init() {}
    private static let start = Array(#"{"alarms":["#.utf8)

    private enum State {
        /// Before `{"alarms":[` is in.
        case beginning
        /// Reading records: `position` is where the next one (or its comma) starts.
        case records(position: Int)
        /// Not a list, or something not read here: left to the line's end.
        case off
    }

    private var state = State.beginning
    private var records: [AlarmRecord] = []

    /// Reads what it can of `partial`, the beginning of a line whose newline has not arrived.
    package mutating func advance(_ partial: UnsafeRawBufferPointer) {
        let position: Int
        switch state {
        case .off: return
        case .beginning:
            guard partial.count >= Self.start.count else {
                if !Self.start.starts(with: partial) { state = .off }
                return
            }
            guard partial.starts(with: Self.start) else {
                state = .off
                return
            }
            position = Self.start.count
        case .records(let at): position = at
        }
        var cursor = JSONCursor(partial, at: position)
        var resume = position
        while true {
            if !records.isEmpty, !cursor.consume(UInt8(ascii: ",")) { break }  // not yet, or `]`
            guard let record = try? MessageReader.records.record(&cursor) else { break }
            records.append(record)
            resume = cursor.position
        }
        state = .records(position: resume)
    }

    /// Where `MessageReader` picks up: after the records read, with them.
    package var resumption: (position: Int, records: [AlarmRecord])? {
        guard case .records(let position) = state else { return nil }
        return (position, records)
    }
}
