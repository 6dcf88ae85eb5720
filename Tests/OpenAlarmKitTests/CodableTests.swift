import Foundation
import Testing
@testable import OpenAlarmKit

@Suite struct CodableTests {
    @Test func alarmRoundTripsThroughJSON() throws {
        let alarm = Alarm(
            id: UUID(),
            schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .friday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 540), state: .scheduled)
        let data = try JSONEncoder().encode(alarm)
        #expect(try JSONDecoder().decode(Alarm.self, from: data) == alarm)
    }

    @Test func colorHexRoundTrips() {
        #expect(Color(hex: "#FF8000")?.hex == "#FF8000")
        #expect(Color(hex: "#FF800080")?.hex == "#FF800080")
        #expect(Color(hex: "nope") == nil)
        #expect(Color.white.hex == "#FFFFFF")
    }
}
