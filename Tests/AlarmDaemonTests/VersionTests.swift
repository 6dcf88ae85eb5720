import AlarmDaemon
import AlarmSystem
import Testing
import TestSupport

/// Both executables report the one package version (the .deb's version is read from the same
/// constant by scripts/package).
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct VersionTests {
    @Test(arguments: ["alarmd", "alarmctl"])
    func printsThePackageVersion(executable: String) throws {
        let result = try Subprocess.run(BuildProducts.path(executable), ["--version"])
        #expect(result.termination.status == 0)
        #expect(result.stdout == "\(executable) \(PackageVersion.current)\n")
        #expect(Daemon.version == PackageVersion.current)
    }
}
