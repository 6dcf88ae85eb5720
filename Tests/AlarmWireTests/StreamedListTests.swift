import Foundation
import Testing
@testable import AlarmWire

/// Reading a list's records while its line arrives must give exactly what reading the whole
/// line gives, however the bytes are cut into receives, and never something JSONDecoder would
/// not read.
@Suite(.timeLimit(.minutes(1))) struct StreamedListTests {
    /// Feeds `line` to a StreamedList in receives of the given sizes, as AlarmConnection does,
    /// then reads the whole line resuming after what it read.
    private func streamed(_ line: [UInt8], cuts: [Int]) -> (message: AlarmProtocol.Message?, early: Int) {
        var list = StreamedList()
        var received = 0
        for cut in cuts where cut < line.count {
            received = max(received, cut)
            Array(line[..<received]).withUnsafeBytes { list.advance($0) }
        }
        let early = list.resumption?.records.count ?? 0
        return (line.withUnsafeBytes { MessageReader.message($0, streamed: list) }, early)
    }

    private func encoded(_ message: AlarmProtocol.Message) throws -> [UInt8] {
        Array(try AlarmProtocol.encoder().encode(message))
    }

    private func list(_ records: [AlarmRecord], more: Bool? = nil) -> AlarmProtocol.Message {
        var message = AlarmProtocol.Message(id: 3, ok: true)
        message.alarms = records
        message.more = more
        return message
    }

    @Test func readsTheSameWhateverTheReceives() throws {
        var random = RecordSamples.Random(seed: 0x57_2EA3)
        for round in 0..<200 {
            let records = (0..<Int.random(in: 0...6, using: &random)).map { _ in RecordSamples.record(&random) }
            let message = list(records, more: random.chance(50) ? true : nil)
            let line = try encoded(message)
            let cuts = (0..<Int.random(in: 0...8, using: &random)).map { _ in Int.random(in: 0...line.count, using: &random) }.sorted()
            #expect(streamed(line, cuts: cuts).message == message, "round \(round), cuts \(cuts)")
        }
    }

    @Test func readsRecordsBeforeTheLineEnds() throws {
        let records = RecordSamples.everyKind
        let line = try encoded(list(records))
        // The newline arrives by itself, last, whatever the records' lengths.
        let (message, early) = streamed(line, cuts: Array(stride(from: 1, to: line.count - 1, by: 97)) + [line.count - 1])
        #expect(message?.alarms == records)
        #expect(early == records.count, "all read before the newline")
        // Every byte its own receive.
        #expect(streamed(line, cuts: Array(0..<line.count)).message?.alarms == records)
    }

    /// An event is a list too; anything else is left to the line's end.
    @Test func readsEventsAndLeavesOtherMessages() throws {
        var event = AlarmProtocol.Message(event: .alarms)
        event.alarms = Array(RecordSamples.everyKind.prefix(2))
        var status = AlarmProtocol.Message(id: 4, ok: true)
        status.alarm = UUID()
        for message in [event, status, list([])] {
            let line = try encoded(message)
            #expect(streamed(line, cuts: Array(0..<line.count)).message == message)
        }
    }

    /// Damaged lines: given up on or read as JSONDecoder reads them, as without streaming.
    @Test func agreesWithJSONDecoderOnDamagedLines() throws {
        var random = RecordSamples.Random(seed: 0xBAD_57)
        let replacements = Array(#"{}[]",:0123456789.eE-+\ nulltruefalse"#.utf8) + [0x00, 0x1F, 0xC3, 0xFF]
        var compared = 0
        for round in 0..<1000 {
            var line = try encoded(list((0..<3).map { _ in RecordSamples.record(&random) }))
            random.damage(&line, with: replacements)
            line.removeAll { $0 == 0x0A }  // one line
            let cuts = (0..<6).map { _ in Int.random(in: 0...line.count, using: &random) }.sorted()
            guard let fast = streamed(line, cuts: cuts).message else { continue }
            compared += 1
            let reference = try? AlarmProtocol.decoder().decode(AlarmProtocol.Message.self, from: Data(line))
            #expect(fast == reference, "round \(round): \(String(decoding: line, as: UTF8.self).debugDescription)")
        }
        // A reader that gave up on everything would pass the loop. About one damaged input in
        // twelve still reads: at least 5% must have been compared.
        #expect(compared >= 50, "read and compared \(compared) of 1000 damaged lines")
    }
}
