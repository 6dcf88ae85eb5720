import FoundationEssentials
import LinuxSupport

#if canImport(Glibc)
    import Glibc
#endif

extension AlarmPaths {
    /// Creates `path` and every missing folder above it with mode 0700, as the XDG base
    /// directory specification asks of state and runtime folders; folders that exist keep
    /// their mode. Returns 0, or the errno of the step that failed.
    package static func createPrivateDirectory(_ path: String) -> Int32 {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", access(current, F_OK) != 0 {
            missing.append(current)
            current = current.deletingLastPathComponent
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            return errno
        }
        return 0
    }
}
