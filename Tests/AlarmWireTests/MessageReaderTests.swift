import Foundation
import Testing
@testable import AlarmWire

/// The fast protocol reader must agree with JSONDecoder, the reference: on what the daemon
/// writes it must read exactly what JSONDecoder reads (and not give up, or lists are slow), and
/// on anything else it may give up (nil: JSONDecoder decides) but never read something else.
@Suite(.timeLimit(.minutes(1))) struct MessageReaderTests {
    private func fast(_ json: String) -> AlarmProtocol.Message? { read(Array(json.utf8)) }

    private func read(_ bytes: [UInt8]) -> AlarmProtocol.Message? {
        bytes.withUnsafeBytes { MessageReader.message($0) }
    }

    private func reference(_ json: String) -> AlarmProtocol.Message? {
        try? AlarmProtocol.decoder().decode(AlarmProtocol.Message.self, from: Data(json.utf8))
    }

    private func encoded(_ message: AlarmProtocol.Message) throws -> String {
        String(decoding: try AlarmProtocol.encoder().encode(message), as: UTF8.self)
    }

    /// The contract for any input: give up, or read what JSONDecoder reads.
    private func expectAgrees(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let fast = fast(json) else { return }
        let reference = reference(json)
        #expect(reference != nil, "read what JSONDecoder refuses: \(json.debugDescription)", sourceLocation: sourceLocation)
        #expect(fast == reference, "read differently from JSONDecoder: \(json.debugDescription)", sourceLocation: sourceLocation)
    }

    private func listReply(_ records: [AlarmRecord], id: Int = 7, more: Bool? = nil) -> AlarmProtocol.Message {
        var message = AlarmProtocol.Message(id: id, ok: true)
        message.alarms = records
        message.more = more
        return message
    }

    @Test func readsEveryKindOfRecordAsJSONDecoderDoes() throws {
        let message = listReply(RecordSamples.everyKind)
        let json = try encoded(message)
        let read = try #require(fast(json), "the fast reader gave up on: \(json)")
        #expect(read == reference(json))
        #expect(read == message)
    }

    @Test func readsRandomRecordsAsJSONDecoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x0A1A_4D5E)
        for round in 0..<300 {
            let records = (0..<Int.random(in: 0...4, using: &random)).map { _ in RecordSamples.record(&random) }
            let json = try encoded(listReply(records, id: round, more: random.chance(50) ? true : nil))
            let read = try #require(fast(json), "round \(round): the fast reader gave up on: \(json)")
            #expect(read == reference(json), "round \(round): \(json)")
        }
    }

    @Test func readsEventsAndSingleRecords() throws {
        var event = AlarmProtocol.Message(event: .alarms)
        event.alarms = []
        var sounding = AlarmProtocol.Message(event: .sounding)
        sounding.alarm = UUID()
        sounding.firedFor = Date(timeIntervalSince1970: 1_795_681_752.860_334_9)
        sounding.firstFrame = Date(timeIntervalSince1970: 1_795_681_752.9)
        var intent = AlarmProtocol.Message(event: .intent)
        intent.alarm = UUID()
        intent.intent = #"{"type":"Stop \"it\""}"#
        var missed = AlarmProtocol.Message(event: .missed)
        missed.record = RecordSamples.everyKind[3]
        missed.reason = "ringTimeout"
        var done = AlarmProtocol.Message(id: 3, ok: true)
        done.alarm = UUID()
        for message in [event, sounding, intent, missed, done] {
            let json = try encoded(message)
            #expect(fast(json) == message, "\(json)")
        }
    }

    /// Every member a message has, the cold values (status, missed, apps, intents) too: the
    /// client has no other reader.
    @Test func readsEveryKindOfMessage() throws {
        var warning = AlarmProtocol.Message(id: 2, ok: true)
        warning.warning = "not yet durable: disk full"
        let failure = AlarmProtocol.Message.failure(id: 3, .init(.notFound, "no alarm"))
        var status = AlarmProtocol.Message(id: 4, ok: true)
        status.status = .init(version: "0.3", pid: 42, timeZone: "Europe/Berlin", alarmCount: 3, audioDevice: "default", notifications: "dunst", defaultSnooze: 540)
        var missed = AlarmProtocol.Message(id: 5, ok: true)
        missed.missed = [.init(alarm: UUID(), title: "Tea", dueAt: Date(timeIntervalSince1970: 1_795_681_752.5), reason: "tooLate", recordedAt: Date(timeIntervalSince1970: 1_795_681_753))]
        var apps = AlarmProtocol.Message(id: 6, ok: true)
        apps.apps = [AppSummary(
            app: "org.example.clock", displayName: "Clock", usageDescription: nil, authorization: .denied, decidedAt: nil,
            alarmCount: 2, pendingIntents: 1, launch: nil)]
        var authorization = AlarmProtocol.Message(event: .authorization)
        authorization.app = "org.example.clock"
        authorization.authorization = .authorized
        var intents = AlarmProtocol.Message(id: 7, ok: true)
        intents.intents = [PendingIntent(
            id: UUID(), app: "a", alarm: UUID(), button: "stop", intent: EncodedIntent(typeName: "T", mangledTypeName: "M", parameters: ["n": "1"]),
            pressedAt: Date(timeIntervalSince1970: 1_795_681_752), expiresAt: Date(timeIntervalSince1970: 1_795_681_852))]
        for message in [warning, failure, status, missed, apps, authorization, intents] {
            let json = try encoded(message)
            #expect(fast(json) == message, "\(json)")
        }
    }

    /// An older client reads a newer daemon's reply: members it does not know, at the top, in
    /// a record, in an error, nested however they nest (within the limit), are passed over.
    @Test func skipsMembersOfANewerDaemon() throws {
        var list = AlarmProtocol.Message(id: 8, ok: true)
        list.alarms = [RecordSamples.everyKind[0]]
        let plain = try encoded(list)
        let newer = plain
            .replacingOccurrences(of: #"{"alarms":[{"#, with: #"{"alarms":[{"label":{"text":"x","tags":[1,2.5e3,null,true,{"a":[]}]},"#)
            .replacingOccurrences(of: #","v":1}"#, with: #","v":1,"quota":{"left":3},"hints":["a\"b"]}"#)
        #expect(newer != plain)
        #expect(fast(newer) == list)
        let error = #"{"error":{"code":"notFound","hint":"try list","message":"no alarm"},"id":3,"ok":false,"retryAfter":0.5,"v":1}"#
        #expect(fast(error) == .failure(id: 3, .init(.notFound, "no alarm")))

        // Nesting is bounded: 31 levels are skipped, 33 are refused (no reader recurses deeper).
        func nested(_ depth: Int) -> String {
            #"{"id":1,"ok":true,"future":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + #","v":1}"#
        }
        #expect(fast(nested(31)) == AlarmProtocol.Message(id: 1, ok: true))
        #expect(fast(nested(33)) == nil)
        // A skipped member is still JSON, its key still a valid name.
        #expect(fast(#"{"id":1,"ok":true,"future":[1,],"v":1}"#) == nil)
        #expect(fast("{\"id\":1,\"ok\":true,\"fut\u{01}ure\":1,\"v\":1}") == nil)
    }

    @Test(arguments: [
        // Not JSON.
        #"{"id":1,"ok":true}"#, #"{"v":1.0,"id":1}"#, #"{"v":1,"id":1,"v":1}"#,
        #"{"v":1,"id":01,"ok":true}"#, #"{"id":+1,"ok":true}"#, #"{"id":1,"ok":true,}"#, #"{"id":1 "ok":true}"#,
        #"{"id":1,"ok":tru}"#, #"{"id":1,"ok":true}x"#, #"{"id":1,"ok":true}}"#, #"{"id":1.,"ok":true}"#, #"{"id":-,"ok":true}"#,
        #"{"id":1,"ok":true"#, #"{"id""#, "", " ", "[]", "null", #"{"alarms":[}"#, #"{"alarms":[,]}"#,
        // JSON, but not as expected.
        #"{"id":1.0,"ok":true}"#, #"{"id":1e0,"ok":true}"#, #"{"id":"1","ok":true}"#, #"{"id":1,"ok":1}"#, #"{"id":1,"id":2}"#,
        #"{"id":99999999999999999999}"#, #"{"id":null}"#, #"{"ok":null}"#, #"{"alarms":null}"#, #"{"alarms":{}}"#, #"{"alarms":[null]}"#,
        #"{"event":"hibernate"}"#, #"{"alarm":"E621E1F8-C36C-495A-93FC-0C247A3E6E5"}"#, #"{"alarm":"E621E1F8-C36C-495A-93FC-0C247A3E6E5FF"}"#,
        #"{"alarm":"E621E1F8-C36C-495A-93FC-0C247A3E6E5\u0046"}"#, #"{"firedFor":1e400}"#, #"{"\u0069d":1}"#, #"{"newField":1}"#,
        // Strings: raw control characters, bad escapes, lone surrogates.
        "{\"reason\":\"a\u{01}b\"}", #"{"reason":"a\qb"}"#, #"{"reason":"\ud83e"}"#, #"{"reason":"\udd89"}"#, #"{"reason":"\ud83e\u0041"}"#,
        #"{"reason":"\u12"}"#, #"{"reason":"\u12G4"}"#, #"{"reason":"abc\"#,
    ])
    func refusesOrAgrees(json: String) {
        expectAgrees(json)
    }

    @Test func readsWhatJSONAllowsButTheDaemonDoesNotWrite() {
        let json = " {\n\t\"v\": 1, \"reason\" : \"W\\u0061ke \\ud83e\\udd89 \\/ \\b\\f\\n\\r\\t\\\"\\\\ \\u00e9\\u0000\" , \"id\":-0 ,\"firedFor\": 1.5E+2 } \r\n"
        let message = fast(json)
        #expect(message?.reason == "Wake 🦉 / \u{08}\u{0C}\n\r\t\"\\ é\u{00}")
        #expect(message?.id == 0)
        #expect(message?.firedFor == Date(timeIntervalSince1970: 150))
        expectAgrees(json)
    }

    @Test func refusesInvalidUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            let json = Array(#"{"reason":"a"#.utf8) + bad + Array(#"b"}"#.utf8)
            #expect(read(json) == nil, "\(bad)")
            let escaped = Array(#"{"reason":"\n"#.utf8) + bad + Array(#"b"}"#.utf8)
            #expect(read(escaped) == nil, "\(bad) after an escape")
        }
    }

    /// A reply cut anywhere is refused, never read as something shorter.
    @Test func refusesEveryTruncation() throws {
        let json = try encoded(listReply(Array(RecordSamples.everyKind.prefix(2))))
        let bytes = Array(json.utf8)
        for end in 0..<bytes.count {
            #expect(read(Array(bytes[..<end])) == nil, "cut at \(end)")
        }
    }

    /// Bytes changed at random in a real reply: given up on, or read as JSONDecoder reads it.
    @Test func agreesOnDamagedReplies() throws {
        var random = RecordSamples.Random(seed: 0xDA_3A6E)
        let replacements = Array(#"{}[]",:0123456789.eE-+\ nulltruefalse"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        var compared = 0
        for round in 0..<2000 {
            let record = RecordSamples.record(&random)
            var bytes = Array(try encoded(listReply([record])).utf8)
            random.damage(&bytes, with: replacements)
            guard let fast = read(bytes) else { continue }
            compared += 1
            let reference = try? AlarmProtocol.decoder().decode(AlarmProtocol.Message.self, from: Data(bytes))
            #expect(fast == reference, "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        // A reader that gave up on everything would pass the loop. About one damaged input in
        // twelve still reads: at least 5% must have been compared.
        #expect(compared >= 100, "read and compared \(compared) of 2000 damaged replies")
    }

    /// Nesting is bounded by the shape read, not by the input: a deep one is refused, not
    /// followed until the stack overflows.
    @Test func deepNestingIsRefusedNotOverflowed() {
        for deep in [
            #"{"alarms":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}",
            #"{"record":"# + String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_001),
            String(repeating: "[", count: 100_000),
        ] {
            #expect(fast(deep) == nil)
        }
    }

    @Test(arguments: [
        "0", "-0", "1", "0.478", "1e-7", "1E21", "1e+21", "1.5e-5", "0.1", "0.30000000000000004", "123456789012345678",
        "9007199254740993", "9007199254740992", "1795681752.8603349", "1795681752.860334", "2.2250738585072014e-308",
        "4.9e-324", "2e-324", "1.7976931348623157e308", "1.7976931348623158e308", "0.000000000000000000000000001",
        "100000000000000000000000", "1e22", "1e23", "12345678901234567890123456789", "0.1234567890123456789012345",
        "-1795681752.8603349", "5e-1", "5.0e0", "0e0", "0.0", "-0.0", "-0.00", "-0.0e-5", "-0.0e5", "-0.0e0", "0e-400", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124", "8.98846567431158e307", "1e-400", "1e-22", "3e-23",
        // Not JSON numbers, though Swift's parsers take some of them.
        "1.", ".5", "+1", "01", "-", "1e", "1e+", "--1", "1.e5", "0x10", "inf", "nan", "1_000", "1e5.5", "",
    ])
    func convertsNumbersAsJSONDecoderDoes(text: String) throws {
        let reference = try? JSONDecoder().decode([Double].self, from: Data("[\(text)]".utf8)).first
        let fast = convert(text)
        if let reference {
            // A zero with an exponent is left to JSONDecoder (see JSONNumberText).
            if fast == nil && reference == 0 && text.lowercased().contains("e") { return }
            #expect(fast?.bitPattern == reference.bitPattern, "\(text): \(String(describing: fast)) != \(reference)")
        } else {
            #expect(fast == nil || fast?.isFinite == false, "\(text): JSONDecoder refuses it")
        }
    }

    /// The whole of `text` as a number, or nil.
    private func convert(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            JSONNumberText.double(bytes, from: 0).flatMap { $0.end == bytes.count ? $0.value : nil }
        }
    }

    @Test func convertsRandomNumbersAsJSONDecoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x2E_A1)
        for _ in 0..<20_000 {
            let value = RecordSamples.double(&random)
            // As JSONEncoder writes it, and with fewer digits (as a person might).
            for text in [value.description, String(value.description.prefix(Int.random(in: 1...12, using: &random)))] {
                guard let reference = try? JSONDecoder().decode([Double].self, from: Data("[\(text)]".utf8))[0] else { continue }
                #expect(convert(text)?.bitPattern == reference.bitPattern, "\(text)")
            }
        }
    }
}
