import FoundationEssentials
import AlarmWire

/// An alarm's JSON in the protocol: `RecordWriter`, and "null" for a
/// record it refuses (a number JSON cannot carry, which the bounds keep out of every record
/// the daemon accepts), as a list must still be sent.
///
/// Written for every list rather than cached: with the hand-written writer, encoding costs
/// about what checking a cached encoding was still valid cost (comparing the whole record),
/// and a cache held every alarm's JSON and record twice, megabytes at 10,000 alarms.
enum WireRecord {
    static func write(_ record: AlarmRecord, to writer: inout JSONTextWriter) {
        let start = writer.count
        if RecordWriter.write(record, to: &writer) { return }
        writer.truncate(to: start)
        writer.raw("null".utf8)
    }
}
