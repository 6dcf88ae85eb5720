import Testing

@testable import AlarmDaemon

/// How alarmd was installed, which `status` reports (`WakeStatus.install`) so that clients
/// advise the capability fix that fits: on a .deb install the launcher holds it, never
/// /usr/bin/alarmctl. The advice itself is AlarmWordsTests'.
@Suite(.timeLimit(.minutes(2))) struct InstallKindTests {
    @Test func theDebianPackageLayoutPointsAtTheLauncherAndDpkgReconfigure() {
        let files: Set = ["/usr/bin/alarmctl", "/usr/bin/alarmd", "/usr/libexec/openalarmkit/alarmd"]
        let kind = InstallKind(executable: "/usr/bin/alarmctl", fileExists: files.contains)
        #expect(kind == .package(launcher: "/usr/bin/alarmd"))
    }

    @Test func scriptsInstallIsRecognisedByItsManifest() {
        let files: Set = ["/home/u/.local/bin/alarmctl", "/home/u/.local/bin/alarmd", "/home/u/.local/lib/openalarmkit/install-manifest"]
        let kind = InstallKind(executable: "/home/u/.local/bin/alarmctl", fileExists: files.contains)
        #expect(kind == .installScript(executable: "/home/u/.local/bin/alarmctl"))
    }

    @Test func anythingElseIsASourceBuild() {
        let kind = InstallKind(executable: "/src/oak/.build/debug/alarmctl", fileExists: { _ in false })
        #expect(kind == .sourceBuild(executable: "/src/oak/.build/debug/alarmctl"))
    }
}
