import Foundation
import Testing

/// alarmctl is a client like any app: only its entry point, which runs the daemon when the
/// multi-call binary is started as alarmd, imports AlarmDaemon. The commands read the zone,
/// the locale's time text, config.toml and the version through AlarmSystem.
@Suite(.timeLimit(.minutes(2))) struct DaemonEntryImportTests {
    @Test func onlyTheDaemonEntryImportsAlarmDaemon() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/alarmctl").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20, "read the wrong folder: \(folder.path)")
        let importing = try files.filter { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("import AlarmDaemon") }
        }
        #expect(importing == ["AlarmCtlEntry.swift"])
    }
}
