import Foundation
import Testing

/// Whether every test must run here. CI sets OPENALARMKIT_REQUIRE_ALL_TESTS=1 (.ci/run): there
/// a test that needs a real sound server, root or a tool must run and fail when what it needs
/// is missing, never skip green. A developer's machine without them skips those tests, saying
/// why (Swift Testing prints each skip with its reason): one rule for every such need.
public enum RealServers {
    public static var required: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["OPENALARMKIT_REQUIRE_ALL_TESTS"] == "1" || environment["CI"] == "true"
    }
}

/// Tests that mount file systems, loop devices or tmpfs, squat another user's folder or hand a
/// capability on: they need root. Run as root, or where every test must run (there a non-root
/// run fails them); skipped with the reason for a developer who is not root, so that
/// README's `swift test` is green for them and says what it left out.
public enum Root {
    public static var isRoot: Bool { geteuid() == 0 }
    public static var canRun: Bool { isRoot || RealServers.required }
}

extension Trait where Self == ConditionTrait {
    /// `.needsRoot("to mount a tmpfs as the state folder")`.
    public static func needsRoot(_ why: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Self {
        .enabled(if: Root.canRun, Comment(rawValue: "needs root \(why) (run as root; CI runs it)"),
                 sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension Tag {
    /// Suites that drive the built executables (alarmd, alarmctl) as processes: CI runs them
    /// against the shipped static release binary only (`OPENALARMKIT_TEST_PRODUCTS`), every
    /// other test against the debug build (docs/TESTING.md, "Lanes"). `BuildProducts.path`
    /// checks that a test asking for alarmd or alarmctl carries it.
    @Tag public static var products: Self
}
