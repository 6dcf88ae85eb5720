import Foundation
import Testing
import TestSupport

/// The test harness's reads end at their deadline: a child that never closes its output (a hung
/// product) fails its test by name in seconds, and is killed, instead of blocking `swift test`.
@Suite(.timeLimit(.minutes(1))) struct SubprocessDeadlineTests {
    @Test func readToEndStopsAtItsDeadlineAndKillsTheChild() throws {
        let child = try Subprocess("/bin/sh", ["-c", "echo begun; exec sleep 60"], stdout: .pipe)
        let started = ContinuousClock.now
        var data = Data()
        withKnownIssue("the hung child is reported") { data = child.readToEnd(within: 1) }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(String(decoding: data, as: UTF8.self) == "begun\n", "what came before the deadline is kept")
        #expect(child.wait(within: 10) == .signalled(SIGKILL))
    }

    @Test func readChunkStopsAtItsDeadlineAndKillsTheChild() throws {
        let child = try Subprocess("/bin/sleep", ["60"], stdout: .pipe)
        var chunk: Data? = Data()
        withKnownIssue("the silent child is reported") { chunk = child.readChunk(within: 1) }
        #expect(chunk == nil)
        #expect(child.wait(within: 10) == .signalled(SIGKILL))
    }

    @Test func aChildThatEndsIsReadWhole() throws {
        let child = try Subprocess("/bin/sh", ["-c", "echo one; echo two >&2; echo three"], stdout: .pipe, stderr: .pipe)
        #expect(String(decoding: child.readToEnd(within: 10), as: UTF8.self) == "one\nthree\n")
        #expect(String(decoding: child.readToEnd(\.errors, within: 10), as: UTF8.self) == "two\n")
        #expect(child.readChunk(within: 10) == Data(), "at its end, an empty chunk")
        #expect(child.wait() == .exited(0))
    }
}
