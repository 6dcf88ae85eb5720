import Foundation
import Testing

/// `alarmctl next` end to end: expected instants are worked out from each zone's rules.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct NextCommandTests {
    @Test func weekdaysFromAFriday() throws {
        // 2026-06-05 is a Friday.
        let run = try AlarmctlRun(["next", "weekdays", "6:30", "--from", "2026-06-05T07:00:00+02:00",
                                   "--tz", "Europe/Berlin", "--count", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == ["2026-06-08T06:30:00+02:00", "2026-06-09T06:30:00+02:00", "2026-06-10T06:30:00+02:00"])
        #expect(run.stderr.isEmpty)
    }

    @Test func dailyThroughBerlinsSpringGap() throws {
        let run = try AlarmctlRun(["next", "daily", "2:30", "--from", "2026-03-28T12:00:00+01:00",
                                   "--tz", "Europe/Berlin", "--count", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == ["2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00", "2026-03-31T02:30:00+02:00"])
    }

    @Test func oneShotSpecsPrintOneLine() throws {
        let bare = try AlarmctlRun(["next", "2:30", "--from", "2026-03-28T12:00:00+01:00", "--tz", "Europe/Berlin", "--count", "5"])
        #expect(bare.lines == ["2026-03-29T03:30:00+02:00"])
        let fixed = try AlarmctlRun(["next", "2026-06-09", "09:41", "--from", "2026-06-01T00:00:00Z", "--tz", "Europe/Berlin", "--count", "3"])
        #expect(fixed.lines == ["2026-06-09T09:41:00+02:00"])
        let countdown = try AlarmctlRun(["next", "1h30m", "--from", "2026-06-08T10:00:00Z", "--tz", "UTC"])
        #expect(countdown.lines == ["2026-06-08T11:30:00+00:00"])
        let tomorrow = try AlarmctlRun(["next", "tomorrow", "7am", "--from", "2026-06-08T23:30:00+02:00", "--tz", "Europe/Berlin"])
        #expect(tomorrow.lines == ["2026-06-09T07:00:00+02:00"])
    }

    @Test func zoneFromTZVariableWhenNoOption() throws {
        // Lord Howe springs forward 30 minutes at 02:00 on 2026-10-04.
        let run = try AlarmctlRun(["next", "daily", "2:15", "--from", "2026-10-03T12:00:00+10:30", "--count", "2"],
                                  tz: "Australia/Lord_Howe")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == ["2026-10-04T02:45:00+11:00", "2026-10-05T02:15:00+11:00"])
        let withColon = try AlarmctlRun(["next", "daily", "7:00", "--from", "2026-01-01T00:00:00Z"], tz: ":Asia/Kolkata")
        #expect(withColon.lines == ["2026-01-01T07:00:00+05:30"])
        let optionWins = try AlarmctlRun(["next", "daily", "7:00", "--from", "2026-01-01T00:00:00Z", "--tz", "UTC"], tz: "Asia/Kolkata")
        #expect(optionWins.lines == ["2026-01-01T07:00:00+00:00"])
        // A POSIX rule, as glibc takes it (ICU's TimeZone refused it): Berlin's, spelled out.
        let rule = try AlarmctlRun(["next", "daily", "2:30", "--from", "2026-03-28T12:00:00+01:00", "--count", "2"],
                                   tz: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(rule.lines == ["2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00"], "\(rule.stderr)")
        let path = try AlarmctlRun(["next", "daily", "7:00", "--from", "2026-01-01T00:00:00Z"], tz: ":/usr/share/zoneinfo/Asia/Tokyo")
        #expect(path.lines == ["2026-01-02T07:00:00+09:00"], "09:00 in Tokyo at --from")
    }

    @Test func apiaNeverRepeatsAnInstant() throws {
        let run = try AlarmctlRun(["next", "daily", "7:00", "--tz", "Pacific/Apia", "--from", "2011-12-29T08:00:00-10:00", "--count", "2"])
        #expect(run.lines == ["2011-12-31T07:00:00+14:00", "2012-01-01T07:00:00+14:00"])
    }

    @Test func withoutFromItCountsFromNow() throws {
        let before = Date()
        let run = try AlarmctlRun(["next", "10m", "--tz", "UTC"])
        #expect(run.status == 0)
        let formatter = ISO8601DateFormatter()
        let printed = try #require(formatter.date(from: run.lines.first ?? ""))
        #expect(printed >= before.addingTimeInterval(599) && printed <= Date().addingTimeInterval(601))
    }

    @Test(arguments: [
        (["next", "mno-fri", "6:30"], "unknown weekday 'mno' in 'mno-fri 6:30'"),
        (["next", "weekdays", "25:00"], "25:00: hour must be 0-23"),
        (["next", "daily", "7:00", "--tz", "Mars/Olympus"], "unknown time zone 'Mars/Olympus'"),
        (["next", "daily", "7:00", "--from", "yesterday"], "--from: can't read date 'yesterday'"),
        (["next", "daily", "7:00", "--count", "0"], "--count must be a whole number of at least 1"),
        (["next", "daily", "7:00", "--count", "many"], "--count must be a whole number of at least 1"),
        (["next"], "missing SPEC"),
        (["next", "2020-01-01", "09:00", "--tz", "UTC"], "already past"),
    ])
    func badInputExitsTwo(_ arguments: [String], _ message: String) throws {
        let run = try AlarmctlRun(arguments, tz: "UTC")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func badSpecShowsWhereWithCarets() throws {
        let run = try AlarmctlRun(["next", "mon,wed,frj", "7:00"], tz: "UTC")
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("  mon,wed,frj 7:00\n          ^^^\n"), "\(run.stderr)")
    }

    @Test func badTZVariableExitsTwo() throws {
        let run = try AlarmctlRun(["next", "daily", "7:00"], tz: "Bogus/Zone")
        #expect(run.status == 2)
        #expect(run.stderr.contains("TZ='Bogus/Zone'"))
    }
}
