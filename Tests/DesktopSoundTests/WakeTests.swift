import Foundation
import Glibc
import AlarmClient
import Testing
import TestSupport

/// Waking from suspend: with CAP_WAKE_ALARM alarmd arms a CLOCK_REALTIME_ALARM timerfd
/// `wake_early` before the next alarm (read back from /proc/PID/fdinfo); without it, status
/// says why and how to enable it.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct WakeTests {
    /// A daemon in a fresh folder with no sound server (the `null` PCM) and no notifications.
    private func daemon(launcher: [String] = [], config: String? = nil) async throws -> (LocalDaemon, String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oak-wake-\(UUID().uuidString.prefix(8))").path
        for folder in ["run", "state", "config"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        chmod("\(root)/run", 0o700)
        var environment = ChildEnvironment.base
        environment["OPENALARMKIT_AUDIO_DEVICE"] = "null"
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(root)/no-bus"
        for key in ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME"] { environment[key] = nil }
        return (try await LocalDaemon.launch(environment: environment, root: root, config: config, launcher: launcher), root)
    }

    /// The timerfds of `pid` on CLOCK_REALTIME_ALARM (clockid 8), with seconds until they fire.
    private func wakeTimers(of pid: pid_t) -> [Double] {
        let folder = "/proc/\(pid)/fdinfo"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.compactMap { entry in
            guard let text = try? String(contentsOfFile: "\(folder)/\(entry)", encoding: .utf8),
                  text.contains("clockid: 8"),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("it_value:") }) else { return nil }
            // it_value: (SECONDS, NANOSECONDS), the time left.
            let numbers = line.split(whereSeparator: { !"0123456789".contains($0) }).compactMap { Double($0) }
            guard numbers.count >= 2 else { return nil }
            return numbers[0] + numbers[1] / 1e9
        }
    }

    private var hasWakeCapability: Bool {
        // CAP_WAKE_ALARM is capability 35: bit 35 of CapEff.
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
              let mask = UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << 35) != 0
    }

    @Test(.needsRoot("(it holds CAP_WAKE_ALARM) to hand the capability on"))
    func withTheCapabilityAWakeTimerIsArmedWakeEarlyBeforeTheNextAlarm() async throws {
        #expect(hasWakeCapability)
        let (daemon, root) = try await daemon(config: "[system]\nwake_early = 90\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(wakeTimers(of: daemon.pid).allSatisfy { $0 == 0 }, "nothing armed without alarms")
        _ = try daemon.scheduleTimer(seconds: 600)
        var left: [Double] = []
        let armed = try await eventuallyTrue(within: 5) {
            left = wakeTimers(of: daemon.pid).filter { $0 > 0 }
            return !left.isEmpty
        }
        #expect(armed, "no CLOCK_REALTIME_ALARM timer armed")
        #expect(left.count == 1)
        if let seconds = left.first { #expect(abs(seconds - 510) < 3, "wake armed \(seconds) s ahead, expected 600 - 90") }
        let status = try await daemon.alarmctl("status")
        #expect(status.out.contains("wake from suspend: yes (CAP_WAKE_ALARM)"), "\(status.out)")
    }

    @Test(.needsRoot("to start alarmd with the capability dropped from its bounding set"),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") || RealServers.required, "needs setpriv (util-linux)"))
    func withoutTheCapabilityStatusSaysWhyAndHowToEnableIt() async throws {
        let (daemon, root) = try await daemon(launcher: ["/usr/bin/setpriv", "--bounding-set=-wake_alarm"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try daemon.scheduleTimer(seconds: 600)
        let status = try await daemon.alarmctl("status")
        // Not a pause: the wake timer is made before alarmd answers its first request, and armed
        // in the turn that changes the next deadline (the schedule's): both before this later
        // request is answered.
        #expect(wakeTimers(of: daemon.pid).isEmpty)
        // A build tree: the fix is setcap on the built binary, with the session-bus caveat.
        #expect(status.out.contains("wake from suspend: no: alarmd lacks CAP_WAKE_ALARM: run 'sudo setcap cap_wake_alarm+ep /"), "\(status.out)")
        #expect(status.out.contains("$XDG_RUNTIME_DIR/bus"), "\(status.out)")
        #expect(!status.out.contains("dpkg-reconfigure"), "\(status.out)")
        #expect(status.out.contains("sound:         null (opens now)"), "\(status.out)")
    }
}
