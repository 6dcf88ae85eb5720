import AlarmAudio
import AlarmSystem
import ArgumentParser
import FoundationEssentials
import LinuxSupport
import AlarmClient

/// `alarmctl sound devices`: where a sound can go, and what alarms use now.
struct SoundDevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List audio devices (ALSA PCMs, sound server sinks) and say which one alarms use.",
        discussion: """
            Any name listed can go to 'sound.device' in config.toml, OPENALARMKIT_AUDIO_DEVICE or \
            'sound play --device'.
            """)

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let config = (try? DaemonConfig.load(path: AlarmPaths(environment: environment).configFile, environment: environment)) ?? DaemonConfig()
        let chain = [config.audioDevice] + PlaybackOptions.standardFallbackDevices.filter { $0 != config.audioDevice }
        print(Text.alarmsPlayOn)
        for device in chain {
            let state = SoundDevices.openProblem(device).map(Text.cannotOpenNow) ?? Text.opensNow
            print("  \(device)  (\(state))")
        }
        print(Text.alsaDevices)
        for pcm in SoundDevices.pcms() {
            print("  \(pcm.name)" + (pcm.description.isEmpty ? "" : "  \(pcm.description)"))
        }
        let sinks = ServerSinks.list(environment: environment)
        if !sinks.isEmpty {
            print(Text.serverSinks(sinks[0].server))
            for sink in sinks { print("  \(sink.alsaDevice)  \(sink.name)\(sink.isDefault ? Text.defaultSink : "")") }
        }
    }
}

/// The running sound server's sinks, as ALSA device names that reach each one. Read with
/// pactl, which speaks to PulseAudio and to PipeWire (pipewire-pulse) alike: `info` as JSON
/// (its text form's labels, "Default Sink:", are translated), `list short` as tab-separated
/// columns, which are not.
struct ServerSinks {
    var name: String
    var server: String
    var isDefault: Bool
    var alsaDevice: String

    static func list(environment: [String: String]) -> [ServerSinks] {
        guard let pactl = ["/usr/bin/pactl", "/bin/pactl"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
              let json = toolOutput(pactl, ["--format=json", "info"]), let info = ServerInfo(json: json),
              let short = toolOutput(pactl, ["list", "short", "sinks"]) else { return [] }
        // The server's name is its own ("PulseAudio (on PipeWire 1.0.5)"), in no language.
        let isPipeWire = info.serverName.contains("on PipeWire")
        let defaultSink = info.defaultSink
        return short.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t")
            guard columns.count >= 2 else { return nil }
            let name = String(columns[1])
            return ServerSinks(name: name, server: isPipeWire ? "PipeWire" : "PulseAudio", isDefault: name == defaultSink,
                               alsaDevice: isPipeWire ? "pipewire:NODE=\(name)" : "pulse:DEVICE=\(name)")
        }
    }
}

/// The members of `pactl --format=json info` this command reads.
private struct ServerInfo: Decodable {
    var serverName: String
    var defaultSink: String?

    enum CodingKeys: String, CodingKey {
        case serverName = "server_name"
        case defaultSink = "default_sink_name"
    }

    init?(json: String) {
        guard let info = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = info
    }
}
