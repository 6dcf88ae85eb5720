import AlarmCalendar
import Foundation
import Testing
import TestSupport

/// Our writer and reader against libical 3 (libical-dev), the reference C library:
/// libical reads our export without an error and resolves every DTSTART's zone, and what
/// libical writes back from it reads with our reader to the same alarms.
@Suite(.timeLimit(.minutes(3))) struct LibicalAgreementTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/testing/libical-reparse.c")
    static var canBuild: Bool {
        FileManager.default.fileExists(atPath: "/usr/include/libical/ical.h") || RealServers.required
    }

    @Test(.enabled(if: canBuild, "needs libical-dev (scripts/setup installs it)"))
    func libicalReadsOurExportAndWeReadItsRewrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-libical-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = folder.appendingPathComponent("libical-reparse").path
        let flags = try Subprocess.run("/usr/bin/pkg-config", ["--cflags", "--libs", "libical"])
        #expect(flags.termination.status == 0, "pkg-config libical: \(flags.stderr)")
        let build = try Subprocess.run("/usr/bin/env", ["cc", Self.source.path, "-o", tool] + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
        try #require(build.termination.status == 0, "cc: \(build.stderr)")

        let now = instant("2026-11-26T12:00:00Z")
        let records = RoundTripTests.samples()
        let ours = ICalendar.export(records, zones: zones, now: now)
        let file = folder.appendingPathComponent("ours.ics")
        try Data(ours.utf8).write(to: file)
        let run = try Subprocess.run(tool, [file.path])
        #expect(run.termination.status == 0, "libical found errors: \(run.stdout)")
        #expect(!run.stdout.contains("X-LIC-ERROR"))
        // The zoned alarm's DTSTART is in its VTIMEZONE, as libical sees it.
        #expect(run.stderr.contains("standup@example.com 20261127T063000 America/New_York"), "\(run.stderr)")

        let theirs = try ICalendar.parse(run.stdout, zones: zones, now: now)
        let direct = try ICalendar.parse(ours, zones: zones, now: now)
        #expect(theirs.count == records.count)
        for (a, b) in zip(theirs, direct) {
            let left = try #require(a.imported?.record), right = try #require(b.imported?.record)
            var l = configuration(left), r = configuration(right)
            if left.calendarUID != nil { l.id = r.id }
            #expect(l == r)
        }
    }

    /// The files as other programs write them read in libical without errors too: the
    /// fixtures are what libical accepts, not only what we do.
    @Test(.enabled(if: canBuild, "needs libical-dev (scripts/setup installs it)"))
    func theForeignFixturesAreValidForLibical() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-libical2-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = folder.appendingPathComponent("libical-reparse").path
        let flags = try Subprocess.run("/usr/bin/pkg-config", ["--cflags", "--libs", "libical"])
        let build = try Subprocess.run("/usr/bin/env", ["cc", Self.source.path, "-o", tool] + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
        try #require(build.termination.status == 0, "cc: \(build.stderr)")
        let clients = ["google.ics", "outlook-exchange.ics", "apple-icloud.ics", "thunderbird.ics", "nextcloud.ics", "korganizer.ics",
                       "evolution.ics", "zimbra.ics", "davx5.ics"].map { "clients/" + $0 }
        for name in ["thunderbird.ics", "gnome-calendar.ics", "nextcloud.ics", "kalarm.ics", "outlook.ics", "openalarmkit-acknowledged.ics"] + clients {
            let file = folder.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-"))
            try Data(try fixture(name).utf8).write(to: file)
            let run = try Subprocess.run(tool, [file.path])
            #expect(run.termination.status == 0, "\(name): \(run.stdout)")
        }
    }

    /// Calendar schedules as we write them (RRULE, EXDATE, RDATE, RECURRENCE-ID, all-day
    /// dates, every VALARM with RELATED, REPEAT, DURATION): libical parses them without an
    /// error, and what it writes back reads with our reader to the same alarms.
    @Test(.enabled(if: canBuild, "needs libical-dev (scripts/setup installs it)"))
    func libicalReadsOurCalendarSchedules() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-libical3-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = folder.appendingPathComponent("libical-reparse").path
        let flags = try Subprocess.run("/usr/bin/pkg-config", ["--cflags", "--libs", "libical"])
        let build = try Subprocess.run("/usr/bin/env", ["cc", Self.source.path, "-o", tool] + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
        try #require(build.termination.status == 0, "cc: \(build.stderr)")
        let past = instant("2024-06-01T00:00:00Z")
        let records = try ICalendar.parse(try fixture("../recurrence/corpus.ics"), zones: zones, now: past).compactMap(\.imported).map(\.record)
        try #require(records.count > 200)
        let ours = ICalendar.export(records, zones: zones, now: past)
        let file = folder.appendingPathComponent("calendar.ics")
        try Data(ours.utf8).write(to: file)
        let run = try Subprocess.run(tool, [file.path])
        #expect(run.termination.status == 0, "libical found errors: \(run.stdout.prefix(2000))")
        #expect(!run.stdout.contains("X-LIC-ERROR"))
        let theirs = try ICalendar.parse(run.stdout, zones: zones, now: past).compactMap(\.imported).map(\.record)
        #expect(theirs.count == records.count)
        for (a, b) in zip(theirs, records) {
            var l = configuration(a)
            l.id = b.id
            #expect(l == configuration(b), "\(b.calendarUID ?? "")")
        }
    }
}
