import Foundation

/// The executables the tests run: the products under test (`alarmd`, `alarmctl`) and the
/// helpers `swift test` built beside the test bundle (`CookingTimer`, `gtk-support-check`,
/// `alarm-store-crashtest`, ...).
///
/// `OPENALARMKIT_TEST_PRODUCTS=FOLDER` runs the tests against the `alarmd` and `alarmctl` in
/// FOLDER instead: CI's release lane points it at the static binary the .deb ships (`alarmd`
/// there is a link to the multi-call `alarmctl`, as in the package), and a regression test is
/// shown to fail on the code before its fix with another build's `.build/debug`. Helpers always
/// come from this build: they are test tools, not what ships.
public enum BuildProducts {
    /// What ships, and so what OPENALARMKIT_TEST_PRODUCTS replaces.
    public static let underTest: Set<String> = ["alarmd", "alarmctl"]

    /// The folder holding the running test bundle; `.build/debug` of this package otherwise.
    public static let built: URL = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent("alarmd").path) { return bundle }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
    }()

    /// The folder of the products under test: OPENALARMKIT_TEST_PRODUCTS, else `built`.
    public static let folder: URL = {
        if let other = ProcessInfo.processInfo.environment["OPENALARMKIT_TEST_PRODUCTS"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        return built
    }()

    /// Whether this run tests another build's products (the release lane).
    public static var isOtherBuild: Bool { folder != built }

    /// The path of the executable `name`.
    public static func path(_ name: String) -> String {
        (underTest.contains(name) ? folder : built).appendingPathComponent(name).path
    }
}
