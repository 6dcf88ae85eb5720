import Foundation
import Testing
import TestSupport

/// Weekday names in the person's locale (glibc's compiled de_DE and en_US, from scripts/setup),
/// besides English's: `add montag 7:00` under LC_ALL=de_DE.UTF-8.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct LocaleWeekdayTests {
    /// `alarmctl next` under `locale`, from a fixed Wednesday, in UTC.
    /// Its words are English unless `catalogs` (then the language of `locale`).
    private func next(_ locale: String, _ spec: String, catalogs: Bool = false) throws -> (status: Int32, out: String, err: String) {
        var environment = ChildEnvironment.base
        environment["LC_ALL"] = locale
        if catalogs { environment["OPENALARMKIT_LOCALEDIR"] = try Translations.localeDirectory() }
        let arguments = ["next", "--tz", "UTC", "--from", "2026-06-10T12:00:00Z", "--count", "3"] + spec.split(separator: " ").map(String.init)
        let run = try Subprocess.run(BuildProducts.path("alarmctl"), arguments, environment: environment)
        return (run.termination.status, run.stdout, run.stderr)
    }

    @Test(arguments: [
        ("montag 7:00", "2026-06-15T07:00:00+00:00\n2026-06-22T07:00:00+00:00\n2026-06-29T07:00:00+00:00\n"),
        ("MONTAG 7:00", "2026-06-15T07:00:00+00:00\n2026-06-22T07:00:00+00:00\n2026-06-29T07:00:00+00:00\n"),
        ("Mo-Fr 6:30", "2026-06-11T06:30:00+00:00\n2026-06-12T06:30:00+00:00\n2026-06-15T06:30:00+00:00\n"),
        ("sa, so 9:00", "2026-06-13T09:00:00+00:00\n2026-06-14T09:00:00+00:00\n2026-06-20T09:00:00+00:00\n"),
        ("Donnerstag 18:00", "2026-06-11T18:00:00+00:00\n2026-06-18T18:00:00+00:00\n2026-06-25T18:00:00+00:00\n"),
        ("thursday 18:00", "2026-06-11T18:00:00+00:00\n2026-06-18T18:00:00+00:00\n2026-06-25T18:00:00+00:00\n"),
    ])
    func germanNamesUnderDeDE(spec: String, fires: String) throws {
        let run = try next("de_DE.UTF-8", spec)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == fires)
    }

    @Test func englishNamesUnderEnUSAndGermanOnesRefused() throws {
        let monday = try next("en_US.UTF-8", "Monday 7:00")
        #expect(monday.status == 0 && monday.out.hasPrefix("2026-06-15T07:00:00+00:00\n"), "\(monday.err)")
        let german = try next("en_US.UTF-8", "montag 7:00")
        #expect(german.status == 2)
        #expect(german.err.hasPrefix("alarmctl next: unknown day 'montag' in 'montag 7:00' (use today, tomorrow, a date like 2026-06-09, mon, tue, ..., or daily, weekdays, weekends)\n"))
    }

    /// In the locale's language too: de_DE's words, and its spellings among the advice.
    @Test(.enabled(if: Translations.canRun, "needs gettext's msgfmt (apt-get install gettext; scripts/setup)"))
    func anUnknownWordNamesTheLocalesSpellings() throws {
        let english = try next("de_DE.UTF-8", "Mo,Mx 7:00")
        #expect(english.err == "alarmctl next: unknown weekday 'Mx' in 'Mo,Mx 7:00' (use mon, tue, ..., Mo, Di, ..., or daily, weekdays, weekends)\n  Mo,Mx 7:00\n     ^^\n")
        let run = try next("de_DE.UTF-8", "Mo,Mx 7:00", catalogs: true)
        #expect(run.status == 2)
        #expect(run.err == "alarmctl next: unbekannter Wochentag „Mx“ in „Mo,Mx 7:00“ (z. B. mon, tue, ..., Mo, Di, ..., oder täglich, werktags, am Wochenende)\n  Mo,Mx 7:00\n     ^^\n")
    }

    @Test func addMontagUnderAGermanLocale() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let add = try daemon.alarmctl(with: ["LC_ALL": "de_DE.UTF-8"], "add", "montag", "7:00", "--title", "Wecker")
        #expect(add.status == 0, "\(add.err)")
        let alarm = try #require(try daemon.alarms().first)
        let schedule = (alarm["schedule"] as? [String: Any])?["relative"] as? [String: Any]
        #expect((schedule?["repeats"] as? [String: Any])?["weekly"] as? [String] == ["mon"])
    }
}
