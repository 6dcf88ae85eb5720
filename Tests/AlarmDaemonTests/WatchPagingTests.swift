import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

/// What a status bar's `watch` gets: in pages when it asks, and with `limit`, only what
/// happens now and the next few, whatever the number of alarms.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct WatchPagingTests {
    @Test func aWatcherWithALimitGetsEverythingActiveAndTheNextFew() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let connection = try daemon.connect()
        let far = Date().addingTimeInterval(86400)
        for index in 0..<8 {
            try connection.send(.schedule, record: makeRecord(title: "later \(index)", schedule: .fixed(far.addingTimeInterval(Double(index) * 60))))
        }
        let timer = try #require(try connection.send(.schedule, record: makeRecord(title: "eggs", preAlert: 600)).record)
        try connection.send(.pause, alarm: timer.id)

        let watcher = try daemon.connect()
        var events = try watcher.watch(limit: 3).makeAsyncIterator()
        let first = try #require(await events.next())
        let titles = (first.alarms ?? []).map(\.presentation.alert.title.text)
        // The paused timer has no deadline and sorts last, yet a bar must see it.
        #expect(Set(titles) == ["later 0", "later 1", "later 2", "eggs"])

        // Without a limit, in pages of 2: every alarm, each line but the last marked `more`.
        let raw = try ProtocolTests.RawClient(path: daemon.paths.socket)
        raw.write(#"{"v":1,"id":1,"op":"watch","page":2}"# + "\n")
        var lines: [[String: Any]] = []
        while let line = raw.readLine() {
            if line["event"] as? String == "alarms" { lines.append(line) }
            if line["event"] as? String == "alarms", line["more"] == nil { break }
        }
        #expect(lines.map { ($0["alarms"] as? [Any])?.count ?? 0 } == [2, 2, 2, 2, 1])
        #expect(lines.dropLast().allSatisfy { $0["more"] as? Bool == true })
    }
}
