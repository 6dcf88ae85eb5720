import FoundationEssentials
import Testing

@testable import AlarmWire

/// RequestWriter is the clients' only writer of requests: its bytes must be JSONEncoder's (the
/// reference, keys sorted), which the wire fixtures pin, and read back as what was written.
@Suite(.timeLimit(.minutes(1))) struct RequestWriterTests {
    private func expectSame(_ request: AlarmProtocol.Request, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = try #require(RequestWriter.json(request), sourceLocation: sourceLocation)
        let reference = try AlarmProtocol.encoder().encode(request)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: reference, as: UTF8.self), "\(context)", sourceLocation: sourceLocation)
        let read = written.withUnsafeBytes { RequestReader.request($0) }
        #expect(read == request, "\(context)", sourceLocation: sourceLocation)
    }

    @Test func writesWhatClientsSendAsJSONEncoderDoes() throws {
        for request in try RequestReaderTests.clientRequests() { try expectSame(request, "\(request.op)") }
    }

    @Test func writesRandomRequestsAsJSONEncoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x2E_9A17)
        var compared = 0
        for round in 0..<1500 {
            let request = RequestReaderTests.randomRequest(&random)
            guard (try? AlarmProtocol.encoder().encode(request)) != nil else { continue }  // a non-finite sample
            try expectSame(request, "round \(round)")
            compared += 1
        }
        #expect(compared > 1000)
    }

    /// A malformed request's error reply names what is wrong and keeps the request's id.
    @Test(arguments: [
        (#"{"v":1,"id":4}"#, 4, "missing field 'op'"),
        (#"{"id":4,"op":"list"}"#, 4, "missing field 'v'"),
        (#"{"v":1,"op":"list"}"#, nil, "missing field 'id'"),
        (#"{"v":1,"id":5,"op":"explode"}"#, 5, "bad value at 'op'"),
        (#"{"v":1,"id":6,"op":"list","app":7}"#, 6, "bad value at 'app'"),
        (#"{"v":1,"id":"6","op":"list"}"#, nil, "bad value at 'id'"),
        (#"{"v":1,"id":7,"op":"list""#, nil, "not JSON"),
        ("list everything", nil, "not JSON"),
    ] as [(String, Int?, String)])
    func namesWhatIsMalformed(json: String, id: Int?, reason: String) {
        let result = Array(json.utf8).withUnsafeBytes { RequestReader.read($0) }
        guard case .failure(let malformed) = result else {
            Issue.record("read \(json) as a request")
            return
        }
        #expect(malformed == RequestReader.Malformed(id: id, reason: reason))
    }

    /// An older alarmd reads a newer client's request: members it does not know are skipped.
    @Test func skipsMembersOfANewerClient() {
        let json = #"{"alarm":"6F9619FF-8B86-D011-B42D-00C04FC964FF","colour":{"r":[1,2]},"id":9,"op":"stop","v":1}"#
        let request = Array(json.utf8).withUnsafeBytes { RequestReader.request($0) }
        #expect(request == AlarmProtocol.Request(id: 9, op: .stop, alarm: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")))
    }
}
