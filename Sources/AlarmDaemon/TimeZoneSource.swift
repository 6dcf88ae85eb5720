import CLinux
import Foundation

/// The machine's current time zone, read fresh each time (Foundation caches its own), and an
/// inotify watch that says when it may have changed.
///
/// `TZ` wins when set (then nothing can change it for this process); otherwise the zone is
/// the target of the localtime link (`/etc/localtime`, or `OPENALARMKIT_LOCALTIME` for tests),
/// else `/etc/timezone`, else UTC.
struct TimeZoneSource {
    let localtimePath: String
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
        localtimePath = environment["OPENALARMKIT_LOCALTIME"] ?? "/etc/localtime"
    }

    func current() -> TimeZone {
        if let tz = environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let zone = TimeZone(identifier: name) { return zone }
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath),
            let range = target.range(of: "zoneinfo/"),
            let zone = TimeZone(identifier: String(target[range.upperBound...]))
        {
            return zone
        }
        if let name = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
            let zone = TimeZone(identifier: name)
        {
            return zone
        }
        return TimeZone(identifier: "UTC")!
    }

    /// An inotify descriptor on the localtime link's folder (the link is replaced, not
    /// written, so the folder is what sees it). Nil when `TZ` pins the zone.
    func makeWatch() -> Int32? {
        if let tz = environment["TZ"], !tz.isEmpty { return nil }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let folder = (localtimePath as NSString).deletingLastPathComponent
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE | IN_ATTRIB)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Drains the watch; true if the localtime entry was touched.
    func drain(_ fd: Int32) -> Bool {
        oak_inotify_drain_mentions(fd, (localtimePath as NSString).lastPathComponent) != 0
    }
}
