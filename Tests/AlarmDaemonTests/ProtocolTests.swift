import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

/// The socket protocol: bad input gets an error reply and everyone keeps being served.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ProtocolTests {
    /// A raw client: bytes in, lines out.
    final class RawClient {
        let fd: Int32
        private var buffer: [UInt8] = []

        init(path: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            let address = try #require(UnixSocketAddress(path: path))
            let ok = address.withSockaddr { connect(fd, $0, $1) }
            guard ok == 0 else { throw POSIXError(.ECONNREFUSED) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        func write(_ text: String) {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { return }
                sent += n
            }
        }

        func readLine() -> [String: Any]? {
            guard let line = readRawLine() else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
        }

        /// The next line's bytes, without its newline; nil when the daemon closes or is silent for 5 s.
        func readRawLine() -> [UInt8]? {
            var scanned = 0
            while true {
                if let newline = buffer[scanned...].firstIndex(of: 10) {
                    let line = Array(buffer[..<newline])
                    buffer.removeSubrange(...newline)
                    return line
                }
                scanned = buffer.count
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { return nil }
                buffer += chunk[..<n]
            }
        }
    }

    private func errorCode(_ reply: [String: Any]?) -> String? { (reply?["error"] as? [String: Any])?["code"] as? String }

    @Test func malformedOversizedAndUnknownRequestsGetErrorsAndTheConnectionLivesOn() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let client = try RawClient(path: daemon.paths.socket)

        client.write("this is not json\n")
        #expect(errorCode(client.readLine()) == "malformed")

        client.write(#"{"v":1,"id":7,"op":"explode"}"# + "\n")
        let unknown = client.readLine()
        #expect(errorCode(unknown) == "malformed")
        #expect(unknown?["id"] as? Int == 7, "the reply carries the request's id when it can be read")

        client.write(#"{"v":99,"id":8,"op":"list"}"# + "\n")
        #expect(errorCode(client.readLine()) == "unsupportedVersion")

        client.write(#"{"v":1,"id":9,"op":"stop"}"# + "\n")
        #expect(errorCode(client.readLine()) == "malformed")

        client.write(#"{"v":1,"id":10,"op":"stop","alarm":"00000000-0000-0000-0000-000000000001"}"# + "\n")
        #expect(errorCode(client.readLine()) == "notFound")

        client.write(String(repeating: "x", count: AlarmProtocol.maxRequestBytes + 10_000) + "\n")
        #expect(errorCode(client.readLine()) == "tooLarge")

        // The same connection, and a new one, still work.
        client.write(#"{"v":1,"id":11,"op":"list"}"# + "\n")
        let reply = client.readLine()
        #expect(reply?["ok"] as? Bool == true && reply?["id"] as? Int == 11)
        #expect(try daemon.connect().send(.status).status != nil)
        #expect(daemon.exitStatus == nil, "the daemon is still running")
    }

    /// alarmd reads requests by hand and leaves the rest (here a newer client's field) to
    /// JSONDecoder: both kinds are answered alike, to the byte.
    @Test func requestsReadEitherWayGetTheSameReplies() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let client = try RawClient(path: daemon.paths.socket)
        func exchange(_ request: AlarmProtocol.Request, extra: String) throws -> String {
            var line = String(decoding: try AlarmProtocol.encoder().encode(request), as: UTF8.self)
            line.removeLast()
            client.write(line + extra + "}\n")
            return String(decoding: try #require(client.readRawLine()), as: UTF8.self)
        }
        let newer = #","futureField":{"nested":[1,{"deep":null}]}"#
        let first = makeRecord(title: "Same \"reply\" / ü", schedule: .fixed(Date().addingTimeInterval(3600)))
        var second = first
        second.id = UUID()
        let scheduled = try exchange(AlarmProtocol.Request(id: 5, op: .schedule, record: first), extra: "")
        let scheduledNewer = try exchange(AlarmProtocol.Request(id: 5, op: .schedule, record: second), extra: newer)
        #expect(scheduled.contains(#""ok":true"#))
        #expect(scheduledNewer.replacingOccurrences(of: second.id.uuidString, with: first.id.uuidString) == scheduled)
        for op in [AlarmProtocol.Operation.pause, .cancel, .stop] {
            let missing = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
            let request = AlarmProtocol.Request(id: 6, op: op, alarm: op == .pause ? first.id : missing)
            let reply = try exchange(request, extra: "")
            #expect(reply.contains(#""ok":false"#))
            #expect(try exchange(request, extra: newer) == reply, "\(op)")
        }
        let cancelled = try exchange(AlarmProtocol.Request(id: 7, op: .cancel, alarm: first.id), extra: "")
        let cancelledNewer = try exchange(AlarmProtocol.Request(id: 7, op: .cancel, alarm: second.id), extra: newer)
        #expect(cancelledNewer.replacingOccurrences(of: second.id.uuidString, with: first.id.uuidString) == cancelled)
    }

    @Test func badRecordsAreRefusedWithReasons() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nmax_per_app = 2\n")
        try daemon.start()
        let connection = try daemon.connect()
        func refusal(_ record: AlarmRecord) -> AlarmProtocol.ErrorReply.Code? {
            do {
                try connection.send(.schedule, record: record)
                return nil
            } catch {
                if case .refused(let reply) = error { return reply.code }
                return nil
            }
        }
        var big = makeRecord(title: "Big", preAlert: 60)
        big.metadata = String(repeating: "m", count: AlarmProtocol.maxMetadataBytes + 1)
        #expect(refusal(big) == .invalidConfiguration)
        var unsafe = makeRecord(title: "Unsafe", preAlert: 60)
        unsafe.sound.sound = .named("../../etc/passwd")
        #expect(refusal(unsafe) == .invalidConfiguration)
        #expect(refusal(makeRecord(title: "Past", schedule: .fixed(Date().addingTimeInterval(-60)))) == .neverFires)
        #expect(refusal(makeRecord(title: "Nothing")) == .neverFires)

        // The per-app cap.
        #expect(refusal(makeRecord(title: "One", preAlert: 60)) == nil)
        #expect(refusal(makeRecord(title: "Two", preAlert: 60)) == nil)
        #expect(refusal(makeRecord(title: "Three", preAlert: 60)) == .maximumLimitReached)
        #expect(refusal(makeRecord(title: "Other app", preAlert: 60, app: "other")) == nil)
        // An invalid transition.
        let scheduled = makeRecord(title: "Later", schedule: .fixed(Date().addingTimeInterval(3600)), app: "third")
        #expect(refusal(scheduled) == nil)
        #expect(throws: ConnectionError.self) { try connection.send(.countdown, alarm: scheduled.id) }
    }

    @Test func manyClientsAtOnceAndWatchersSeeEveryChange() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let watcher = try daemon.connect().watch()
        var iterator = watcher.makeAsyncIterator()
        let initial = await iterator.next()
        #expect(initial?.event == .alarms && initial?.alarms?.isEmpty == true)

        await withTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    guard let connection = try? daemon.connect() else { return }
                    for n in 0..<10 {
                        _ = try? connection.send(.schedule, record: makeRecord(title: "c\(client)-\(n)", schedule: .fixed(Date().addingTimeInterval(3600))))
                    }
                }
            }
        }
        #expect(try daemon.list().count == 80)
        var seen = 0
        while let message = await iterator.next() {
            if message.event == .alarms { seen = message.alarms?.count ?? 0 }
            if seen == 80 { break }
        }
        #expect(seen == 80, "the last push lists every alarm")
    }
}
