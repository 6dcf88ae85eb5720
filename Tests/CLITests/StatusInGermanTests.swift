import Foundation
import Testing
import TestSupport

/// `alarmctl status` in German: alarmd sends values (a device and its state, a notification
/// server or none, whether and why it cannot wake the machine), and alarmctl words each one, so
/// no English word of alarmd's reaches a German reader. alarmd runs without CAP_WAKE_ALARM
/// (dropped with setpriv when the tests run as root), so the longest value, the advice on how
/// to grant it, is there to be read.
@Suite(.timeLimit(.minutes(5)), .tags(.products), .enabled(if: Translations.canRun, "needs gettext's msgfmt (apt-get install gettext; scripts/setup)"))
struct StatusInGermanTests {
    static let german = ["LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8"]

    /// The lowercase words of a text (sentence words; names, paths and commands are not words:
    /// they hold `/`, `_`, `=`, `$`, `+`, `.` or capitals).
    static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "()„“‚‘'\":,;")) }
            .filter { !$0.isEmpty && $0.allSatisfy { $0.isLowercase && $0.isLetter } })
    }

    @Test func everyValueIsWordedInGermanWithNoEnglishFromTheWire() throws {
        let daemon = try CLIDaemon(extra: ["OPENALARMKIT_LOCALEDIR": try Translations.localeDirectory()])
        let dropWake = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        try daemon.start(launcher: dropWake ? ["/usr/bin/setpriv", "--bounding-set=-wake_alarm"] : [])
        defer { daemon.stop() }

        let english = try daemon.alarmctl("status")
        let german = try daemon.alarmctl(with: Self.german, "status")
        #expect(english.status == 0 && german.status == 0, "\(english.err)\(german.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(daemon.alarmctl("status", "--json").out.utf8)) as? [String: Any])
        let wake = try #require(json["wake"] as? [String: Any], "alarmd sends whether it can wake the machine")
        let canWake = wake["able"] as? Bool == true

        // The values, each in German.
        #expect(german.out.contains("\nTon:                null (lässt sich öffnen)\n"), "\(german.out)")
        #expect(german.out.contains("\nBenachrichtigungen: Terminal (kein Benachrichtigungsdienst)\n"), "\(german.out)")
        if canWake {
            #expect(german.out.contains("\nWecken aus dem Ruhezustand: ja (CAP_WAKE_ALARM)\n"), "\(german.out)")
        } else {
            #expect(german.out.contains("\nWecken aus dem Ruhezustand: nein: alarmd fehlt CAP_WAKE_ALARM"), "\(german.out)")
            #expect(english.out.contains("\nwake from suspend: no: alarmd lacks CAP_WAKE_ALARM"), "\(english.out)")
        }

        // No English word: every word of the English report is gone from the German one, but
        // for the names they share (the device, the daemon, the commands to run).
        let names: Set = ["null", "alarmd", "sudo", "setcap", "systemd"]
        let englishWords = Self.words(english.out).subtracting(names)
        #expect(englishWords.count >= 8, "the English report has sentences: \(englishWords.sorted())")
        let left = Self.words(german.out).intersection(englishWords)
        #expect(left.isEmpty, "English words in the German status: \(left.sorted())\n\(german.out)")
    }
}
