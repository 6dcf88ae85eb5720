import FoundationEssentials
import LinuxSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A folder only this user can enter, checked before the socket inside it is trusted. Without
/// `XDG_RUNTIME_DIR` the socket lives under `/tmp`, where another user could create the path
/// first (a folder of theirs, or a symlink to one) and answer in alarmd's place.
package enum RuntimeDirectoryCheck {
    package struct Refusal: Error, CustomStringConvertible {
        package var path: String
        package var why: String
        package var description: String {
            tr("refusing %1$s: %2$s; another user may have created it to intercept alarms. Remove it, or set XDG_RUNTIME_DIR to a private folder", path, why)
        }
    }

    /// Creates `path` with mode 0700 if missing, then checks that it is a real folder (not a
    /// symlink), owned by this user, with no access for anyone else (a folder of ours that
    /// is too open is tightened, since only we could have made it so).
    package static func ensure(_ path: String) throws(Refusal) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw Refusal(path: path, why: "it cannot be created (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Refusal(path: path, why: "it cannot be examined (\(String(cString: strerror(errno))))") }
        guard (info.st_mode & S_IFMT) != S_IFLNK else { throw Refusal(path: path, why: "it is a symbolic link") }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Refusal(path: path, why: "it is not a folder") }
        guard info.st_uid == getuid() else { throw Refusal(path: path, why: "it belongs to uid \(info.st_uid), not to uid \(getuid())") }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw Refusal(path: path, why: "others may enter it and its mode cannot be changed")
        }
    }
}
