import Foundation
import AlarmClient
import Testing

/// The protocol pinned: every message of version 1 in `Tests/Fixtures/protocol-v1`, one line a
/// file, as release 0.1.0 wrote it. Today's code must write each byte for byte and read each
/// back to the same value, so a renamed key, a changed date encoding or a reordered field
/// breaks these tests, not the clients already installed. (MessageWriterTests and
/// RequestReaderTests compare the hand-written codecs with JSONEncoder: a second check.)
@Suite(.timeLimit(.minutes(2))) struct WireFixtureTests {
    static let names = WireCatalogue.all.map(\.name)
    static let folder = "protocol-v1"

    private func direction(_ name: String) throws -> WireCatalogue.Direction {
        try #require(WireCatalogue.all.first { $0.name == name }).direction
    }

    private func written(_ direction: WireCatalogue.Direction) throws -> [UInt8] {
        switch direction {
        case .request(let request): try WireEntryPoints.clientWrites(request) + [0x0A]
        case .message(let message): try #require(WireEntryPoints.daemonWrites(message)) + [0x0A]
        }
    }

    @Test("today's code writes the message byte for byte as the fixture", arguments: names)
    func writesTheFixture(_ name: String) throws {
        let bytes = try written(direction(name))
        let file = FixtureFiles.url("\(Self.folder)/\(name).json")
        guard let fixture = FileManager.default.contents(atPath: file.path) else {
            if FixtureFiles.writesMissing {
                try Data(bytes).write(to: file)
                Issue.record("wrote \(file.path): check it and commit it")
            } else {
                Issue.record("no fixture \(file.path): a new message gets a new file (Tests/Fixtures/README.md)")
            }
            return
        }
        // Bytes, not Strings: Swift's String compares by canonical equivalence, so an é written
        // precomposed and one written as e + U+0301 would be equal, and bad UTF-8 would decode
        // to U+FFFD on both sides. The text is shown only to read a difference.
        #expect(bytes == Array(fixture), "\(name) differs from its fixture:\n wrote: \(String(decoding: bytes, as: UTF8.self))\n  file: \(String(decoding: fixture, as: UTF8.self))")
    }

    @Test("today's code reads the fixture to the message it holds", arguments: names)
    func readsTheFixture(_ name: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: FixtureFiles.url("\(Self.folder)/\(name).json").path))
        #expect(bytes.last == 0x0A, "one line, ended by a newline as on the socket")
        let line = Array(bytes.dropLast())
        switch try direction(name) {
        case .request(let request): #expect(try WireEntryPoints.daemonReads(line) == request)
        case .message(let message): #expect(try WireEntryPoints.clientReads(line) == message)
        }
    }

    @Test func everyFixtureIsVersionOneAndKnown() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: FixtureFiles.url(Self.folder).path)
        #expect(Set(files) == Set(Self.names.map { "\($0).json" }))
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: FixtureFiles.url("\(Self.folder)/\(file)").path))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(file)")
            #expect(object["v"] as? Int == 1, "\(file)")
        }
    }

    /// Every operation, every event and every field of a request and of a message is pinned by
    /// at least one fixture: a new one fails here until it has its file.
    @Test func theFixturesCoverEveryOperationEventAndField() throws {
        var requests: [AlarmProtocol.Request] = [], messages: [AlarmProtocol.Message] = []
        for (_, direction) in WireCatalogue.all {
            switch direction {
            case .request(let request): requests.append(request)
            case .message(let message): messages.append(message)
            }
        }
        #expect(Set(AlarmProtocol.Operation.allCases).subtracting(requests.map(\.op)).isEmpty)
        let events = Set(messages.compactMap(\.event).map(\.rawValue))
        #expect(events == ["alarms", "missed", "intent", "sounding", "authorization", "intentPending", "ended"])
        #expect(Self.unsetFields(requests).isEmpty, "request fields no fixture holds")
        #expect(Self.unsetFields(messages).isEmpty, "message fields no fixture holds")
    }

    /// The stored properties that are nil in every one of `values`.
    static func unsetFields<T>(_ values: [T]) -> Set<String> {
        var unset = Set(Mirror(reflecting: values[0]).children.compactMap(\.label))
        for value in values {
            for child in Mirror(reflecting: value).children {
                if let optional = child.value as? any OptionalProtocol, optional.isNil { continue }
                unset.remove(child.label ?? "")
            }
        }
        return unset
    }
}

protocol OptionalProtocol { var isNil: Bool { get } }
extension Optional: OptionalProtocol {
    var isNil: Bool { self == nil }
}
