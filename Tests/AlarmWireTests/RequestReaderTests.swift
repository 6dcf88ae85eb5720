import Foundation
import Testing
@testable import AlarmWire

/// An intent with parameters of two kinds, made into an `EncodedIntent` as AlarmManager makes it.
struct SampleIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Sample"

    @Parameter(title: "tag")
    var tag: String
    @Parameter(title: "minutes")
    var minutes: Int

    init() {
        tag = ""
        minutes = 0
    }

    init(tag: String, minutes: Int) {
        self.tag = tag
        self.minutes = minutes
    }

    func perform() async throws -> some IntentResult { .result() }
}

/// alarmd's request reader must agree with JSONDecoder, the reference: on every request the
/// clients send it must read exactly what JSONDecoder reads (and not give up, or the daemon runs
/// Codable after all), and on anything else it may give up (nil: JSONDecoder decides, and
/// words the error reply) but never read something else.
@Suite(.timeLimit(.minutes(1))) struct RequestReaderTests {
    private func read(_ bytes: [UInt8]) -> AlarmProtocol.Request? {
        bytes.withUnsafeBytes { RequestReader.request($0) }
    }

    private func fast(_ json: String) -> AlarmProtocol.Request? { read(Array(json.utf8)) }

    private func reference(_ bytes: [UInt8]) -> AlarmProtocol.Request? {
        try? AlarmProtocol.decoder().decode(AlarmProtocol.Request.self, from: Data(bytes))
    }

    private func encoded(_ request: AlarmProtocol.Request) throws -> [UInt8] {
        Array(try AlarmProtocol.encoder().encode(request))
    }

    /// Equal, and encoded alike: `==` takes -0 for 0, the bytes do not.
    private func same(_ a: AlarmProtocol.Request?, _ b: AlarmProtocol.Request?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a == b && (try? encoded(a)) == (try? encoded(b))
    }

    /// The contract for any input: give up, or read what JSONDecoder reads. True when it read
    /// it, so there was something to compare.
    @discardableResult
    private func expectAgrees(_ bytes: [UInt8], _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = read(bytes) else { return false }
        let reference = reference(bytes)
        let text = String(decoding: bytes, as: UTF8.self).debugDescription
        #expect(reference != nil, "\(context) read what JSONDecoder refuses: \(text)", sourceLocation: sourceLocation)
        #expect(same(fast, reference), "\(context) read differently from JSONDecoder: \(text)", sourceLocation: sourceLocation)
        return true
    }

    /// Read, and as JSONDecoder reads it, and as it was sent.
    private func expectRead(_ request: AlarmProtocol.Request, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try encoded(request)
        let fast = read(bytes)
        #expect(fast != nil, "\(context) gave up on: \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(same(fast, reference(bytes)), "\(context) \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(same(fast, request), "\(context)", sourceLocation: sourceLocation)
    }

    private static let registration = AppRegistration(
        displayName: "Cooking Timer", usageDescription: "Rings when the pasta is done.",
        launch: AppLaunch(executable: "/opt/cooking/bin/cooking-timer", arguments: ["--intent", "a b", ""]))

    /// What `AlarmConnection.send`, `watch`, alarmctl and `AlarmManager` put on the wire.
    static func clientRequests() throws -> [AlarmProtocol.Request] {
        let record = RecordSamples.everyKind[1]
        var requests: [AlarmProtocol.Request] = []
        for op in AlarmProtocol.Operation.allCases {
            // alarmctl: the operation with what it needs, nothing else.
            var request = AlarmProtocol.Request(id: 1, op: op)
            switch op {
            case .schedule, .edit: request.record = record
            case .change: (request.record, request.fields) = (record, AlarmField.allCases)
            case .stop, .countdown, .pause, .resume, .cancel, .disable, .enable, .skip, .unskip, .custom: request.alarm = record.id
            case .list, .watch: request.page = AlarmProtocol.defaultPage
            case .missed: request.limit = 50
            case .setAuthorization: (request.app, request.decision) = ("org.example.clock", .allow)
            case .authorization, .requestAuthorization, .claimIntents: request.app = "org.example.clock"
            case .intentDialog: (request.app, request.alarm, request.dialog) = ("org.example.clock", record.id, "Snoozed \"9\" min\nü")
            case .previewSound: request.sound = "Chime \"2\" ü"
            case .installSound: (request.path, request.sound) = ("/run/user/1000/doc/4a/Bell ü.flac", "Bell ü")
            case .sounds: (request.app, request.path) = ("org.openalarmkit.Alarms", "/opt/app/Sounds")
            case .status, .apps, .stopPreview, .sync, .unrung: break
            case .importAlarms: request.records = RecordSamples.everyKind
            }
            requests.append(request)
            // AlarmManager: every request names its app.
            request.app = record.appID
            request.id = 4242
            requests.append(request)
        }
        // AlarmManager.schedule, with and without intents, and requestAuthorization.
        var schedule = AlarmProtocol.Request(id: 3, op: .schedule, app: record.appID, record: record)
        schedule.registration = AppRegistration(displayName: "org.example.clock")
        requests.append(schedule)
        schedule.stopIntent = try EncodedIntent(SampleIntent(tag: "stop \"now\" / ü", minutes: 5))
        schedule.secondaryIntent = try EncodedIntent(SampleIntent(tag: "", minutes: -1))
        schedule.registration = registration
        requests.append(schedule)
        var ask = AlarmProtocol.Request(id: 9, op: .requestAuthorization, app: record.appID)
        ask.registration = registration
        requests.append(ask)
        // Watchers: alarmctl watch, a status bar, an AlarmManager.
        for (runsIntents, endings, limit) in [(false, false, nil), (false, true, 5), (true, false, nil), (true, true, 0)] {
            var watch = AlarmProtocol.Request(id: 0, op: .watch, app: runsIntents ? record.appID : nil, limit: limit)
            if runsIntents { watch.runsIntents = true }
            if endings { watch.endings = true }
            watch.page = AlarmProtocol.defaultPage
            requests.append(watch)
        }
        // Every kind of record, scheduled and edited.
        for sample in RecordSamples.everyKind {
            requests.append(AlarmProtocol.Request(id: 12, op: .schedule, record: sample))
            requests.append(AlarmProtocol.Request(id: 13, op: .edit, app: sample.appID, record: sample))
            var change = AlarmProtocol.Request(id: 14, op: .change, record: sample)
            change.fields = [.title, .enabled]
            requests.append(change)
        }
        return requests
    }

    @Test func readsEveryRequestTheClientsSend() throws {
        let requests = try Self.clientRequests()
        #expect(requests.count > 50)
        for (index, request) in requests.enumerated() { try expectRead(request, "request \(index) (\(request.op))") }
    }

    static func randomRequest(_ random: inout RecordSamples.Random) -> AlarmProtocol.Request {
        func maybe<T>(_ make: () -> T) -> T? { random.chance(50) ? make() : nil }
        func int() -> Int {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: [0, 1, -1, Int.max, Int.min, 1000, 10_000][Int.random(in: 0..<7, using: &random)]
            case 1: Int(truncatingIfNeeded: random.next())
            default: Int.random(in: -100...100_000, using: &random)
            }
        }
        func intent() -> EncodedIntent {
            var parameters: [String: String] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                parameters[RecordSamples.string(&random, maxLength: 6)] = RecordSamples.string(&random, maxLength: 20)
            }
            return EncodedIntent(typeName: RecordSamples.string(&random), mangledTypeName: RecordSamples.string(&random), parameters: parameters)
        }
        let op = AlarmProtocol.Operation.allCases.randomElement(using: &random)!
        var request = AlarmProtocol.Request(
            id: int(), op: op, app: maybe { RecordSamples.string(&random) }, alarm: maybe { RecordSamples.record(&random).id },
            record: maybe { RecordSamples.record(&random) }, limit: maybe { int() })
        request.v = random.chance(80) ? 1 : int()
        request.page = maybe { int() }
        request.stopIntent = maybe { intent() }
        request.secondaryIntent = maybe { intent() }
        request.registration = maybe {
            AppRegistration(
                displayName: RecordSamples.string(&random), usageDescription: maybe { RecordSamples.string(&random, maxLength: 40) },
                launch: maybe {
                    AppLaunch(executable: "/" + RecordSamples.string(&random), arguments: (0..<Int.random(in: 0...3, using: &random)).map { _ in RecordSamples.string(&random) })
                })
        }
        request.runsIntents = maybe { random.chance(50) }
        request.endings = maybe { random.chance(50) }
        request.decision = maybe { AppDecision.allCases.randomElement(using: &random)! }
        request.dialog = maybe { RecordSamples.string(&random, maxLength: 40) }
        request.sound = maybe { RecordSamples.string(&random, maxLength: 20) }
        request.path = maybe { "/" + RecordSamples.string(&random, maxLength: 40) }
        request.fields = maybe { AlarmField.allCases.filter { _ in random.chance(50) } }
        return request
    }

    @Test func readsRandomRequestsAsJSONDecoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x2E9_0E57)
        for round in 0..<1000 { try expectRead(Self.randomRequest(&random), "round \(round)") }
    }

    /// JSONDecoder reads null as absent; the clients never send it, other languages' may.
    @Test func readsNullsAsAbsent() throws {
        let json = #"{"v":1,"id":7,"op":"watch","app":null,"alarm":null,"record":null,"limit":null,"stopIntent":null,"#
            + #""secondaryIntent":null,"registration":{"displayName":"X","usageDescription":null,"launch":null},"#
            + #""runsIntents":null,"endings":null,"decision":null,"page":null,"dialog":null,"sound":null,"path":null}"#
        let read = try #require(fast(json))
        #expect(read == AlarmProtocol.Request(id: 7, op: .watch).with { $0.registration = AppRegistration(displayName: "X") })
        expectAgrees(Array(json.utf8))
    }

    @Test func readsWhatJSONAllowsButTheClientsDoNotWrite() throws {
        let json = " {\n\t\"op\" : \"sch\\u0065dule\", \"app\":\"W\\u0061ke \\ud83e\\udd89 \\/ \\b\\f\\n\\r\\t\\\"\\\\ \\u00e9\\u0000\" ,"
            + " \"id\":-0, \"v\" : 1, \"stopIntent\": {\"parameters\": {\"t\\u00e9\\/x\": \"\\\"1\\\"\", \"\": \"\"}, \"mangledTypeName\": \"$s4\", \"typeName\": \"T\"},"
            + " \"alarm\": \"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\" } \r\n"
        let read = try #require(fast(json))
        #expect(read.op == .schedule)
        #expect(read.app == "Wake 🦉 / \u{08}\u{0C}\n\r\t\"\\ é\u{00}")
        #expect(read.id == 0)
        #expect(read.stopIntent?.parameters == ["té/x": #""1""#, "": ""])
        #expect(read.alarm == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        expectAgrees(Array(json.utf8))
    }

    @Test(arguments: [
        // Not JSON.
        "", " ", "[]", "null", "1", #""op""#, #"{"v":1,"id":1,"op":"list"}x"#, #"{"v":1,"id":1,"op":"list"}}"#,
        #"{"v":1,"id":1,"op":"list",}"#, #"{"v":1,"id":1 "op":"list"}"#, #"{"v":1,"id":01,"op":"list"}"#, #"{"v":1,"id":+1,"op":"list"}"#,
        #"{"v":1,"id":1.,"op":"list"}"#, #"{"v":1,"id":-,"op":"list"}"#, #"{"v":1,"id":1,"op":"list""#, #"{"v""#, #"{v:1}"#,
        #"{'v':1,'id':1,'op':'list'}"#, #"{"v":1,"id":1,"op":"list","endings":tru}"#, #"{"v":1,"id":1,"op":"list","endings":True}"#,
        // Missing, null or mistyped required fields.
        #"{"id":1,"op":"list"}"#, #"{"v":1,"op":"list"}"#, #"{"v":1,"id":1}"#, #"{"v":null,"id":1,"op":"list"}"#,
        #"{"v":1,"id":null,"op":"list"}"#, #"{"v":1,"id":1,"op":null}"#, #"{"v":"1","id":1,"op":"list"}"#, #"{"v":1,"id":true,"op":"list"}"#,
        #"{"v":1,"id":1,"op":"explode"}"#, #"{"v":1,"id":1,"op":"List"}"#, #"{"v":1,"id":1,"op":["list"]}"#, #"{"v":1,"id":1,"op":7}"#,
        // Numbers JSONDecoder may read as Int but this leaves to it, and ones out of range.
        #"{"v":1.0,"id":1,"op":"list"}"#, #"{"v":1,"id":1e2,"op":"list"}"#, #"{"v":1,"id":1E2,"op":"list"}"#, #"{"v":1,"id":-0.0,"op":"list"}"#,
        #"{"v":1,"id":9223372036854775807,"op":"list"}"#, #"{"v":1,"id":-9223372036854775808,"op":"list"}"#,
        #"{"v":1,"id":9223372036854775808,"op":"list"}"#, #"{"v":1,"id":-9223372036854775809,"op":"list"}"#,
        #"{"v":1,"id":99999999999999999999999,"op":"list"}"#, #"{"v":1,"id":1,"op":"list","limit":1.5}"#,
        // Optional fields of the wrong type.
        #"{"v":1,"id":1,"op":"list","app":7}"#, #"{"v":1,"id":1,"op":"list","app":["a"]}"#, #"{"v":1,"id":1,"op":"list","alarm":"nope"}"#,
        #"{"v":1,"id":1,"op":"stop","alarm":"E621E1F8-C36C-495A-93FC-0C247A3E6E5"}"#, #"{"v":1,"id":1,"op":"stop","alarm":"E621E1F8-C36C-495A-93FC-0C247A3E6E5FF"}"#,
        #"{"v":1,"id":1,"op":"stop","alarm":"E621E1F8C36C-495A-93FC-0C247A3E6E5F0"}"#, #"{"v":1,"id":1,"op":"stop","alarm":"E621E1F8-C36C-495A-93FC-0C247A3E6E5\u0046"}"#,
        #"{"v":1,"id":1,"op":"list","endings":1}"#, #"{"v":1,"id":1,"op":"list","endings":"true"}"#, #"{"v":1,"id":1,"op":"list","page":"5"}"#,
        #"{"v":1,"id":1,"op":"setAuthorization","decision":"maybe"}"#, #"{"v":1,"id":1,"op":"setAuthorization","decision":"Allow"}"#,
        #"{"v":1,"id":1,"op":"schedule","record":{}}"#, #"{"v":1,"id":1,"op":"schedule","record":[]}"#, #"{"v":1,"id":1,"op":"schedule","record":"x"}"#,
        #"{"v":1,"id":1,"op":"schedule","registration":{}}"#, #"{"v":1,"id":1,"op":"schedule","registration":{"displayName":null}}"#,
        #"{"v":1,"id":1,"op":"schedule","registration":{"displayName":"A","launch":{"executable":"/x"}}}"#,
        #"{"v":1,"id":1,"op":"schedule","registration":{"displayName":"A","launch":{"executable":"/x","arguments":null}}}"#,
        #"{"v":1,"id":1,"op":"schedule","registration":{"displayName":"A","launch":{"executable":"/x","arguments":[null]}}}"#,
        #"{"v":1,"id":1,"op":"schedule","registration":{"displayName":"A","launch":{"executable":"/x","arguments":[1]}}}"#,
        #"{"v":1,"id":1,"op":"schedule","registration":{"displayName":"A","launch":{"executable":"/x","arguments":"a"}}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M"}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":null}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":[]}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a":1}}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a":null}}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a":{}}}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{a:"b"}}}"#,
        #"{"v":1,"id":1,"op":"schedule","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a":"b",}}}"#,
        // Unknown keys (a newer client's fields), at the top and nested, escaped names.
        #"{"v":1,"id":1,"op":"list","newField":1}"#, #"{"v":1,"id":1,"op":"list","":1}"#, #"{"\u0076":1,"id":1,"op":"list"}"#,
        #"{"v":1,"id":1,"op":"list","registration":{"displayName":"A","icon":"x"}}"#,
        #"{"v":1,"id":1,"op":"list","registration":{"displayName":"A","launch":{"executable":"/x","arguments":[],"env":{}}}}"#,
        #"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{},"x":1}}"#,
        // Repeated keys: which one JSONDecoder keeps is for it to say.
        #"{"v":1,"id":1,"op":"list","id":2}"#, #"{"v":1,"id":1,"op":"list","op":"status"}"#, #"{"v":1,"v":1,"id":1,"op":"list"}"#,
        #"{"v":1,"id":1,"op":"list","app":null,"app":"a"}"#, #"{"v":1,"id":1,"op":"list","app":"a","app":null}"#,
        #"{"v":1,"id":1,"op":"list","page":5,"page":6}"#, #"{"v":1,"id":1,"op":"list","endings":true,"endings":false}"#,
        #"{"v":1,"id":1,"op":"list","registration":{"displayName":"A","displayName":"B"}}"#,
        #"{"v":1,"id":1,"op":"list","registration":{"displayName":"A","launch":null,"launch":{"executable":"/x","arguments":[]}}}"#,
        #"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","typeName":"U","mangledTypeName":"M","parameters":{}}}"#,
        #"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a":"1","a":"2"}}}"#,
        #"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a":"1","\u0061":"2"}}}"#,
        #"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"é":"1","e\u0301":"2"}}}"#,
        // Strings: raw control characters, bad escapes, lone surrogates.
        "{\"v\":1,\"id\":1,\"op\":\"list\",\"app\":\"a\u{01}b\"}", "{\"v\":1,\"id\":1,\"op\":\"list\",\"app\":\"a\nb\"}",
        #"{"v":1,"id":1,"op":"list","app":"a\qb"}"#, #"{"v":1,"id":1,"op":"list","app":"\ud83e"}"#, #"{"v":1,"id":1,"op":"list","app":"\udd89"}"#,
        #"{"v":1,"id":1,"op":"list","app":"\ud83e\u0041"}"#, #"{"v":1,"id":1,"op":"list","app":"\u12"}"#, #"{"v":1,"id":1,"op":"list","app":"\u12G4"}"#,
        #"{"v":1,"id":1,"op":"list","app":"abc\"#, #"{"v":1,"id":1,"op":"list","app":"abc\"}"#,
        "{\"v\":1,\"id\":1,\"op\":\"list\",\"stopIntent\":{\"typeName\":\"T\",\"mangledTypeName\":\"M\",\"parameters\":{\"a\u{01}\":\"b\"}}}",
        #"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"\ud800":"b"}}}"#,
        // Versions the daemon refuses still read as JSONDecoder reads them.
        #"{"v":2,"id":1,"op":"list"}"#, #"{"v":-1,"id":-5,"op":"status"}"#,
    ])
    func refusesOrAgrees(json: String) {
        expectAgrees(Array(json.utf8))
    }

    /// What this refuses is a malformed request (alarmd has no other reader).
    @Test(arguments: [
        #"{"v":1,"id":1,"op":"list","id":2}"#, #"{"v":1,"id":1}"#,
        #"{"v":1,"id":1.0,"op":"list"}"#, #"{"v":1,"id":1,"op":"list","app":7}"#, #"{"v":1,"id":1,"op":"explode"}"#,
        #"{"v":1,"id":1,"op":"list","registration":{"displayName":"A","launch":{"executable":"/x"}}}"#,
        #"{"v":1,"id":1,"op":"list"} x"#, #"{"v":1,"id":9223372036854775808,"op":"list"}"#,
    ])
    func givesUp(json: String) {
        #expect(fast(json) == nil)
    }

    @Test func refusesInvalidUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            for (before, after) in [
                (#"{"v":1,"id":1,"op":"list","app":"a"#, #"b"}"#), (#"{"v":1,"id":1,"op":"list","app":"\n"#, #"b"}"#),
                (#"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a"#, #"":"b"}}}"#),
                (#"{"v":1,"id":1,"op":"list","stopIntent":{"typeName":"T","mangledTypeName":"M","parameters":{"a":"x"#, #""}}}"#),
                (#"{"v":1,"id":1,"op":"list","registration":{"displayName":"A","launch":{"executable":"/x","arguments":[""#, #""]}}}"#),
                (#"{"v":1,"id":1,"op":"list",""#, #"":1}"#),
            ] {
                let json = Array(before.utf8) + bad + Array(after.utf8)
                #expect(read(json) == nil, "\(bad) in \(before)")
            }
        }
    }

    /// A request cut anywhere is refused, never read as something shorter.
    @Test func refusesEveryTruncation() throws {
        let requests = try Self.clientRequests()
        for request in [requests[0], requests.first { $0.stopIntent != nil }!, requests.first { $0.op == .watch && $0.endings == true }!] {
            let bytes = try encoded(request)
            for end in 0..<bytes.count {
                #expect(read(Array(bytes[..<end])) == nil, "cut at \(end) of \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    /// Bytes changed at random in real requests: given up on, or read as JSONDecoder reads them.
    @Test func agreesOnDamagedRequests() throws {
        var random = RecordSamples.Random(seed: 0xDA_3A6E_0E57)
        let replacements = Array(#"{}[]",:0123456789.eE-+\ nulltruefalseu"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        let samples = try Self.clientRequests()
        var compared = 0
        for round in 0..<3000 {
            let request = random.chance(50) ? samples.randomElement(using: &random)! : Self.randomRequest(&random)
            var bytes = try encoded(request)
            random.damage(&bytes, with: replacements)
            if expectAgrees(bytes, "round \(round)") { compared += 1 }
        }
        // A reader that gave up on everything would pass the loop. About one damaged input in
        // twelve still reads: at least 5% must have been compared. About one damaged input in
        // twelve (a changed digit or letter inside a number or string) still reads: at least
        // 5% must have been compared.
        #expect(compared >= 150, "read and compared \(compared) of 3000 damaged requests")
    }

    /// Nesting is bounded by the shape read, not by the input: a deep one is refused, not
    /// followed until the stack overflows.
    @Test func deepNestingIsRefusedNotOverflowed() {
        let open = String(repeating: "[", count: 100_000), close = String(repeating: "]", count: 100_000)
        let objects = String(repeating: #"{"a":"#, count: 100_000), closeObjects = String(repeating: "}", count: 100_000)
        for deep in [
            open, #"{"v":1,"id":1,"op":"list","app":"# + open + close + "}", #"{"v":1,"id":1,"op":"list","newField":"# + open + close + "}",
            #"{"v":1,"id":1,"op":"schedule","record":"# + objects + "1" + closeObjects + "}",
            #"{"v":1,"id":1,"op":"schedule","registration":{"displayName":"A","launch":{"executable":"/x","arguments":"# + open + close + "}}}",
            #"{"v":1,"id":1,"op":"schedule","stopIntent":{"parameters":"# + objects + #""b""# + closeObjects + "}}",
        ] {
            #expect(fast(deep) == nil)
        }
    }
}

extension AlarmProtocol.Request {
    fileprivate func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}
