import Foundation

/// Tests/Fixtures, found from this file's path, so the tests read the committed files whatever
/// the working directory.
enum FixtureFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Set to make the fixture files that do not exist yet (a new message, a new protocol
    /// version); an existing file is never rewritten. The run that writes fails, so a test run
    /// cannot pass while making its own references.
    static var writesMissing: Bool { ProcessInfo.processInfo.environment["OPENALARMKIT_WRITE_MISSING_FIXTURES"] == "1" }
}
