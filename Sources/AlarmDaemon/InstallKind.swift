import FoundationEssentials

/// How this alarmd was installed, read from where its executable lives, so that `status`
/// gives the fix for a missing CAP_WAKE_ALARM that fits it: the capability belongs on the
/// .deb's launcher, scripts/install grants none, and a source build is the developer's own.
enum InstallKind: Equatable {
    /// The Debian package: `<prefix>/bin/alarmctl` with the launcher `<prefix>/bin/alarmd`
    /// and the daemon's name `<prefix>/libexec/openalarmkit/alarmd` beside it.
    case package(launcher: String)
    /// scripts/install, which records what it installed in `<prefix>/lib/openalarmkit/install-manifest`.
    case installScript(executable: String)
    /// Anything else: a build tree (`swift build`), a copy made by hand.
    case sourceBuild(executable: String)

    /// `executable` is the resolved /proc/self/exe (the multi-call alarmctl binary).
    init(executable: String, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        let bin = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let prefix = bin.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if fileExists("\(prefix)/libexec/openalarmkit/alarmd") && fileExists("\(bin)/alarmd") {
            self = .package(launcher: "\(bin)/alarmd")
        } else if fileExists("\(prefix)/lib/openalarmkit/install-manifest") {
            self = .installScript(executable: executable)
        } else {
            self = .sourceBuild(executable: executable)
        }
    }
}
