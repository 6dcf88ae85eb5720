import AlarmCore
import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

@testable import AlarmDaemon
import AlarmSystem

/// Countdown popups say how many whole minutes are left, and are replaced in place when that
/// figure changes (and only then: an idle daemon still never wakes).
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct CountdownPopupTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func minutesLeftRoundUpAndChangeOnTheMinute() {
        let ten = AlarmPresenter.countdownDisplay(fire: now + 600, now: now)
        #expect(ten.minutes == 10 && ten.changesAt == now + 60)
        let justOverOne = AlarmPresenter.countdownDisplay(fire: now + 61, now: now)
        #expect(justOverOne.minutes == 2 && justOverOne.changesAt == now + 1)
        // The last minute shows the ring time alone ("Rings at ...") and asks for no further wake-up.
        #expect(AlarmPresenter.countdownDisplay(fire: now + 60, now: now) == (1, nil))
        #expect(AlarmPresenter.countdownDisplay(fire: now + 0.5, now: now) == (1, nil))
    }

    @Test func aFiveSecondTimerDoesNotSayAMinute() {
        var record = makeRecord(title: "Short", preAlert: 5)
        record.phase = .countdown(startDate: now, fireDate: now + 5, total: 5, previouslyElapsed: 0)
        let popup = AlarmPresenter.notification(for: record, appName: "e2e", zone: .utc, now: now)
        let ringTime = LocalTimeText.current.time(now + 5, zone: .utc, seconds: true)
        #expect(popup.body == "Rings at \(ringTime) · e2e")
        #expect(!popup.body.contains("min"))
    }

    @Test func theCountdownPopupIsReplacedInPlaceWhenTheMinuteChanges() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let server = try #require(daemon.notifications)
        try daemon.connect().send(.schedule, record: makeRecord(title: "Pasta", preAlert: 61.5))
        let first = try #require(try await server.waitForNotifies(summary: "Pasta").first)
        #expect(first.body.hasPrefix("2 min left · rings at "))
        #expect(first.hints["urgency"] == "y:1")
        let both = try await server.waitForNotifies(summary: "Pasta", count: 2, timeout: .seconds(10))
        let second = try #require(both.last)
        #expect(second.body.hasPrefix("Rings at "), "under a minute, no minute count that could lie")
        #expect(second.replacesID == first.id, "replaced in place, not a new popup")
    }
}
