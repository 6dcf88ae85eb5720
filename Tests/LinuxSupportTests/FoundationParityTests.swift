// The helpers replace corelibs Foundation calls in the binaries; Foundation itself is the
// oracle here (tests may link it), so a difference in any case below is a behaviour change.
import Foundation
import LinuxSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct FoundationParityTests {
    static let paths = [
        "", "/", "/a", "/a/", "ab", "ab/", "/a/b.c", "/a//b.c/", "a/b", "b.c", ".profile", "/x/.profile",
        "/x/y.tar.gz", "/x/y.", "/x/..", "/x/.", "..", "/x/a..b", "/usr/share/sounds/alarm.oga",
        "~/Music/wake up.flac", "/ü/ñ.wav",
    ]

    @Test(arguments: paths) func pathComponentsMatchNSString(path: String) {
        let ns = path as NSString
        #expect(path.lastPathComponent == ns.lastPathComponent)
        #expect(path.deletingLastPathComponent == ns.deletingLastPathComponent)
        #expect(path.pathExtension == ns.pathExtension)
        #expect(path.deletingPathExtension == ns.deletingPathExtension)
    }

    // Where corelibs Foundation is wrong (it traps on a one-character relative path, and
    // makes "//" empty), the answer Darwin's NSString gives.
    @Test func pathsFoundationOnLinuxGetsWrong() {
        #expect("a".lastPathComponent == "a")
        #expect("a".deletingLastPathComponent == "")
        #expect(".".pathExtension == "")
        #expect("//".lastPathComponent == "/")
        #expect("//".deletingLastPathComponent == "/")
    }

    @Test(arguments: ["", "  ", " a ", "\ta b\t", "\n x \r\n", "a", "\u{00A0}a\u{2003}", "[section] "])
    func trimmedMatchesWhitespacesAndNewlines(text: String) {
        #expect(text.trimmed() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.trimmed { "[] ".contains($0) } == text.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")))
    }

    @Test(arguments: [("", 3), ("ab", 5), ("abcdef", 4), ("abc", 3)])
    func paddedMatchesPadding(text: String, length: Int) {
        #expect(text.padded(to: length) == text.padding(toLength: length, withPad: " ", startingAt: 0))
    }

    @Test(arguments: [(7, 2), (42, 2), (123, 2), (0, 3), (5, 0)])
    func leftPaddedMatchesZeroPaddedFormat(value: Int, width: Int) {
        #expect(String(value).leftPadded(to: width, with: "0") == String(format: "%0\(max(width, 1))d", value))
    }

    @Test func cFormatMatchesStringFormat() {
        #expect(String(cFormat: "%d:%02d:%02d", 1, 2, 3) == String(format: "%d:%02d:%02d", 1, 2, 3))
        #expect(String(cFormat: "%.2f s", 2.345) == String(format: "%.2f s", 2.345))
        #expect(String(cFormat: "%d:%04.1f", 3, 7.25) == String(format: "%d:%04.1f", 3, 7.25))
        #expect(String(cFormat: "%.6f\n", 1_764_000_000.123456) == String(format: "%.6f\n", 1_764_000_000.123456))
        let long = String(repeating: "x", count: 300)
        #expect(String(cFormat: "\(long)%d", 42) == long + "42")  // longer than the first buffer
    }

    @Test func executablePathIsThisProcess() {
        #expect(executablePath() == Bundle.main.executablePath)
    }

    @Test func toolOutputReadsStdoutAndStatus() {
        #expect(toolOutput("/bin/sh", ["-c", "printf 'a\\nb'; echo noise >&2"]) == "a\nb")
        #expect(toolOutput("/bin/sh", ["-c", "echo out; exit 3"]) == nil)
        #expect(toolOutput("/nonexistent/tool", []) == nil)
    }

    @Test func detachedThreadRunsWithItsName() async {
        let name = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            DetachedThread.start(name: "a-name-longer-than-15") {
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                done.resume(returning: comm.trimmed())
            }
        }
        #expect(name == "a-name-longer-t")
    }

    @Test func lockExcludes() async {
        final class Counter: @unchecked Sendable { let lock = Lock(); var value = 0 }
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } } }
            }
        }
        #expect(counter.value == 40_000)
    }
}
