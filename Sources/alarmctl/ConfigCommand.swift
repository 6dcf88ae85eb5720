import AlarmCore
import AlarmSystem
import ArgumentParser
import FoundationEssentials
import LinuxSupport
import AlarmClient

/// `alarmctl config check`: validates config.toml the way alarmd reads it and prints the
/// settings that would be in effect, or every problem with its line.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Check alarmd's config.toml.", subcommands: [ConfigCheckCommand.self])
}

struct ConfigCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate config.toml and print the effective settings.",
        discussion: "Exit status 0 when the file is valid (or absent: the defaults apply), 2 when it is not, with file:line: key: problem on stderr.")

    @Argument(help: "The file to check (default: $XDG_CONFIG_HOME/openalarmkit/config.toml).") var file: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = file ?? AlarmPaths(environment: environment).configFile
        if file != nil, !FileManager.default.fileExists(atPath: path) {
            StandardError.write(Text.configNoSuchFile(path) + "\n")
            throw ExitCode(2)
        }
        // Every unknown key at once (the daemon stops at the first problem).
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let unknown = ConfigKeys.unknownKeys(in: text, path: path)
            if !unknown.isEmpty {
                for problem in unknown { StandardError.write(TerminalSafe.lines("\(problem)") + "\n") }
                throw ExitCode(2)
            }
        }
        let config: DaemonConfig
        do { config = try DaemonConfig.load(path: path, environment: environment) } catch {
            StandardError.write(TerminalSafe.lines("\(error)") + "\n")
            throw ExitCode(2)
        }
        let source = FileManager.default.fileExists(atPath: path) ? path : Text.configAbsent(path)
        print("""
            \(Text.effectiveSettings(from: source))
            [sound]
            device = "\(config.audioDevice)"
            volume = \(percent(config.volume))
            ramp = \(number(config.rampSeconds))
            min_volume = \(number(config.minimumVolumePercent))
            pause_media = \(config.pauseMedia)

            [system]
            wake_early = \(number(config.wakeEarlySeconds))

            [alarms]
            snooze = \(number(config.policy.defaultSnooze))
            ring_timeout = \(number(config.policy.ringTimeout))
            late_tolerance = \(number(config.policy.lateTolerance))
            max_per_app = \(config.maxAlarmsPerApp)
            """)
        if let sync = config.sync {
            print("\n[sync]")
            printServer(url: sync.url, username: sync.username, passwordCommand: sync.passwordCommand, interval: sync.interval, caFile: sync.caFile)
        }
        for calendar in config.calendars {
            print("\n[[calendars]]\nname = \(quoted(calendar.name))")
            printServer(url: calendar.url, username: calendar.username, passwordCommand: calendar.passwordCommand,
                        interval: calendar.interval, caFile: calendar.caFile)
        }
        if let refusal = config.syncRefusal {
            // alarmd runs with the rest of the file; sync stays off until this is fixed.
            print("\n[sync]\n" + Text.syncOffInConfig)
            let place = path + (refusal.line.map { ":\($0)" } ?? "")
            StandardError.write(TerminalSafe.lines("\(place): \(refusal.message)") + "\n")
            throw ExitCode(2)
        }
    }

    /// The keys `[sync]` and each `[[calendars]]` share: the server and how to reach it.
    private func printServer(url: String, username: String?, passwordCommand: String?, interval: Double, caFile: String?) {
        print("url = \(quoted(url))")
        if let username { print("username = \(quoted(username))") }
        print(passwordCommand.map { "password_command = \(quoted($0))" } ?? Text.syncPasswordFromKeyring(username))
        print("interval = \(number(interval))")
        if let caFile { print("ca_file = \(quoted(caFile))") }
    }

    /// A TOML basic string, as it would be written in the file.
    private func quoted(_ text: String) -> String {
        "\"" + TerminalSafe.text(text).replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    private func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(clampingFinite: value)) : String(value)
    }

    private func percent(_ fraction: Double) -> String { number((fraction * 100).rounded()) }
}
