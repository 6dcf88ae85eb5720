import Foundation
import Testing
import TestSupport

@testable import AlarmStore

/// A write that returned is on disk: kill -9 the writer at a random moment, reopen, and
/// every acknowledged save and delete is there.
///
/// The writer is a separate process, the `alarm-store-crashtest` executable of this package
/// (built by `swift test` next to the test bundle), because only a real process can be
/// killed mid-write; forking the test runner itself is not safe with its threads.
@Suite(.timeLimit(.minutes(3))) struct KillDurabilityTests {
    static var helper: URL { URL(fileURLWithPath: BuildProducts.path("alarm-store-crashtest")) }

    /// What the child reported before it died.
    struct ChildReport {
        var saved: Set<String> = []
        var deleted: Set<String> = []
        /// Deletes begun but not acknowledged: the kill may have come before or after commit.
        var deleting: Set<String> = []
        var lines = 0

        mutating func apply(_ line: Substring) {
            lines += 1
            if line.hasPrefix("?-") {
                deleting.insert(String(line.dropFirst(2)))
            } else if line.hasPrefix("+") {
                saved.insert(String(line.dropFirst()))
            } else if line.hasPrefix("-") {
                let id = String(line.dropFirst())
                deleted.insert(id)
                deleting.remove(id)
            }
        }
    }

    /// Starts the child on `database`, lets it acknowledge `atLeast` writes plus a random
    /// sliver of time, kills it with SIGKILL and returns what it acknowledged.
    func runAndKill(database: URL, atLeast: Int, into report: inout ChildReport, random: inout TestRandom) throws {
        let child = try Subprocess(Self.helper.path, [database.path], stdout: .pipe, stderr: .pipe)

        var pending = Data()
        var killed = false
        let linesBefore = report.lines
        while true {
            guard let chunk = child.readChunk(within: 60), !chunk.isEmpty else { break }  // EOF: the child is gone
            pending.append(chunk)
            // Only whole lines count; a line cut off by the kill was never acknowledged.
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                report.apply(Substring(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
            if !killed, report.lines - linesBefore >= atLeast {
                usleep(UInt32.random(in: 0...3000, using: &random))
                child.signal(SIGKILL)
                killed = true
            }
        }
        let termination = child.wait()
        let stderr = String(decoding: child.readToEnd(\.errors, within: 10), as: UTF8.self)
        #expect(killed, "the child stopped by itself: \(stderr)")
        #expect(termination == .signalled(SIGKILL), "\(stderr)")
    }

    @Test func everyAcknowledgedWriteSurvivesSIGKILL() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.helper.path),
                     "missing \(Self.helper.path): build it with `swift build --product alarm-store-crashtest`")
        let folder = try TemporaryFolder()
        defer { folder.remove() }

        var report = ChildReport()
        var random = TestRandom()
        for _ in 0..<4 {
            try runAndKill(database: folder.database, atLeast: Int.random(in: 40...200, using: &random), into: &report, random: &random)

            let (store, recovered) = try AlarmStore.open(at: folder.database)
            #expect(recovered == nil, "a kill must never corrupt the database: \(recovered!)")
            let loaded = try store.load()
            #expect(loaded.undecodable.isEmpty)
            let present = Set(loaded.records.map(\.id.uuidString))
            let mustBePresent = report.saved.subtracting(report.deleted).subtracting(report.deleting)
            #expect(mustBePresent.subtracting(present).isEmpty, "acknowledged saves lost: \(mustBePresent.subtracting(present))")
            #expect(present.intersection(report.deleted).isEmpty, "acknowledged deletes undone")
            #expect(mustBePresent.count > 10)
            try store.close()
        }
    }
}
