import Foundation
import OpenAlarmKit
import Testing

@testable import AlarmDaemon

/// The encoding cache holds every alarm or none, so a big list leaves nothing behind.
@Suite struct RecordEncodingCacheTests {
    private func records(_ count: Int) -> [AlarmRecord] {
        (0..<count).map { index in
            AlarmRecord(
                id: UUID(), appID: "app", schedule: .fixed(Date(timeIntervalSince1970: 1_900_000_000 + Double(index))), countdownDuration: nil,
                presentation: AlarmPresentation(alert: .init(title: "Alarm \(index)")), phase: .scheduled(fireDate: Date(timeIntervalSince1970: 1_900_000_000)))
        }
    }

    @Test func keepsEveryAlarmThatFits() throws {
        let cache = RecordEncodingCache(budget: 1 << 20)
        let all = records(100)
        for record in all { _ = cache.json(for: record) }
        #expect(cache.count == 100)
        #expect(cache.json(for: all[3]) == (try AlarmProtocol.encoder().encode(all[3])))
    }

    /// Before, the first ones up to the budget stayed cached for good.
    @Test func keepsNoneWhenTheAlarmsOutnumberTheBudget() throws {
        let all = records(100)
        let one = try AlarmProtocol.encoder().encode(all[0]).count
        let cache = RecordEncodingCache(budget: one * 50)
        for record in all { _ = cache.json(for: record) }
        #expect(cache.count == 0)
        for record in all { _ = cache.json(for: record) }  // a second list caches nothing either
        #expect(cache.count == 0)
        #expect(cache.json(for: all[7]) == (try AlarmProtocol.encoder().encode(all[7])))

        // Once the alarms are fewer than when it overflowed, it caches again.
        let few = Dictionary(uniqueKeysWithValues: all.prefix(20).map { ($0.id, $0) })
        cache.prune(keeping: few.keys)
        for record in few.values { _ = cache.json(for: record) }
        #expect(cache.count == 20)
    }
}
