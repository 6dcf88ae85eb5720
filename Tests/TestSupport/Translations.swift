import Foundation

/// The gettext catalogs of po/, compiled for the tests that want a language. Every child starts
/// with OPENALARMKIT_LOCALEDIR pointing at no catalog (`ChildEnvironment.base`: English, whatever
/// a build or the system installed); a test of translations sets it to `localeDirectory()`.
public enum Translations {
    /// The package's root folder (po/, scripts/, Sources/).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// gettext's tools (xgettext, msgfmt...), which scripts/setup installs: a test that needs
    /// them runs when they are here or when every test must run (then their absence fails it).
    public static var toolsPresent: Bool {
        ["xgettext", "msgfmt", "msgattrib"].allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }
    }
    public static var canRun: Bool { toolsPresent || RealServers.required }

    /// Every po/<lang>.po compiled by scripts/compile-translations into a folder of this test
    /// process (once), as `<dir>/<lang>/LC_MESSAGES/openalarmkit.mo`.
    public static func localeDirectory() throws -> String {
        try compiled.get()
    }

    private static let compiled: Result<String, Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-locale-\(getpid())").path
        let result = try Subprocess.run(
            packageRoot.appendingPathComponent("scripts/compile-translations").path, [folder], environment: ChildEnvironment.base)
        guard result.termination.status == 0 else {
            throw Subprocess.SpawnError(description: "scripts/compile-translations failed: \(result.stderr)")
        }
        atexit { try? FileManager.default.removeItem(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("oak-locale-\(getpid())").path) }
        return folder
    }
}
