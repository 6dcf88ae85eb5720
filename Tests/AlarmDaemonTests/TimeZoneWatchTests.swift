import Foundation
import Testing

@testable import AlarmSystem

/// The zone watch wakes the daemon for a change of the zone files and for nothing else in
/// their folder (/etc sees writes all day).
@Suite(.timeLimit(.minutes(2))) struct TimeZoneWatchTests {
    private final class Setup {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-tzwatch-\(UUID().uuidString.prefix(8))").path
        var link: String { folder + "/localtime" }
        var timezone: String { folder + "/timezone" }
        let source: TimeZoneSource
        let fd: Int32

        init(linkTo zone: String?) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if let zone { try FileManager.default.createSymbolicLink(atPath: folder + "/localtime", withDestinationPath: "/usr/share/zoneinfo/\(zone)") }
            source = TimeZoneSource(environment: ["OPENALARMKIT_LOCALTIME": folder + "/localtime", "OPENALARMKIT_TIMEZONE_FILE": folder + "/timezone"])
            fd = try #require(source.makeWatch())
        }

        deinit {
            close(fd)
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// Whether the watch woke within `milliseconds`, and if so whether it says the zone may have changed.
        func woke(within milliseconds: Int32 = 200) -> Bool? {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, milliseconds) == 1 else { return nil }
            return source.drain(fd)
        }

        func relink(to zone: String) {
            let staged = folder + "/localtime.new"
            symlink("/usr/share/zoneinfo/\(zone)", staged)
            rename(staged, link)
        }
    }

    @Test func unrelatedActivityInTheFolderDoesNotWakeIt() throws {
        let setup = try Setup(linkTo: "Europe/Berlin")
        try "x".write(toFile: setup.folder + "/hosts", atomically: false, encoding: .utf8)
        try "y".write(toFile: setup.folder + "/motd", atomically: true, encoding: .utf8)  // a rename into the folder
        mkdir(setup.folder + "/cron.d", 0o755)
        unlink(setup.folder + "/hosts")
        #expect(setup.woke() == nil)
        #expect(setup.source.current().identifier == "Europe/Berlin")
    }

    @Test func everyWayOfReplacingTheLinkIsSeenAgainAndAgain() throws {
        let setup = try Setup(linkTo: "Europe/Berlin")
        // timedatectl: a new link renamed over the old one; twice, so the watch follows the new link.
        setup.relink(to: "Asia/Tokyo")
        #expect(setup.woke() == true)
        #expect(setup.source.current().identifier == "Asia/Tokyo")
        setup.relink(to: "America/New_York")
        #expect(setup.woke() == true)
        #expect(setup.source.current().identifier == "America/New_York")
        // ln -sf without a rename: unlink, then a new link, seen through the folder meanwhile.
        unlink(setup.link)
        #expect(setup.woke() == true)
        symlink("/usr/share/zoneinfo/Australia/Lord_Howe", setup.link)
        #expect(setup.woke() == true)
        #expect(setup.source.current().identifier == "Australia/Lord_Howe")
        // Once the link is back, the folder is quiet again (after the notice that the folder
        // watch ended, which reports no change).
        #expect(setup.woke(within: 50) != true)
        try "x".write(toFile: setup.folder + "/hosts", atomically: true, encoding: .utf8)
        #expect(setup.woke() == nil)
    }

    @Test func aMissingLinkFallsBackToTheTimezoneFileWhichIsWatchedToo() throws {
        let setup = try Setup(linkTo: nil)
        try "Asia/Kolkata\n".write(toFile: setup.timezone, atomically: false, encoding: .utf8)
        #expect(setup.woke() == true)
        #expect(setup.source.current().identifier == "Asia/Kolkata")
        // Written in place, as tzdata's configure step does.
        let handle = try #require(FileHandle(forWritingAtPath: setup.timezone))
        handle.truncateFile(atOffset: 0)
        handle.write(Data("Pacific/Chatham\n".utf8))
        try handle.close()
        #expect(setup.woke() == true)
        #expect(setup.source.current().identifier == "Pacific/Chatham")
    }
}
