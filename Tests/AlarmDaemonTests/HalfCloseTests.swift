import AlarmClient
import Foundation
import OpenAlarmKit
import Testing

/// A client that sends `list` and shuts down its write side: the reply it reads to the end of
/// file is the very bytes a client that keeps its socket open reads, newline included (a large
/// one, ~600 KB, where a byte short would show; docs/RELIABILITY.md).
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct HalfCloseTests {
    /// Every byte until the daemon closes (or 10 s of silence).
    private func readToEnd(_ fd: Int32) -> [UInt8] {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// One line's bytes, without its newline.
    private func readLine(_ fd: Int32) -> [UInt8]? {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = bytes.firstIndex(of: 0x0A) { return Array(bytes[..<newline]) }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return nil }
            bytes += chunk[..<n]
        }
    }

    private func connect(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let address = try #require(UnixSocketAddress(path: path))
        guard address.withSockaddr({ Glibc.connect(fd, $0, $1) }) == 0 else { throw POSIXError(.ECONNREFUSED) }
        return fd
    }

    private func send(_ text: String, on fd: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            sent += n
        }
    }

    @Test func aHalfClosedClientReadsTheWholeReplyToTheLastByte() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        // ~600 KB of list, as the harness had: 1,200 alarms of ~500 bytes.
        let setup = try ProtocolTests.RawClient(path: daemon.paths.socket)
        let encoder = AlarmProtocol.encoder()
        var lines = ""
        for n in 0..<1200 {
            let record = makeRecord(title: "alarm \(n) " + String(repeating: "x", count: n % 97), schedule: .fixed(Date().addingTimeInterval(86400 + Double(n))))
            lines += String(decoding: try encoder.encode(AlarmProtocol.Request(id: n, op: .schedule, record: record)), as: UTF8.self) + "\n"
        }
        setup.write(lines)
        for _ in 0..<1200 { _ = setup.readLine() }

        let request = #"{"v":1,"id":5,"op":"list"}"#
        let open = try connect(daemon.paths.socket)
        defer { close(open) }
        send(request + "\n", on: open)
        let full = try #require(readLine(open), "the reply to a client that stays open")
        #expect(full.count > 500_000, "\(full.count) bytes")

        // Read at once, read after the daemon saw the end of file, with and without a newline.
        for (newline, pause) in [(true, 0), (false, 0), (true, 300), (false, 300)] {
            let fd = try connect(daemon.paths.socket)
            defer { close(fd) }
            send(request + (newline ? "\n" : ""), on: fd)
            shutdown(fd, Int32(SHUT_WR))
            if pause > 0 { try await Task.sleep(for: .milliseconds(pause)) }
            let got = readToEnd(fd)
            #expect(got.count == full.count + 1, "\(got.count) bytes of \(full.count + 1) (newline: \(newline), pause: \(pause) ms)")
            #expect(got.last == 0x0A, "ends with its newline")
            #expect(Array(got.dropLast()) == full, "the same bytes as the open client's")
        }
    }
}
