import Foundation
import Testing

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

    /// The path of the executable `name`. Asked for a product from a test, it checks that the
    /// test is tagged `.products`: CI runs those tests against the shipped binary only (the
    /// products lane) and every other test against the debug build, so an untagged test that
    /// drives alarmd would test neither what ships nor be told. A run with
    /// OPENALARMKIT_TEST_PRODUCTS_LOG set appends each product path a test was given there, for
    /// `.ci/run` to prove the lane ran the packaged binary.
    public static func path(_ name: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> String {
        let path = (underTest.contains(name) ? folder : built).appendingPathComponent(name).path
        if underTest.contains(name), let test = Test.current {
            if !test.tags.contains(.products) {
                Issue.record("\(test.name) runs \(name) but is not tagged .products: add .tags(.products) to its @Suite (docs/TESTING.md, \"Lanes\")",
                             sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            }
            if let log = ProcessInfo.processInfo.environment["OPENALARMKIT_TEST_PRODUCTS_LOG"], !log.isEmpty {
                // One write of one short line in append mode: whole, whatever else appends.
                let fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
                if fd >= 0 {
                    let line = Array("\(test.id)\t\(path)\n".utf8)
                    _ = write(fd, line, line.count)
                    close(fd)
                }
            }
        }
        return path
    }

}
