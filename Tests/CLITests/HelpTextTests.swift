import Foundation
import Testing
import TestSupport

/// Help texts wrap as sentences: the argument parser wraps each paragraph to the terminal, so a
/// hard line break inside one ("every 2\nweeks" on an 80-column terminal) is a mid-phrase break.
/// Every subcommand's help is read at 1,000 columns, where each paragraph must be one line.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct HelpTextTests {
    /// The lines from OVERVIEW to USAGE of `alarmctl WORDS --help`.
    static func overview(_ words: [String]) throws -> (text: String, paragraphs: [[String]]) {
        var environment = ChildEnvironment.base
        environment["COLUMNS"] = "1000"
        let run = try Subprocess.run(BuildProducts.path("alarmctl"), words + ["--help"], environment: environment)
        #expect(run.termination == .exited(0), "\(words): \(run.stderr)")
        let lines = run.stdout.components(separatedBy: "\n")
        let head = lines.prefix { !$0.hasPrefix("USAGE:") }
        var paragraphs: [[String]] = [[]]
        for line in head {
            if line.isEmpty { paragraphs.append([]) } else { paragraphs[paragraphs.count - 1].append(line) }
        }
        return (run.stdout, paragraphs.filter { !$0.isEmpty })
    }

    static func subcommands(of text: String) -> [String] {
        // The section's rows, up to its first blank line: "  name, alias   What it does."
        guard let start = text.range(of: "SUBCOMMANDS:\n") else { return [] }
        return text[start.upperBound...].components(separatedBy: "\n").prefix { !$0.isEmpty }.compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = line.dropFirst(2).split(separator: " ").first else { return nil }
            return String(first.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
        }
    }

    @Test func everyParagraphOfEveryHelpIsOneLineAtAnyWidth() throws {
        var pending: [[String]] = [[]], seen = 0, broken: [String] = []
        while let words = pending.popLast(), seen < 200 {
            // `notify --help` is notify-send's text, kept as notify-send writes it.
            guard words != ["notify"] else { continue }
            let (text, paragraphs) = try Self.overview(words)
            seen += 1
            for paragraph in paragraphs where paragraph.count > 1 {
                broken.append("alarmctl \(words.joined(separator: " ")) --help: \(paragraph.joined(separator: "⏎"))")
            }
            pending += Self.subcommands(of: text).filter { $0 != "help" }.map { words + [$0] }
        }
        #expect(seen > 25, "the walk reaches every subcommand: \(seen)")
        #expect(broken.isEmpty, "a paragraph broken by hand (end its lines with \\ in the source):\n\(broken.joined(separator: "\n"))")
    }
}
