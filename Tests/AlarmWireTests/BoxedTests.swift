import Foundation
import Testing
@testable import AlarmWire

/// AlarmRecord's boxed presentation: small inline, the same JSON, a value type.
@Suite(.timeLimit(.minutes(1))) struct BoxedTests {
    private func record(_ title: String) -> AlarmRecord {
        AlarmRecord(
            id: UUID(uuidString: "7A3F0C4E-1B2D-4E5F-8A9B-0C1D2E3F4A5B")!, appID: "app", schedule: nil, countdownDuration: nil,
            presentation: AlarmPresentation(alert: .init(title: .init(stringLiteral: title))), phase: .paused(total: 60, previouslyElapsed: 0))
    }

    /// The daemon holds every record inline in dictionary buckets (up to twice as many buckets
    /// as alarms): with the presentation inline a record took 592 bytes.
    @Test func recordStaysCompactInline() {
        #expect(MemoryLayout<AlarmRecord>.stride <= 320)
        #expect(MemoryLayout<AlarmPresentation>.stride > 200)  // what boxing it saves
    }

    /// The wire and the store see the presentation as before: an object under "presentation".
    @Test func encodesAsTheValueItself() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let boxed = try JSONSerialization.jsonObject(with: encoder.encode(record("Wake")))  as? [String: Any]
        let plain = try JSONSerialization.jsonObject(with: encoder.encode(record("Wake").presentation)) as? [String: Any]
        #expect(boxed?["presentation"] as? NSDictionary == plain as NSDictionary?)
        let decoded = try JSONDecoder().decode(AlarmRecord.self, from: encoder.encode(record("Wake")))
        #expect(decoded == record("Wake"))
        #expect(decoded.presentation.alert.title.text == "Wake")
    }

    @Test func copiesAreValues() {
        let first = record("One")
        var second = first
        second.presentation.alert.title = .init(stringLiteral: "Two")
        #expect(first.presentation.alert.title.text == "One")
        #expect(second.presentation.alert.title.text == "Two")
        #expect(first != second)
        #expect(first == record("One"))
        #expect(first.hashValue == record("One").hashValue)
    }
}
