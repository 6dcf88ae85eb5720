import Testing

@testable import AlarmDaemon

/// `status` advises the capability fix that fits how alarmd was installed (issue 25: on a
/// .deb install it advised setcap on /usr/bin/alarmctl, where the launcher holds it).
@Suite(.timeLimit(.minutes(2))) struct InstallKindTests {
    @Test func theDebianPackageLayoutPointsAtTheLauncherAndDpkgReconfigure() {
        let files: Set = ["/usr/bin/alarmctl", "/usr/bin/alarmd", "/usr/libexec/openalarmkit/alarmd"]
        let kind = InstallKind(executable: "/usr/bin/alarmctl", fileExists: files.contains)
        #expect(kind == .package(launcher: "/usr/bin/alarmd"))
        let text = DaemonText.wakeLacksCapability(kind)
        #expect(text.contains("sudo apt install libcap2-bin && sudo dpkg-reconfigure openalarmkit"))
        #expect(text.contains("/usr/bin/alarmd"))
        #expect(!text.contains("setcap cap_wake_alarm+ep"), "never a file capability on the packaged binary")
    }

    @Test func scriptsInstallIsRecognisedByItsManifest() {
        let files: Set = ["/home/u/.local/bin/alarmctl", "/home/u/.local/bin/alarmd", "/home/u/.local/lib/openalarmkit/install-manifest"]
        let kind = InstallKind(executable: "/home/u/.local/bin/alarmctl", fileExists: files.contains)
        #expect(kind == .installScript(executable: "/home/u/.local/bin/alarmctl"))
        let text = DaemonText.wakeLacksCapability(kind)
        #expect(text.contains("scripts/install does not grant"))
        #expect(text.contains("sudo setcap cap_wake_alarm+ep /home/u/.local/bin/alarmctl"))
        #expect(text.contains("$XDG_RUNTIME_DIR/bus"))
    }

    @Test func aBuildTreeGetsSetcapOnTheBuiltBinaryWithTheSessionBusCaveat() {
        let kind = InstallKind(executable: "/src/oak/.build/debug/alarmctl", fileExists: { _ in false })
        #expect(kind == .sourceBuild(executable: "/src/oak/.build/debug/alarmctl"))
        let text = DaemonText.wakeLacksCapability(kind)
        #expect(text.contains("sudo setcap cap_wake_alarm+ep /src/oak/.build/debug/alarmctl"))
        #expect(text.contains("AmbientCapabilities=CAP_WAKE_ALARM"))
        #expect(text.contains("$XDG_RUNTIME_DIR/bus"))
    }
}
