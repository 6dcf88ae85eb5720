import Foundation
import Testing
import TestSupport

/// A rule every test suite in Tests/ keeps, checked on the sources so that a suite added by
/// anyone is caught at merge (docs/TESTING.md): a time limit (`@Suite(.timeLimit(.minutes(N)))`,
/// or on a free-standing `@Test`): a hang fails that one test by name in minutes instead of
/// eating CI's whole budget. (`.tags(.products)` on every test that drives alarmd or alarmctl is
/// checked where it can be seen whole, as the test runs: `BuildProducts.path`.)
@Suite(.timeLimit(.minutes(1))) struct SuiteTraitsTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func sourceFiles() throws -> [(target: String, path: String, text: String)] {
        var files: [(String, String, String)] = []
        let targets = try FileManager.default.contentsOfDirectory(atPath: testsFolder.path).sorted()
        for target in targets where !["Fixtures", "PortedClock", "TestSupport"].contains(target) {
            let folder = testsFolder.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                files.append((target, "\(target)/\(file)", text))
            }
        }
        return files
    }

    @Test func everySuiteAndFreeTestHasATimeLimit() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 100, "the scan sees the test sources: \(files.count)")
        var suites = 0
        var missing: [String] = []
        let scans = files.map { ($0, SwiftSourceScan($0.text)) }
        let limited = Set(scans.flatMap { $0.1.suites.filter { $0.attribute.contains(".timeLimit(") }.map(\.name) })
        for (file, scan) in scans {
            for suite in scan.suites {
                suites += 1
                if !suite.attribute.contains(".timeLimit(") { missing.append("\(file.path):\(suite.line): @Suite \(suite.name)") }
            }
            for test in scan.tests {
                if let owner = test.enclosingType {
                    if !limited.contains(owner) { missing.append("\(file.path):\(test.line): @Test in \(owner), which has no @Suite(.timeLimit(...))") }
                } else if !test.attribute.contains(".timeLimit(") {
                    missing.append("\(file.path):\(test.line): a free-standing @Test without .timeLimit(...)")
                }
            }
        }
        #expect(suites > 150, "the scan finds the suites: \(suites)")
        #expect(missing.isEmpty, "give these a time limit, e.g. @Suite(.timeLimit(.minutes(2))) (docs/TESTING.md):\n\(missing.joined(separator: "\n"))")
    }

    /// The scan itself: it finds an unlimited suite, an implicit one, a free test, and an
    /// untagged product suite, and reads strings and comments as such.
    @Test func theScanFindsWhatItLooksFor() {
        let source = #"""
            @Suite(.timeLimit(.minutes(1))) struct Limited {
                @Test func a() { let s = "@Suite struct Fake {"; _ = s } // @Suite struct Other
            }
            @Suite(.serialized) struct Unlimited {
                @Suite(.timeLimit(.minutes(2)), .tags(.products)) struct Nested {
                    @Test func b() throws { _ = try DaemonHarness() }
                }
            }
            struct Implicit {
                @Test func c() {}
            }
            @Test(.timeLimit(.minutes(1))) func free() {}
            @Test func freeWithout() {}
            """#
        let scan = SwiftSourceScan(source)
        #expect(scan.suites.map(\.name) == ["Limited", "Unlimited", "Nested"])
        #expect(scan.suites.map { $0.attribute.contains(".timeLimit(") } == [true, false, true])
        #expect(scan.suites[2].body.contains("DaemonHarness") && !scan.suites[0].body.contains("DaemonHarness"))
        #expect(scan.tests.map(\.enclosingType) == ["Limited", "Nested", "Implicit", nil, nil])
        #expect(scan.tests.map { $0.attribute.contains(".timeLimit(") } == [false, false, false, true, false])
    }
}

/// Just enough of a Swift reader for the rules above: the `@Suite` attributes with the type each
/// is on and that type's body, and each `@Test` with its innermost enclosing type. Comments and
/// string contents are blanked first, so that code quoted in a string is not read as code.
struct SwiftSourceScan {
    struct Suite { let name: String; let attribute: String; let body: String; let line: Int }
    struct TestAttribute { let attribute: String; let enclosingType: String?; let line: Int }
    private(set) var suites: [Suite] = []
    private(set) var tests: [TestAttribute] = []

    init(_ source: String) {
        let text = Array(source)
        let code = Self.blankingCommentsAndStrings(text)
        var types: [(name: String, body: Range<Int>)] = []
        // Every type declaration and its body.
        for match in Self.matches(of: #/\b(?:struct|class|enum|actor|extension)\s+([A-Za-z_][\w.]*)/#, in: code) {
            guard let open = code[match.end...].firstIndex(of: "{"), let close = Self.closing(code, from: open, "{", "}") else { continue }
            types.append((match.name.split(separator: ".").last.map(String.init) ?? match.name, open..<(close + 1)))
        }
        func line(_ index: Int) -> Int { code[..<index].filter { $0 == "\n" }.count + 1 }
        func attribute(at start: Int, name: Int) -> (text: String, end: Int) {
            var end = start + name
            if end < code.count, code[end] == "(", let close = Self.closing(code, from: end, "(", ")") { end = close + 1 }
            return (String(text[start..<end]), end)
        }
        for match in Self.matches(of: #/@Suite\b()/#, in: code) {
            let (attributeText, end) = attribute(at: match.start, name: 6)
            guard let type = types.first(where: { $0.body.lowerBound > end }) else { continue }
            // The body as code (strings and comments blanked): a name in a string is not a use.
            suites.append(Suite(name: type.name, attribute: attributeText, body: String(code[type.body]), line: line(match.start)))
        }
        for match in Self.matches(of: #/@Test\b()/#, in: code) {
            let (attributeText, _) = attribute(at: match.start, name: 5)
            let owner = types.filter { $0.body.contains(match.start) }.min { $0.body.count < $1.body.count }
            tests.append(TestAttribute(attribute: attributeText, enclosingType: owner?.name, line: line(match.start)))
        }
    }

    private static func matches(of regex: Regex<(Substring, Substring)>, in code: [Character]) -> [(start: Int, end: Int, name: String)] {
        let string = String(code)
        // Character offsets (the code array is indexed by Character).
        return string.matches(of: regex).map { match in
            (string.distance(from: string.startIndex, to: match.range.lowerBound),
             string.distance(from: string.startIndex, to: match.range.upperBound), String(match.output.1))
        }
    }

    private static func closing(_ code: [Character], from open: Int, _ opening: Character, _ closing: Character) -> Int? {
        var depth = 0
        for index in open..<code.count {
            if code[index] == opening { depth += 1 } else if code[index] == closing {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The source with comments and the contents of string literals (interpolations included)
    /// replaced by spaces, newlines kept: the same length, so offsets stay valid.
    static func blankingCommentsAndStrings(_ text: [Character]) -> [Character] {
        var out = text
        var index = 0
        func blank(_ range: Range<Int>) { for k in range where out[k] != "\n" { out[k] = " " } }
        func starts(_ s: String, at i: Int) -> Bool {
            let chars = Array(s)
            return i + chars.count <= text.count && Array(text[i..<(i + chars.count)]) == chars
        }
        /// A raw string (`#"…"#`, `##"""…"""##`) or a regex literal (`#/…/#`) starting at `start`:
        /// its contents and its end.
        func rawStringEnd(from start: Int) -> (contents: Range<Int>, end: Int)? {
            var hashes = 0
            while start + hashes < text.count, text[start + hashes] == "#" { hashes += 1 }
            let quote = start + hashes
            // `#/…/#` is an extended regex literal: its text is not code either.
            guard quote < text.count, text[quote] == "\"" || (hashes > 0 && text[quote] == "/") else { return nil }
            let delimiter = String(text[quote])
            let multiline = starts("\"\"\"", at: quote)
            let opening = multiline ? 3 : 1
            let terminator = String(repeating: delimiter, count: opening) + String(repeating: "#", count: hashes)
            var end = quote + opening
            while end < text.count, !starts(terminator, at: end) {
                if !multiline, text[end] == "\n" { break }
                end += 1
            }
            return ((quote + opening)..<end, min(end + terminator.count, text.count))
        }
        while index < text.count {
            if starts("//", at: index) {
                let end = text[index...].firstIndex(of: "\n") ?? text.count
                blank(index..<end)
                index = end
            } else if starts("/*", at: index) {
                var end = index + 2
                while end < text.count, !starts("*/", at: end) { end += 1 }
                end = min(end + 2, text.count)
                blank(index..<end)
                index = end
            } else if text[index] == "#", let raw = rawStringEnd(from: index) {
                blank(raw.contents)
                index = raw.end
            } else if starts("\"\"\"", at: index) {
                var end = index + 3
                while end < text.count, !starts("\"\"\"", at: end) { end += 1 }
                blank((index + 3)..<end)
                index = min(end + 3, text.count)
            } else if text[index] == "\"" {
                var end = index + 1, depth = 0
                while end < text.count, text[end] != "\n" {
                    if text[end] == "\\", end + 1 < text.count {
                        if text[end + 1] == "(" { depth += 1 }
                        end += 2
                        continue
                    }
                    if depth > 0, text[end] == "(" { depth += 1 } else if depth > 0, text[end] == ")" { depth -= 1 } else if depth == 0, text[end] == "\"" { break }
                    end += 1
                }
                blank((index + 1)..<end)
                index = end + 1
            } else {
                index += 1
            }
        }
        return out
    }
}
