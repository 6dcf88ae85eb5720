import Foundation
import LinuxSupport
import Testing

/// The one writer of the small state files kept outside SQLite (the volume an alarm raised,
/// the popups on screen): whole or not at all, never a temporary file left behind.
@Suite(.timeLimit(.minutes(2))) struct AtomicFileTests {
    let folder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-atomic-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()

    @Test(arguments: [false, true]) func replacesTheFileWholeAndLeavesNothingElse(durable: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/state.json"
        try AtomicFile.write(Array("first".utf8), to: path, durable: durable)
        let big = [UInt8](repeating: 0x61, count: 300_000)  // more than one write(2) may take
        try AtomicFile.write(big, to: path, durable: durable)
        #expect(AtomicFile.read(path, limit: 1 << 20) == big)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "private: \(String(mode, radix: 8))")
        #expect(AtomicFile.read(path, limit: 1000) == nil, "longer than the limit")
        #expect(AtomicFile.read(folder + "/missing") == nil)
    }

    @Test func aFailedWriteKeepsTheOldFileAndSaysWhy() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/state.json"
        try AtomicFile.write(Array("old".utf8), to: path, durable: true)
        // The temporary file's name is taken by a folder: the write cannot start.
        try FileManager.default.createDirectory(atPath: path + ".new", withIntermediateDirectories: false)
        #expect {
            try AtomicFile.write(Array("new".utf8), to: path, durable: true)
        } throws: { error in
            (error as? AtomicFile.Failure)?.description.hasPrefix("cannot write \(path).new: ") == true
        }
        #expect(AtomicFile.read(path) == Array("old".utf8))
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write([1], to: folder + "/no/such/folder/x", durable: false) }
    }
}
