import AlarmCore
import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

@testable import AlarmDaemon

/// An alarm list goes out in pieces, written by hand: every line must be exactly what
/// JSONEncoder writes for the same message, however the lines are cut into pieces.
@Suite(.timeLimit(.minutes(2))) struct AlarmListReplyTests {
    private let records: [UUID: AlarmRecord] = {
        var records: [UUID: AlarmRecord] = [:]
        for index in 0..<1_300 {
            var record = makeRecord(title: index % 7 == 0 ? "ümlaut \"\(index)\" / ⏰" : "alarm \(index)", schedule: .fixed(Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 60.25)))
            record.phase = .scheduled(fireDate: Date(timeIntervalSince1970: 1_800_000_000.123 + Double(index)))
            records[record.id] = record
        }
        return records
    }()

    private func lines(_ stream: ReplyStream) -> [String] {
        var bytes: [UInt8] = []
        while let piece = stream.next() { bytes += piece }
        #expect(bytes.last == 0x0A)
        return String(decoding: bytes.dropLast(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func expected(_ ids: ArraySlice<UUID>, id: Int?, more: Bool) throws -> String {
        var message = id.map { AlarmProtocol.Message(id: $0, ok: true) } ?? AlarmProtocol.Message(event: .alarms)
        message.alarms = ids.compactMap { records[$0] }
        if more { message.more = true }
        return String(decoding: try AlarmProtocol.encoder().encode(message), as: UTF8.self)
    }

    @Test(arguments: [nil, 1, 249, 250, 600, 1_300, 5_000])
    func everyLineIsWhatJSONEncoderWrites(page: Int?) throws {
        let order = Array(records.keys)
        let got = lines(AlarmListReply.stream(order, replyTo: 4, page: page) { records[$0] })
        let perLine = page ?? order.count
        let starts = Array(stride(from: 0, to: order.count, by: perLine))
        #expect(got.count == starts.count)
        for (line, start) in zip(got, starts) {
            let end = min(start + perLine, order.count)
            #expect(line == (try expected(order[start..<end], id: 4, more: end < order.count)))
        }
    }

    @Test func anEventCarriesNoIDAndLeavesOutAlarmsGoneMeanwhile() throws {
        var order = Array(records.keys)
        var random = TestRandom()
        let gone = Set(order.prefix(300).filter { _ in Bool.random(using: &random) })
        order.insert(UUID(), at: 0)  // one already gone when the list starts
        let got = lines(AlarmListReply.stream(order, replyTo: nil, page: 600) { id in gone.contains(id) ? nil : records[id] })
        let kept = order.filter { records[$0] != nil && !gone.contains($0) }
        #expect(got.count == 3)
        let reread = try got.map { try AlarmProtocol.decoder().decode(AlarmProtocol.Message.self, from: Data($0.utf8)) }
        #expect(reread.flatMap { $0.alarms ?? [] }.map(\.id) == kept)
        #expect(reread.map(\.event) == [.alarms, .alarms, .alarms])
        #expect(reread.map(\.more) == [true, true, nil])
        #expect(got[2] == (try expected(order[1200...], id: nil, more: false)))
    }
}

@Suite(.timeLimit(.minutes(2))) struct AlarmListOrderTests {
    /// Soonest first, ties by id as UUID's `<` orders them, whatever the bytes.
    @Test func ordersByDeadlineThenIDAsUUIDCompares() throws {
        var records: [UUID: AlarmRecord] = [:]
        var random = TestRandom()
        for index in 0..<2_000 {
            var bytes = Array(random.bytes(16))
            if index % 3 == 0 { bytes[0] = 0x80 }  // many sharing a high byte
            if index % 5 == 0 { bytes[8] = 0xFF }
            let id = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                 bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
            var record = makeRecord(title: "\(index)", schedule: .fixed(Date(timeIntervalSince1970: 1_800_000_000 + Double(index % 7))))
            record.phase = .scheduled(fireDate: Date(timeIntervalSince1970: 1_800_000_000 + Double(index % 7)))
            record.id = id
            records[id] = record
        }
        let lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: .utc))
        let order = AlarmListReply.order(records, lifecycle: lifecycle, app: nil)
        let expected = records.values.map { ($0.id, lifecycle.deadline(of: $0) ?? .distantFuture) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
        #expect(order == expected)
    }
}
