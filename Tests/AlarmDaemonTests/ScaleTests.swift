import AlarmStore
import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

/// 100,000 alarms: every command works. A list that large is ~40 MiB of JSON, more than a
/// client's queue in alarmd may hold, so it must go out as the client reads it (in pages for
/// clients that ask, in one line for clients that predate paging).
@Suite(.timeLimit(.minutes(8)), .tags(.products)) struct ScaleTests {
    static let count = 100_000

    /// A daemon whose store holds `count` alarms, a day or more away, written straight to the
    /// store (scheduling them one request at a time would take minutes).
    private func bigDaemon() throws -> DaemonHarness {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nmax_per_app = 200000\n")
        try FileManager.default.createDirectory(atPath: daemon.paths.stateDirectory, withIntermediateDirectories: true)
        let store = try AlarmStore(at: URL(fileURLWithPath: daemon.paths.database))
        let far = Date().addingTimeInterval(86400)
        try store.write { batch in
            for index in 0..<Self.count {
                let fire = far.addingTimeInterval(Double(index))
                var record = makeRecord(title: "scale \(index)", schedule: .fixed(fire))
                record.phase = .scheduled(fireDate: fire)
                try batch.save(record)
            }
        }
        try store.close()
        // A debug build loads 100,000 alarms in seconds, longer on a loaded machine; the start's
        // speed is measured by scripts/bench (release), not here.
        try daemon.start(within: 120)
        return daemon
    }

    @Test func everyCommandWorksWithAHundredThousandAlarms() async throws {
        let daemon = try bigDaemon()

        // alarmctl list: every alarm, soonest first.
        let list = try daemon.alarmctl("list")
        #expect(list.status == 0, "\(list.err)")
        let rows = list.out.split(separator: "\n").filter { $0.contains("scale ") }
        #expect(rows.count == Self.count)
        #expect(rows.first?.contains("scale 0 ") == true || rows.first?.hasSuffix("scale 0") == true)

        // The library's list (pages, put together) has them all, in order.
        let alarms = try daemon.list()
        #expect(alarms.count == Self.count)
        #expect(alarms.first?.presentation.alert.title.text == "scale 0")
        #expect(alarms.last?.presentation.alert.title.text == "scale \(Self.count - 1)")

        // The other commands, while that many are there.
        let status = try daemon.alarmctl("status", "--json")
        #expect(status.status == 0 && status.out.contains("\"alarmCount\" : \(Self.count)"), "\(status.out) \(status.err)")
        let added = try daemon.alarmctl("timer", "1h", "--title", "one more")
        #expect(added.status == 0, "\(added.err)")
        let shown = try daemon.alarmctl("show", alarms[5].id.uuidString, "--json")
        #expect(shown.status == 0 && shown.out.contains("scale 5"), "\(shown.err)")
        let cancelled = try daemon.alarmctl("cancel", alarms[7].id.uuidString)
        #expect(cancelled.status == 0, "\(cancelled.err)")
        #expect(try daemon.connect().send(.status).status?.alarmCount == Self.count)

        // (The timer added, one cancelled: still 100,000.) A client that predates paging sends
        // no `page` and still gets one line with every alarm, which alarmd writes as the client
        // reads it instead of dropping the client for falling 16 MiB behind.
        let client = try ProtocolTests.RawClient(path: daemon.paths.socket)
        client.write(#"{"v":1,"id":3,"op":"list"}"# + "\n")
        let line = try #require(client.readRawLine())
        #expect(line.count > 16 << 20)
        #expect(String(decoding: line.suffix(40), as: UTF8.self).hasSuffix(#""id":3,"ok":true,"v":1}"#))
        #expect(occurrences(of: Array(#""appID":""#.utf8), in: line) == Self.count)

        // Paged: lines of at most `page` records (at most maxPage), each but the last marked `more`.
        client.write(#"{"v":1,"id":4,"op":"list","page":30000}"# + "\n")
        var pages: [[UInt8]] = []
        while let page = client.readRawLine() {
            pages.append(page)
            if !String(decoding: page.suffix(60), as: UTF8.self).contains(#""more":true"#) { break }
        }
        #expect(pages.map { occurrences(of: Array(#""appID":""#.utf8), in: $0) } == Array(repeating: AlarmProtocol.maxPage, count: 10))
    }

    private func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        var count = 0
        var index = 0
        let first = needle[0]
        while index + needle.count <= haystack.count {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}
