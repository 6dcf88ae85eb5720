import Foundation

/// Whether every test must run here. CI sets OPENALARMKIT_REQUIRE_ALL_TESTS=1 (.ci/run): there
/// a test that needs a real sound server, root or a tool must run and fail when what it needs
/// is missing, never skip green. A developer's machine without PipeWire skips them, saying why.
public enum RealServers {
    public static var required: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["OPENALARMKIT_REQUIRE_ALL_TESTS"] == "1" || environment["CI"] == "true"
    }
}
