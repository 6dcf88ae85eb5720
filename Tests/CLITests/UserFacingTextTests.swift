import Foundation
import Testing

/// Every sentence alarmctl shows a person lives in Text (Sources/alarmctl/Text*.swift), so a
/// gettext layer can later translate alarmctl by changing Text alone. This scans the other
/// sources for string literals that read as words for people: two words, a capitalised word,
/// a "label: ", or a word beside a value ("scheduled \(id)"); "⏳ \(title)  \(clock)" is
/// layout, not a sentence. ArgumentParser's help declarations stay where they are. Names that are not
/// sentences (option names, protocol values, tools' output matched) are allowed below.
@Suite(.timeLimit(.minutes(2))) struct UserFacingTextTests {
    static let allowed: Set<String> = [
        "on PipeWire", "Default Sink:", "PipeWire", "PulseAudio",  // pactl's output, and server names
        "FLAC", "Ogg", "Opus", "MPEG", "AIFF",  // container names libsndfile reports
    ]

    static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/alarmctl")
    }

    @Test func noSentenceOutsideText() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sourceFolder.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Text") }.sorted()
        #expect(files.count > 20, "the scan sees alarmctl's sources")
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: Self.sourceFolder.appendingPathComponent(file), encoding: .utf8)
            for (line, literal) in Self.literals(in: source) where Self.readsAsSentence(literal) && !Self.allowed.contains(literal) {
                found.append("\(file):\(line): \"\(literal)\"")
            }
        }
        #expect(found.isEmpty, "move these into Text (Sources/alarmctl/Text*.swift):\n\(found.joined(separator: "\n"))")
    }

    /// alarmd's popups and the status lines it composes go through DaemonText; its log lines
    /// (`logger.…`) are for developers and stay.
    @Test func noPopupOrStatusSentenceOutsideDaemonText() throws {
        let folder = Self.sourceFolder.deletingLastPathComponent().appendingPathComponent("AlarmDaemon")
        var found: [String] = []
        for file in ["AlarmPresenter.swift", "ConsentPrompt.swift", "AlarmSounds.swift", "WakeTimer.swift", "DaemonMain.swift"] {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = source.components(separatedBy: "\n")
            for (line, literal) in Self.literals(in: source)
            where Self.readsAsSentence(literal) && !lines[line - 1].contains("logger.") {
                found.append("\(file):\(line): \"\(literal)\"")
            }
        }
        #expect(found.isEmpty, "move these into DaemonText (Sources/AlarmDaemon/DaemonText.swift):\n\(found.joined(separator: "\n"))")
    }

    /// The scan itself: it must catch a sentence, and leave layout and names alone.
    @Test func theScanCatchesSentencesAndLeavesLayout() {
        let sample = #"""
            print("scheduled \(id) '\(title)': \(status)")
            let a = "⏳ \(title)  \(Format.clock(left))   \(Text.countdownKeys)"
            // print("a comment is not output")
            @Option(help: "What the notification says.") var title: String?
            let b = AlarmButton(text: "Stop", textColor: .white)
            let c = ["urgency", "app-name"]
            print("""
                sound:    \(x)
                """)
            """#
        let hits = Self.literals(in: sample).filter { Self.readsAsSentence($0.text) }.map(\.line)
        #expect(hits == [1, 5, 8], "\(Self.literals(in: sample))")
    }

    static func readsAsSentence(_ text: String) -> Bool {
        text.range(of: #"[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}"#, options: .regularExpression) != nil
            || text.range(of: #"^[^A-Za-z]*[A-Z][a-z]+"#, options: .regularExpression) != nil
            || text.range(of: #"[A-Za-z]{2,}:[ \t]"#, options: .regularExpression) != nil
            || text.range(of: "[A-Za-z]{2,}[ \t]+\u{1}", options: .regularExpression) != nil  // "scheduled \(id)"
            || text.range(of: "\u{1}[ \t]+[A-Za-z]{2,}", options: .regularExpression) != nil  // "\(n) alarms"
    }

    /// String literals with their line numbers, interpolations and escapes removed; lines of a
    /// multi-line literal one by one. Comments, and ArgumentParser's `help:`, `abstract:` and
    /// `discussion:`, are skipped.
    static func literals(in source: String) -> [(line: Int, text: String)] {
        var result: [(line: Int, text: String)] = []
        var inBlock = false, skipBlock = false
        for (index, raw) in source.components(separatedBy: "\n").enumerated() {
            let line = index + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if inBlock {
                if trimmed.hasPrefix("\"\"\"") { inBlock = false; continue }
                if !skipBlock { result.append((line, stripped(trimmed))) }
                continue
            }
            if trimmed.hasPrefix("//") { continue }
            let declaration = ["help:", "abstract:", "discussion:"].contains { raw.contains($0) }
            if raw.hasSuffix("\"\"\"") || raw.hasSuffix("\"\"\")") && !raw.contains("\"\"\"\n") {
                if raw.components(separatedBy: "\"\"\"").count == 2 { inBlock = true; skipBlock = declaration; continue }
            }
            if declaration { continue }
            for text in singleLineLiterals(raw) { result.append((line, text)) }
        }
        return result
    }

    /// The literals on one line (nested ones in interpolations too).
    static func singleLineLiterals(_ line: String) -> [String] {
        var found: [String] = []
        let chars = Array(line)
        var i = 0
        func literal() -> String {  // after the opening quote; returns at the closing one
            var text = ""
            while i < chars.count {
                let c = chars[i]
                if c == "\"" { i += 1; return text }
                if c == "\\", i + 1 < chars.count {
                    if chars[i + 1] == "(" {
                        i += 2
                        var depth = 1
                        while i < chars.count, depth > 0 {
                            if chars[i] == "\"" { i += 1; found.append(literal()); continue }
                            if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth -= 1 }
                            i += 1
                        }
                        text += "\u{1}"  // where a value goes
                        continue
                    }
                    if chars[i + 1] == "u", let close = chars[i...].firstIndex(of: "}") { i = close + 1; continue }
                    i += 2
                    text += " "
                    continue
                }
                text.append(c)
                i += 1
            }
            return text
        }
        while i < chars.count {
            if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "/" { break }
            if chars[i] == "\"" { i += 1; found.append(literal()); continue }
            i += 1
        }
        return found
    }

    /// A line of a multi-line literal, interpolations and escapes removed.
    static func stripped(_ line: String) -> String {
        singleLineLiterals("\"" + line.replacingOccurrences(of: "\"", with: "'") + "\"").first ?? line
    }
}
