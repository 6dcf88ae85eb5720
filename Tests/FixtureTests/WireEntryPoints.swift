import Foundation
@testable import AlarmDaemon
@testable import AlarmClient

/// The one place the fixture tests touch the codecs: each function is what production runs for
/// one side of the wire (one codec per side since the fallbacks went). When the codecs move or
/// change, this file changes and the fixtures do not.
enum WireEntryPoints {
    struct Unreadable: Error { var reason: String }

    /// A client's request line, as `AlarmConnection` writes it (no newline).
    static func clientWrites(_ request: AlarmProtocol.Request) throws -> [UInt8] {
        guard let json = RequestWriter.json(request) else { throw Unreadable(reason: "RequestWriter refused it") }
        return json
    }

    /// A request line as alarmd's socket server reads it.
    static func daemonReads(_ line: [UInt8]) throws -> AlarmProtocol.Request {
        switch line.withUnsafeBytes(RequestReader.read) {
        case .success(let request): return request
        case .failure(let malformed): throw Unreadable(reason: malformed.reason)
        }
    }

    /// A reply's or an event's line as alarmd writes it (no newline).
    static func daemonWrites(_ message: AlarmProtocol.Message) -> [UInt8]? {
        WireMessage.encode(message).map(Array.init)
    }

    /// A reply or event line as a client (`AlarmConnection`) reads it.
    static func clientReads(_ line: [UInt8]) throws -> AlarmProtocol.Message {
        guard let message = line.withUnsafeBytes({ MessageReader.message($0) }) else { throw Unreadable(reason: "MessageReader refused it") }
        return message
    }
}
