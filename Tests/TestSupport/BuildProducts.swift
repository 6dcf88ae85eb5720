import Foundation

/// The executables `swift test` built beside the test bundle (alarmd, alarmctl, helpers).
public enum BuildProducts {
    /// The folder holding the running test bundle; `.build/debug` of this package otherwise.
    /// `OPENALARMKIT_TEST_PRODUCTS=/other/.build/debug` runs the tests against another build's
    /// executables: how a regression test is shown to fail on the code before its fix.
    public static let folder: URL = {
        if let other = ProcessInfo.processInfo.environment["OPENALARMKIT_TEST_PRODUCTS"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent("alarmd").path) { return bundle }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
    }()

    /// The path of the built executable `name`.
    public static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
