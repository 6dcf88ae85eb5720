import Foundation
import Logging
import AlarmClient
import OpenAlarmKit
import Testing

@testable import AlarmDaemon
import AlarmSystem

/// Ring at the floor: the alarm timer reads `.prepare` ahead of its deadline, a prepared
/// ring starts by itself at its instant and is taken over by `start`, and one whose alarm
/// changed before its instant is cancelled without a sound.
@Suite(.timeLimit(.minutes(2))) struct PreparedRingTests {
    @Test func theAlarmTimerReadsPrepareBeforeItsDeadlineThenExpiresAtIt() throws {
        let timer = try DeadlineTimer(preparing: true)
        let deadline = Date().addingTimeInterval(0.3)
        timer.arm(deadline)
        #expect(waitReadable(timer.fd))
        #expect(timer.read() == .prepare)
        #expect(Date() < deadline)
        timer.armForTheInstant()
        #expect(waitReadable(timer.fd))
        #expect(timer.read() == .expired)
        #expect(Date() >= deadline)
    }

    @Test func otherTimersDoNotPrepare() throws {
        let timer = try DeadlineTimer()
        let deadline = Date().addingTimeInterval(0.2)
        timer.arm(deadline)
        #expect(waitReadable(timer.fd))
        #expect(timer.read() == .expired)
        #expect(Date() >= deadline)
    }

    @Test func aPreparedRingIsTakenOverOrCancelledSilently() throws {
        let state = NSTemporaryDirectory() + "oak-prepared-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        var config = DaemonConfig()
        config.audioDevice = "null"
        config.minimumVolumePercent = 0
        let sounds = AlarmSounds(config: config, environment: ["XDG_DATA_HOME": state + "/none", "XDG_DATA_DIRS": state + "/none"],
                                 stateDirectory: state, logger: Logger(label: "test"))
        let frames = FirstFrames()
        sounds.report = { id, _, frame, _ in if let frame { frames.add(id, frame) } }
        let instant = Date().addingTimeInterval(0.3)
        let kept = Self.record(), cancelled = Self.record()
        sounds.prepare([UpcomingRing(record: kept, firedFor: instant, instant: instant),
                        UpcomingRing(record: cancelled, firedFor: instant, instant: instant)])
        #expect(sounds.preparedThrough == instant)
        sounds.prepare([UpcomingRing(record: kept, firedFor: instant, instant: instant)])  // the other changed
        usleep(500_000)
        sounds.start(kept, firedFor: instant)  // the loop's due handling: takes the prepared one over
        let first = try #require(frames.first(of: kept.id))
        #expect(first >= instant)
        #expect(frames.first(of: cancelled.id) == nil)
        #expect(sounds.preparedThrough == nil)
        sounds.stopAll()
    }

    private static func record() -> AlarmRecord {
        AlarmRecord(id: UUID(), appID: "test", schedule: nil, countdownDuration: nil,
                    presentation: AlarmPresentation(alert: .init(title: "t")), phase: .scheduled(fireDate: Date()))
    }

    private func waitReadable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 3000) == 1
    }
}

private final class FirstFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [UUID: Date] = [:]
    func add(_ id: UUID, _ at: Date) { lock.withLock { frames[id] = frames[id] ?? at } }
    func first(of id: UUID) -> Date? { lock.withLock { frames[id] } }
}
