import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

/// An alarm with a sound name that does not exist: the command line is refused with close
/// matches, and an app is warned, rather than ringing with the default sound unexplained.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct SoundNameCheckTests {
    @Test func theCommandLineIsRefusedWithCloseMatchesAndAnAppIsWarned() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let refused = try daemon.alarmctl("timer", "10m", "--sound", "Chmie")
        #expect(refused.status == 2, "\(refused.err)")
        #expect(refused.err.contains("unknown sound 'Chmie': did you mean 'Chime'"), "\(refused.err)")
        #expect(try daemon.list().isEmpty)
        #expect(try daemon.alarmctl("timer", "10m", "--sound", "Chime").status == 0)

        var record = makeRecord(title: "App sound", preAlert: 600)
        record.sound.sound = .named("Chmie")
        let reply = try daemon.connect().send(.schedule, record: record)
        #expect(reply.ok == true, "AlarmKit would accept it, so this does too")
        #expect(reply.warning?.contains("'Chmie' was not found, so the default sound will play; did you mean 'Chime'") == true, "\(reply.warning ?? "no warning")")
    }
}
