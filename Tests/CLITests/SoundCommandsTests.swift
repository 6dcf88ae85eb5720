import Foundation
import Testing
import TestSupport

/// `sound install`, `sound info` and `sound devices` through the built alarmctl, in a home of
/// their own (no daemon needed; `sound list` asks one): what they print, and the files they
/// leave.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct SoundCommandsTests {
    /// A 0.5 s, 44.1 kHz mono 16-bit WAV made by sox, and a file that is not audio.
    private func sounds(in home: CLIDaemon) throws -> (wav: String, notAudio: String) {
        let wav = home.root.appendingPathComponent("beep.wav").path
        let made = try Subprocess.run("/usr/bin/sox", ["-q", "-n", "-r", "44100", "-c", "1", "-b", "16", wav, "synth", "0.5", "sine", "880"])
        #expect(made.termination == .exited(0), "sox: \(made.stderr)")
        let notAudio = home.root.appendingPathComponent("notes.wav").path
        try "not audio\n".write(toFile: notAudio, atomically: true, encoding: .utf8)
        return (wav, notAudio)
    }

    @Test func installCopiesACheckedSoundUnderItsNameAndRefusesToReplaceIt() throws {
        let home = try CLIDaemon()
        let (wav, notAudio) = try sounds(in: home)
        let folder = home.root.appendingPathComponent("data/openalarmkit/Sounds").path

        let installed = try home.alarmctl("sound", "install", wav, "--name", "Beep")
        #expect(installed.status == 0, "\(installed.err)")
        #expect(installed.out == """
            Installed 'Beep' (WAV, PCM 16-bit, 44100 Hz, 1 channel, 0.50 s) as \(folder)/Beep.wav
            Try it: alarmctl sound play Beep

            """)
        #expect(FileManager.default.contents(atPath: "\(folder)/Beep.wav") == FileManager.default.contents(atPath: wav), "an exact copy")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Beep.wav"], "no partial file left")
        // `sound list` asks alarmd, which finds it where alarms would.
        try home.start()
        defer { home.stop() }
        let listed = try home.alarmctl("sound", "list")
        let line = listed.out.split(separator: "\n").first { $0.hasPrefix("Beep ") }
        #expect(line?.split(separator: " ", omittingEmptySubsequences: true) == ["Beep", "user", "\(folder)/Beep.wav"], "\(listed.out)\(listed.err)")

        let again = try home.alarmctl("sound", "install", wav, "--name", "Beep")
        #expect(again.status == 1)
        #expect(again.err == "alarmctl: a sound named 'Beep' is already installed (\(folder)/Beep.wav); pass --force to replace it or --name to choose another name\n")
        #expect(try home.alarmctl("sound", "install", wav, "--name", "Beep", "--force").status == 0)

        let refused = try home.alarmctl("sound", "install", notAudio)
        #expect(refused.status == 1)
        #expect(refused.err.contains("unsupported format (not a recognised audio file); convert it to WAV, FLAC"), "\(refused.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Beep.wav"], "nothing installed")
    }

    @Test func infoDescribesAFileAnInstalledSoundAndAnUnplayableFile() throws {
        let home = try CLIDaemon()
        let (wav, notAudio) = try sounds(in: home)
        let described = """
            Format:   WAV, PCM 16-bit
            Rate:     44100 Hz
            Channels: 1
            Length:   0.500 s (22050 frames)
            Plays as: 16-bit integer samples
            Status:   playable

            """
        let file = try home.alarmctl("sound", "info", wav)
        #expect(file.status == 0, "\(file.err)")
        #expect(file.out == "Sound:    file\nFile:     \(wav)\n" + described)

        #expect(try home.alarmctl("sound", "install", wav, "--name", "Beep").status == 0)
        let named = try home.alarmctl("sound", "info", "Beep")
        let installed = home.root.appendingPathComponent("data/openalarmkit/Sounds/Beep.wav").path
        #expect(named.out == "Sound:    Beep (user)\nFile:     \(installed)\n" + described)

        let bundled = try home.alarmctl("sound", "info", "Chime")
        #expect(bundled.status == 0, "\(bundled.err)")
        #expect(bundled.out.contains("Format:   FLAC, PCM 16-bit\nRate:     48000 Hz\n"), "\(bundled.out)")

        let refused = try home.alarmctl("sound", "info", notAudio)
        #expect(refused.status == 1 && refused.out.isEmpty)
        #expect(refused.err == "alarmctl: cannot play '\(notAudio)': unsupported format (not a recognised audio file); convert it to WAV, FLAC, Ogg Vorbis, Opus, MP3 or AIFF\n")
    }

    @Test func devicesListsTheChainAlarmsTryAndTheALSADevices() throws {
        let home = try CLIDaemon()  // OPENALARMKIT_AUDIO_DEVICE=null
        let devices = try home.alarmctl("sound", "devices")
        #expect(devices.status == 0, "\(devices.err)")
        let lines = devices.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Alarms play on (first that opens):")
        #expect(lines.dropFirst().first == "  null  (opens now)", "\(devices.out)")
        #expect(lines.contains("ALSA devices:"))
        #expect(lines.contains("  null  Discard all samples (playback) or generate zero samples (capture)"), "\(devices.out)")
        #expect(!devices.out.contains("Sound server sinks"), "no sound server in this home")

        // The configured device comes first; one that cannot open says why.
        try "[sound]\ndevice = \"hw:CARD=NoSuchCard\"\n".write(
            to: home.root.appendingPathComponent("config/openalarmkit/config.toml"), atomically: true, encoding: .utf8)
        let configured = try home.alarmctl(with: ["OPENALARMKIT_AUDIO_DEVICE": ""], "sound", "devices")
        let chain = configured.out.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("  ") }
        #expect(chain.first?.hasPrefix("  hw:CARD=NoSuchCard  (cannot open now: ") == true, "\(configured.out)")
        #expect(chain.contains("  null  (opens now)") == false, "null is not in the standard chain")
    }
}
