import AlarmCore
import FoundationEssentials

/// Time-zone rules from the system's zone files, the way glibc finds them: `TZDIR`, else
/// /usr/share/zoneinfo. The TZif bytes are read here; `ZoneRules` (AlarmCore) parses them.
public struct ZoneInfoFolder: Sendable {
    public let path: String

    public init(environment: [String: String]) {
        let folder = environment["TZDIR"] ?? ""
        path = folder.isEmpty ? "/usr/share/zoneinfo" : folder
    }

    /// The zone `identifier` names (`Europe/Berlin`, `UTC`), or nil if there is no such file
    /// or the name could escape the folder (absolute, `..`, empty parts).
    public func zone(_ identifier: String) -> ZoneRules? {
        guard Self.isValidIdentifier(identifier) else { return nil }
        return Self.read(path + "/" + identifier, identifier: identifier)
    }

    /// Letters, digits and `._+-` in `/`-separated parts, none empty, none `.` or `..`.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= 255 else { return false }
        return identifier.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".."
                && part.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: ".")
                }
        }
    }

    /// The rules in the TZif file at `path` (a link is followed), or nil.
    static func read(_ path: String, identifier: String) -> ZoneRules? {
        // Zone files are a few kB; anything past 1 MiB is not one.
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else { return nil }
        return try? ZoneRules(identifier: identifier, tzif: [UInt8](data))
    }
}

extension ZoneRules {
    /// The zone this process runs in, found once (as Foundation's `TimeZone.current` was):
    /// `TZ`, else the localtime link, else /etc/timezone, else UTC. The daemon re-reads it
    /// through `TimeZoneSource` when the files change.
    public static let current: ZoneRules = TimeZoneSource(environment: ProcessInfo.processInfo.environment).current()

    /// A zone by name from the system's files (`TZDIR` honoured), or nil.
    public static func named(_ identifier: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> ZoneRules? {
        if identifier == "UTC" || identifier == "GMT" {
            return ZoneInfoFolder(environment: environment).zone(identifier) ?? .fixed(secondsFromGMT: 0, identifier: identifier)
        }
        return ZoneInfoFolder(environment: environment).zone(identifier)
    }

    /// `TZ` as glibc reads it: `:Area/City` or `Area/City` from the zone folder, an absolute
    /// path (`/path`, `:/path`), else a POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`); nil when it
    /// names nothing usable.
    public init?(tzVariable tz: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        if name.hasPrefix("/") {
            guard let zone = ZoneInfoFolder.read(name, identifier: TimeZoneSource.zoneName(inPath: name) ?? name) else { return nil }
            self = zone
        } else if let zone = ZoneRules.named(name, environment: environment) {
            self = zone
        } else if !tz.hasPrefix(":"), let zone = try? ZoneRules(posixTZ: tz) {
            self = zone
        } else {
            return nil
        }
    }
}
