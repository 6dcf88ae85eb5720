import Foundation
import Testing
import TestSupport

/// Translations all the way down (docs/TRANSLATIONS.md): no user-facing string escapes
/// extraction, German is complete, and the real alarmctl speaks it. alarmd's German popup is
/// `GermanPopupTests` (AlarmDaemonTests, with the notification test server).
@Suite(.timeLimit(.minutes(3)), .tags(.products), .enabled(if: Translations.canRun, "needs gettext's xgettext, msgfmt and msgattrib (apt-get install gettext; scripts/setup)"))
struct TranslationTests {
    static let root = Translations.packageRoot

    /// (a) Every source file with a `tr("…")`/`trn(` call or a translatable .ui string is in
    /// po/POTFILES (or, not being for people, in po/POTFILES.skip), and every listed file exists.
    @Test func potfilesListEveryFileWithATranslatableString() throws {
        let listed = try Self.potfiles() + Self.potfiles("po/POTFILES.skip")
        var needed: [String] = []
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") || file.hasSuffix(".ui") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let translatable = file.hasSuffix(".ui")
                ? text.contains(#"translatable="yes""#)
                : !Self.trLiterals(in: text).isEmpty
            if translatable { needed.append("Sources/" + file) }
        }
        #expect(needed.count >= 9, "the scan sees the sources: \(needed)")
        let missing = needed.filter { !listed.contains($0) }.sorted()
        #expect(missing.isEmpty, "add these to po/POTFILES, then run scripts/update-po:\n\(missing.joined(separator: "\n"))")
        let gone = listed.filter { !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path) }
        #expect(gone.isEmpty, "po/POTFILES lists files that do not exist: \(gone)")
    }

    /// (a) xgettext, run as scripts/update-po runs it, finds every msgid the sources pass to
    /// tr/trn (Swift read as C must not have swallowed one), and po/de.po translates each: no
    /// msgid missing, untranslated or fuzzy (msgcmp), and msgfmt --check accepts it.
    @Test func everyMsgidIsExtractedAndTranslatedIntoGerman() throws {
        let pot = FileManager.default.temporaryDirectory.appendingPathComponent("oak-\(getpid())-fresh.pot").path
        defer { try? FileManager.default.removeItem(atPath: pot) }
        let update = try Subprocess.run(Self.root.appendingPathComponent("scripts/update-po").path, ["--pot", pot], environment: ChildEnvironment.base)
        try #require(update.termination.status == 0, "scripts/update-po --pot: \(update.stderr)")
        let extracted = Set(try Self.msgids(inPO: String(contentsOfFile: pot, encoding: .utf8)))
        #expect(extracted.count > 200, "xgettext found the catalog's strings: \(extracted.count)")

        var inSources: [String] = []
        for file in try Self.potfiles() where file.hasSuffix(".swift") {
            inSources += Self.trLiterals(in: try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8))
        }
        let notExtracted = Set(inSources).subtracting(extracted).sorted()
        #expect(notExtracted.isEmpty, "xgettext missed these msgids (write each as one single-line literal):\n\(notExtracted.joined(separator: "\n"))")

        let compare = try Subprocess.run("/usr/bin/msgcmp", [Self.root.appendingPathComponent("po/de.po").path, pot], environment: ChildEnvironment.base)
        #expect(compare.termination.status == 0, "po/de.po lacks translations (run scripts/update-po and translate):\n\(compare.stderr)")
        let fuzzy = try Subprocess.run("/usr/bin/msgattrib", ["--only-fuzzy", "--no-obsolete", Self.root.appendingPathComponent("po/de.po").path], environment: ChildEnvironment.base)
        #expect(fuzzy.stdout.isEmpty, "fuzzy entries in po/de.po:\n\(fuzzy.stdout)")
        let untranslated = try Subprocess.run("/usr/bin/msgattrib", ["--untranslated", "--no-obsolete", Self.root.appendingPathComponent("po/de.po").path], environment: ChildEnvironment.base)
        #expect(untranslated.stdout.isEmpty, "untranslated entries in po/de.po:\n\(untranslated.stdout)")
        let check = try Subprocess.run("/usr/bin/msgfmt", ["--check", "-o", "/dev/null", Self.root.appendingPathComponent("po/de.po").path], environment: ChildEnvironment.base)
        #expect(check.termination.status == 0, "msgfmt --check po/de.po: \(check.stderr)")
    }

    /// (b) The sentence files hold every sentence alarmctl and alarmd show (UserFacingTextTests
    /// keeps them there); in them, every literal that reads as a sentence is a tr/trn msgid.
    /// So a sentence is either translated or the scan fails. Not in the rule: help texts, which
    /// stay English (Text+NotifyHelp, DaemonText+Usage), and the literals named below.
    @Test func noSentenceInTheSentenceFilesEscapesTr() throws {
        let allowed: Set<String> = [
            // --version: the program's name and version.
            "alarmd \u{1}", "alarmctl \u{1}", "alarmctl notify \u{1} (notify-send 0.8.1 compatible)",
            // The window: English weekday names where the locale has none (C), its accelerators,
            // and its one stderr line before GTK starts.
            "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
            "<Control>q", "<Control>w", "<Control>question", "<Control>n", "<Alt>1", "<Alt>2",
            "openalarmkit-alarms: \u{1} ",
            // The supervisor's log line (DaemonText+Supervisor): for developers.
            "alarmd \u{1}, its \u{1}th crash within \u{1} min; not restarting it again. Alarms will not ring until it is started (alarmctl status starts it).",
        ]
        var files: [String] = []
        for folder in ["Sources/alarmctl", "Sources/AlarmDaemon"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
            files += names.filter { ($0.hasPrefix("Text") || $0.hasPrefix("DaemonText")) && $0.hasSuffix(".swift") }
                .filter { !$0.hasSuffix("Help.swift") && !$0.hasSuffix("+Usage.swift") }
                .map { folder + "/" + $0 }
        }
        // The window's sources (its words are in its model and its views), and the words it
        // shares with alarmctl.
        for folder in ["Sources/AlarmsApp", "Sources/AlarmsAppModel", "Sources/AlarmWords"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)) ?? []
            files += names.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }
        #expect(files.count >= 9, "\(files)")
        var found: [String] = []
        for file in files.sorted() {
            let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in source.components(separatedBy: "\n").enumerated() {
                let rest = Self.withoutTrCalls(line)
                guard !rest.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                for literal in UserFacingTextTests.singleLineLiterals(rest)
                where UserFacingTextTests.readsAsSentence(literal) && !allowed.contains(literal) {
                    found.append("\(file):\(index + 1): \"\(literal)\"")
                }
            }
        }
        #expect(found.isEmpty, "wrap these in tr(\"…\") (docs/TRANSLATIONS.md):\n\(found.joined(separator: "\n"))")
    }

    /// (b) for the modules whose words reach people without living in sentence files: CalDAV
    /// sync's errors (`alarmctl sync`, `status`), the iCalendar reader's refusals (`alarmctl
    /// import`), the client's connection errors, config problems, store errors (`status`), time
    /// spec errors (`alarmctl add`), sound errors, in German output too. Every file of the module
    /// is scanned; literals that are protocol rather than words (XML bodies, `Header: value`
    /// lines, an iCalendar PRODID) and log lines (`logger.`) are left out.
    ///
    /// What the scan still finds in a module is counted, and the count may only fall: a new
    /// English sentence anywhere fails here with its line, and a module that got cleaner fails
    /// until its count here is lowered to match (so the next sentence cannot take the freed
    /// place). AlarmSync's errors and AlarmCalendar's refusals reach people as typed values that
    /// alarmctl and the window word (`SyncText`, `RefusalText`); what the scan still finds there
    /// are the English `description`s the log uses, which it cannot tell from a person's words.
    /// The others are not translated yet (AlarmCore words errors without gettext, being the pure
    /// core: its words must be worded by its clients).
    static let untranslated: [String: (count: Int, why: String)] = [
        "AlarmSync": (45, "CalDAVError's and SyncPassword's descriptions are the log's English; people get SyncText's words (a malformed reply's detail too: the reply cap's, a listing's cap, libxml2's own error, until the protocol carries them typed)"),
        "AlarmCalendar": (603, "ICalendarError's descriptions are English; refusals reach people as RefusalText's words"),
        "AlarmClient": (10, "the client's connection errors are not translated yet"),
        "AlarmSystem": (47, "config problems are not translated yet"),
        "AlarmStore": (79, "store errors (status' storage line) are not translated yet"),
        "AlarmCore": (51, "time spec and lifecycle errors are worded in the pure core, without gettext: to be worded by its clients"),
        "AlarmAudio": (74, "sound errors beyond AudioError's are not translated yet"),
    ]

    @Test(arguments: ["AlarmSync", "AlarmCalendar", "AlarmClient", "AlarmSystem", "AlarmStore", "AlarmCore", "AlarmAudio"])
    func noSentenceInAModuleWhoseWordsReachPeopleEscapesTr(module: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count >= 5, "the scan sees \(module)'s sources: \(files)")
        let found = try Self.untranslatedSentences(in: folder, files: files, module: module)
        let allowed = Self.untranslated[module]?.count ?? 0
        let list = found.joined(separator: "\n")
        #expect(found.count <= allowed, Comment(rawValue: "\(found.count) sentences escape tr in \(module), \(allowed) allowed: wrap the new one in tr(\"…\") (docs/TRANSLATIONS.md):\n\(list)"))
        #expect(found.count >= allowed, "\(module) has \(found.count) untranslated sentences now, fewer than \(allowed): lower its count in TranslationTests.untranslated to \(found.count)")
    }

    static func untranslatedSentences(in folder: URL, files: [String], module: String) throws -> [String] {
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in source.components(separatedBy: "\n").enumerated() {
                let rest = Self.withoutTrCalls(line)
                guard !rest.trimmingCharacters(in: .whitespaces).hasPrefix("//"), !rest.contains("logger.") else { continue }
                for literal in UserFacingTextTests.singleLineLiterals(rest)
                where UserFacingTextTests.readsAsSentence(literal) && !Self.isProtocolText(literal) {
                    found.append("Sources/\(module)/\(file):\(index + 1): \"\(literal)\"")
                }
            }
        }
        return found
    }

    /// Text for a server or a file format, not for a person: an XML body, a header or property
    /// line (`Content-Type: …`, `Depth: `), a PRODID.
    static func isProtocolText(_ literal: String) -> Bool {
        literal.hasPrefix("<") || literal.hasPrefix("-//") || literal.range(of: #"^[A-Z][A-Za-z]*(-[A-Z][A-Za-z]*)*: "#, options: .regularExpression) != nil
    }

    /// The scan of (b) itself: a tr msgid passes, a bare sentence is caught.
    @Test func theTrScanCatchesABareSentence() {
        let bare = #"    static func x(_ a: String) -> String { "stopped \(a): gone" }"#
        let wrapped = #"    static func x(_ a: String) -> String { tr("stopped %s: gone", a) }"#
        let plural = #"    trn("Missed alarm", "%d missed alarms", count)"#
        #expect(UserFacingTextTests.singleLineLiterals(Self.withoutTrCalls(bare)).contains { UserFacingTextTests.readsAsSentence($0) })
        #expect(!UserFacingTextTests.singleLineLiterals(Self.withoutTrCalls(wrapped)).contains { UserFacingTextTests.readsAsSentence($0) })
        #expect(!UserFacingTextTests.singleLineLiterals(Self.withoutTrCalls(plural)).contains { UserFacingTextTests.readsAsSentence($0) })
        #expect(Self.trLiterals(in: wrapped + "\n" + plural) == ["stopped %s: gone", "Missed alarm", "%d missed alarms"])
        #expect(Self.isProtocolText("Content-Type: text/calendar") && Self.isProtocolText("<d:propfind xmlns:d=") && Self.isProtocolText("If-None-Match: *"))
        #expect(!Self.isProtocolText("TLS failure with \u{1}: check the server's certificate") && !Self.isProtocolText("SEQUENCE '' is not a number"))
    }

    /// (c) The real alarmctl and alarmd in German: messages, a table, an error, 24-hour times.
    @Test func alarmctlSpeaksGermanWithTwentyFourHourTimes() throws {
        let locale = try Translations.localeDirectory()
        let daemon = try CLIDaemon(extra: ["LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8", "OPENALARMKIT_LOCALEDIR": locale])
        try daemon.start()
        let added = try daemon.alarmctl("add", "mon,wed", "18:30", "--title", "Tee")
        #expect(added.status == 0, "\(added.err)")
        #expect(added.out.hasPrefix("gestellt: ") && added.out.contains("„Tee“: klingelt "), "\(added.out)")
        #expect(added.out.contains("18:30") && !added.out.contains("PM"), "24 h: \(added.out)")
        let id = String(try #require(added.out.split(separator: " ").dropFirst().first))

        let shown = try daemon.alarmctl("show", id).out
        #expect(shown.contains("Wiederholung: Mo, Mi"), "\(shown)")
        #expect(shown.contains("Uhrzeit:      18:30 Ortszeit"), "\(shown)")
        #expect(shown.contains("Zustand:      gestellt: klingelt "), "\(shown)")

        let list = try daemon.alarmctl("list").out
        #expect(list.hasPrefix("ID ") && list.contains("ZUSTAND") && list.contains("WIEDERHOLUNG"), "\(list)")

        let unknown = try daemon.alarmctl("stop", "Kaffee")
        #expect(unknown.status != 0)
        #expect(unknown.err.contains("alarmctl: kein Wecker hat die ID oder den Titel „Kaffee“"), "\(unknown.err)")

        let off = try daemon.alarmctl("disable", id).out
        #expect(off.contains("ausgeschaltet"), "\(off)")

        // LC_MESSAGES alone chooses the language of the words; the times follow LC_TIME.
        let messagesOnly = try daemon.alarmctl(with: ["LC_ALL": "", "LANGUAGE": "", "LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], "show", id).out
        #expect(messagesOnly.contains("Uhrzeit:      6:30 PM Ortszeit"), "\(messagesOnly)")
        // Without a catalog for the language, English.
        let english = try daemon.alarmctl(with: ["LANGUAGE": "", "LC_ALL": "en_US.UTF-8", "OPENALARMKIT_LOCALEDIR": "/nonexistent"], "show", id)
        #expect(english.out.contains("time:      6:30 PM local"), "\(english)")
    }

    // MARK: - Reading sources and catalogs

    static func potfiles(_ list: String = "po/POTFILES") throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(list), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The msgids of tr("…") and trn("…", "…", …) calls, Swift escapes undone.
    static func trLiterals(in source: String) -> [String] {
        let pattern = #/\btrn?\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?/#
        var found: [String] = []
        for match in source.matches(of: pattern) {
            let isPlural = source[match.range].hasPrefix("trn")
            found.append(unescape(String(match.output.1)))
            if isPlural, let plural = match.output.2 { found.append(unescape(String(plural))) }
        }
        return found
    }

    /// The line with each tr/trn call's literal msgids removed (their other arguments kept).
    static func withoutTrCalls(_ line: String) -> String {
        line.replacing(#/\btrn?\(\s*"(?:[^"\\]|\\.)*"(?:\s*,\s*"(?:[^"\\]|\\.)*")?/#, with: "tr(")
    }

    static func unescape(_ literal: String) -> String {
        var out = ""
        var escaped = false
        for c in literal {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// The msgids (and msgid_plurals) of a .po/.pot text, the header's "" left out.
    static func msgids(inPO text: String) -> [String] {
        var ids: [String] = []
        var current: String?
        func finish() {
            if let id = current, !id.isEmpty { ids.append(id) }
            current = nil
        }
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("msgid ") || line.hasPrefix("msgid_plural ") {
                finish()
                current = unescape(String(line.drop { $0 != "\"" }.dropFirst().dropLast()))
            } else if line.hasPrefix("\""), current != nil {
                current! += unescape(String(line.dropFirst().dropLast()))
            } else {
                finish()
            }
        }
        finish()
        return ids
    }
}
