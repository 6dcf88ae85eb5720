import AlarmsAppModel
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(2))) struct RemainingTimeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func hoursAndMinutesRoundUp() {
        #expect(RemainingTime.text(until: now + 9 * 3600 + 11 * 60 + 1, now: now) == "in 9 h 12 min")
        #expect(RemainingTime.text(until: now + 3600, now: now) == "in 1 h")
        #expect(RemainingTime.text(until: now + 30, now: now) == "in less than a minute")
        #expect(RemainingTime.text(until: now + 2 * 86400 + 3 * 3600, now: now) == "in 2 d 3 h")
        #expect(RemainingTime.text(until: now - 5, now: now) == "now")
    }
}
