import Foundation
import Glibc
import AlarmClient
import Testing
import TestSupport

/// Under PulseAudio itself (not pipewire-pulse): a real `pulseaudio` with a null sink in a
/// private XDG_RUNTIME_DIR (scripts/testing/pipewire-session.py --pulseaudio), alarmd's ALSA
/// `default` routed to it per process through the pulse plugin (ALSA_CONFIG_PATH). A ringing
/// alarm's stream must say it is an alarm (`media.role`, which PulseAudio's role-based modules
/// and stream-restore key on) under a name a mixer shows the person (pavucontrol: the client's
/// `application.name`, then the stream's `media.name`), read back as the server has it
/// (`pactl -f json list sink-inputs`). Debian's pulseaudio conflicts with pipewire-alsa, so
/// scripts/setup unpacks the package instead of installing it where PipeWire is.
@Suite(.timeLimit(.minutes(1)), .tags(.products),
    .enabled(if: SoundServerSession.Kind.pulseaudio.isInstalled || RealServers.required,
             "PulseAudio is missing (scripts/setup unpacks it into /opt/openalarmkit-test/pulseaudio)"))
struct PulseAudioRoleTests {
    /// The sink inputs as PulseAudio reports them: each one's properties.
    private func sinkInputs(_ server: SoundServerSession) async throws -> [[String: String]] {
        let json = try await server.pactl("-f", "json", "list", "sink-inputs")
        let inputs = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
        return inputs.map { ($0["properties"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String } }
    }

    private func stream(of id: String, on server: SoundServerSession) async throws -> [String: String]? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let input = try await sinkInputs(server).first(where: { $0["application.id"] == id }) { return input }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    @Test func aRingingAlarmIsAnAlarmStreamNamedForTheAppUnderPulseAudio() async throws {
        let started = Date()
        let server = try await SoundServerSession.start(.pulseaudio)
        let info = try await server.pactl("info")
        #expect(info.contains("Server Name: pulseaudio"), "a real PulseAudio, not pipewire-pulse: \(info)")
        let daemon = try await LocalDaemon.launch(server: server)
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        let found = try await stream(of: "org.openalarmkit.alarm", on: server)
        let all = try await sinkInputs(server)
        let ring = try #require(found, "no stream of alarmd's on PulseAudio while it rings: \(all)\n\(daemon.log)")
        try daemon.connect().send(.stop, alarm: alarm)
        let gone = try await eventuallyTrue(within: 5) { (try? await self.sinkInputs(server))?.isEmpty == true }

        // PulseAudio lowercases no property: the value is ours ("alarm", its own role names are
        // lowercase: video, music, game, event, phone, animation, production, a11y, test).
        #expect(ring["media.role"] == "alarm", "\(ring)")
        #expect(ring["application.name"] == "Alarms", "what pavucontrol shows in bold, not 'ALSA plug-in [alarmd]': \(ring)")
        #expect(ring["application.icon_name"] == "org.openalarmkit.Alarms", "\(ring)")
        // alarmd's process: the package's alarmd is a link to the multi-call alarmctl, which is
        // what the process's executable then reads.
        #expect(["alarmd", "alarmctl"].contains(ring["application.process.binary"] ?? ""), "\(ring)")
        #expect(gone, "the stream ends with the ring")
        print("figures: PulseAudio \(info.components(separatedBy: "Server Version: ").last?.split(separator: " ").first ?? "?"): "
            + "the ring's sink input: media.role=\(ring["media.role"] ?? "-"), application.name=\(ring["application.name"] ?? "-"), "
            + "media.name=\(ring["media.name"] ?? "-") (the pulse plugin's own), \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    /// A trial of a sound (`alarmctl sound play`) is not an alarm: a mute or volume the server
    /// remembers for it (per role) must not reach alarms.
    @Test func aSoundTrialIsATestStreamUnderPulseAudio() async throws {
        let server = try await SoundServerSession.start(.pulseaudio)
        let tone = "\(server.folder.path)/tone.wav"
        try await makeTone(tone, seconds: 1)
        let play = try Subprocess(BuildProducts.path("alarmctl"), ["sound", "play", tone, "--loop", "--duration", "10"],
                                  environment: server.environment, stdout: .null, stderr: .null)
        let trial = try await stream(of: "org.openalarmkit.soundtest", on: server)
        play.signal(SIGINT)
        _ = await ExitWatch(play).result(within: 10)
        #expect(trial?["media.role"] == "test", "\(trial ?? [:])")
        #expect(trial?["application.name"] == "Alarms sound test", "\(trial ?? [:])")
    }
}
