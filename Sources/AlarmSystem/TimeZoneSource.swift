import CLinux
import FoundationEssentials
import AlarmCore

/// The machine's current time zone, read fresh each time, and an inotify watch that says when
/// it may have changed.
///
/// As glibc finds it: `TZ` wins when set (then nothing can change it for this process):
/// `:Area/City` or `Area/City` from the zone folder (`TZDIR`, else /usr/share/zoneinfo), an
/// absolute path (`/path` or `:/path`), else a POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`).
/// Otherwise the localtime link (`/etc/localtime`, or `OPENALARMKIT_LOCALTIME` for tests):
/// its target names the zone and its bytes are the rules (a plain file is read as is, named
/// by /etc/timezone if that exists); else /etc/timezone; else UTC.
public struct TimeZoneSource: Sendable {
    let localtimePath: String
    let timezonePath: String
    let environment: [String: String]
    let folder: ZoneInfoFolder
    private let folderWatch = FolderWatch()

    /// `OPENALARMKIT_LOCALTIME` and `OPENALARMKIT_TIMEZONE_FILE` stand in for /etc/localtime
    /// and /etc/timezone in tests.
    public init(environment: [String: String]) {
        self.environment = environment
        localtimePath = environment["OPENALARMKIT_LOCALTIME"] ?? "/etc/localtime"
        timezonePath = environment["OPENALARMKIT_TIMEZONE_FILE"] ?? "/etc/timezone"
        folder = ZoneInfoFolder(environment: environment)
    }

    public func current() -> ZoneRules {
        if let tz = environment["TZ"], !tz.isEmpty, let zone = ZoneRules(tzVariable: tz, environment: environment) { return zone }
        let timezoneName = (FileManager.default.contents(atPath: timezonePath)).map {
            String(decoding: $0, as: UTF8.self).split(whereSeparator: { $0.isWhitespace }).first.map(String.init) ?? ""
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath) {
            if let name = Self.zoneName(inPath: target), let zone = ZoneInfoFolder.read(localtimePath, identifier: name) {
                return zone
            }
        } else {
            // A copied file names no zone; /etc/timezone may (Debian keeps both).
            let name = timezoneName.flatMap { ZoneInfoFolder.isValidIdentifier($0) ? $0 : nil } ?? "localtime"
            if let zone = ZoneInfoFolder.read(localtimePath, identifier: name) { return zone }
        }
        if let name = timezoneName, let zone = folder.zone(name) { return zone }
        return folder.zone("UTC") ?? .utc
    }

    /// What follows the last `zoneinfo/` of a path (`../usr/share/zoneinfo/Europe/Berlin`).
    static func zoneName(inPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let index = parts.lastIndex(of: "zoneinfo"), index + 1 < parts.count else { return nil }
        return parts[(index + 1)...].joined(separator: "/")
    }

    /// The files whose change may change the zone: the localtime link, and /etc/timezone (read
    /// when the link does not name a zone).
    var zoneFiles: [String] { [localtimePath, timezonePath] }

    /// An inotify descriptor that reports changes to the zone files themselves. Not their
    /// folder: a watch on /etc woke the daemon at every write anywhere in /etc. Nil when `TZ`
    /// pins the zone.
    public func makeWatch() -> Int32? {
        if let tz = environment["TZ"], !tz.isEmpty { return nil }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        arm(fd)
        return fd
    }

    /// Drains the watch; true if a zone file may have changed. Re-arms the watch, since a
    /// replaced link is a new file (timedatectl renames a new link over the old one).
    public func drain(_ fd: Int32) -> Bool {
        let names = zoneFiles.map { String($0.split(separator: "/").last ?? "") }
        let result = oak_inotify_drain_files(fd, names[0], names[1])
        if result != 0 { arm(fd) }
        return result & 1 != 0
    }

    /// Watches each zone file that exists, itself (a link is watched, not its target). While
    /// the localtime link is missing (between the unlink and the symlink of `ln -sf`, or in a
    /// container without one), its folder is watched for creations, not writes; once the link
    /// is back, the folder watch goes. A missing /etc/timezone (Fedora, Arch) is not waited
    /// for: it is only the fallback.
    private func arm(_ fd: Int32) {
        let fileEvents = UInt32(IN_DONT_FOLLOW | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
        _ = inotify_add_watch(fd, timezonePath, fileEvents)
        let parent = localtimePath.lastIndex(of: "/").map { String(localtimePath[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        if inotify_add_watch(fd, localtimePath, fileEvents) >= 0 {
            if let watch = folderWatch.take() { inotify_rm_watch(fd, watch) }
        } else {
            folderWatch.set(inotify_add_watch(fd, parent, UInt32(IN_ONLYDIR | IN_CREATE | IN_MOVED_TO)))
        }
    }
}

/// The folder watch `TimeZoneSource` holds while the localtime link is missing.
private final class FolderWatch: @unchecked Sendable {  // used on the daemon's loop thread only
    private var watch: Int32 = -1

    func set(_ watch: Int32) { if watch >= 0 { self.watch = watch } }

    func take() -> Int32? {
        defer { watch = -1 }
        return watch >= 0 ? watch : nil
    }
}
