import AlarmCore
import Foundation
import Testing

@testable import AlarmSystem

/// Where the daemon and alarmctl find the zone, as glibc does: TZ, the localtime link (or
/// file), /etc/timezone, UTC; zone files from TZDIR or /usr/share/zoneinfo.
@Suite(.timeLimit(.minutes(2))) struct TimeZoneSourceTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-tzsource-\(UUID().uuidString.prefix(8))").path

    private func source(_ extra: [String: String] = [:]) -> TimeZoneSource {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var environment = ["OPENALARMKIT_LOCALTIME": folder + "/localtime", "OPENALARMKIT_TIMEZONE_FILE": folder + "/timezone"]
        environment.merge(extra) { $1 }
        return TimeZoneSource(environment: environment)
    }

    @Test func tzInEveryFormGlibcAccepts() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(source(["TZ": "Asia/Tokyo"]).current().identifier == "Asia/Tokyo")
        #expect(source(["TZ": ":Asia/Kolkata"]).current().identifier == "Asia/Kolkata")
        #expect(source(["TZ": "/usr/share/zoneinfo/America/New_York"]).current().identifier == "America/New_York")
        #expect(source(["TZ": ":/usr/share/zoneinfo/Europe/Berlin"]).current().identifier == "Europe/Berlin")
        let posix = source(["TZ": "<+0330>-3:30"]).current()
        #expect(posix.identifier == "<+0330>-3:30" && posix.secondsFromGMT(at: 0) == 12_600)
        let rule = source(["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"]).current()
        #expect(rule.secondsFromGMT(at: 1_782_864_000) == 7200, "2026-07-01: summer time")
    }

    @Test func namesThatCouldLeaveTheZoneFolderAreRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for bad in ["../../../etc/passwd", "Europe/../../etc/passwd", "Europe//Berlin", "./UTC", ""] {
            #expect(!ZoneInfoFolder.isValidIdentifier(bad), "\(bad)")
            #expect(ZoneRules.named(bad) == nil, "\(bad)")
        }
        #expect(ZoneRules.named("Europe/Berlin") != nil && ZoneRules.named("Mars/Olympus") == nil)
        // A relative TZ with '..' is neither a file nor a POSIX rule: the link decides.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        symlink("/usr/share/zoneinfo/Asia/Tokyo", folder + "/localtime")
        #expect(source(["TZ": "../../../../usr/share/zoneinfo/UTC"]).current().identifier == "Asia/Tokyo")
    }

    @Test func tzdirIsTheZoneFolder() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zones = folder + "/zones/Test"
        try FileManager.default.createDirectory(atPath: zones, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Australia/Lord_Howe", toPath: zones + "/Howe")
        let zone = source(["TZ": "Test/Howe", "TZDIR": folder + "/zones"]).current()
        #expect(zone.identifier == "Test/Howe" && zone.secondsFromGMT(at: 1_780_000_000) == 37_800)
    }

    @Test func linkThenPlainFileThenTimezoneFileThenUTC() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(source().current().identifier == "UTC", "nothing at all")
        try "America/Santiago\n".write(toFile: folder + "/timezone", atomically: true, encoding: .utf8)
        #expect(source().current().identifier == "America/Santiago")
        // A copied file (not a link): its bytes, named by /etc/timezone.
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Kolkata", toPath: folder + "/localtime")
        let copied = source().current()
        #expect(copied.secondsFromGMT(at: 0) == 19_800 && copied.identifier == "America/Santiago")
        try FileManager.default.removeItem(atPath: folder + "/localtime")
        symlink("/usr/share/zoneinfo/Pacific/Chatham", folder + "/localtime")
        #expect(source().current().identifier == "Pacific/Chatham")
    }
}
