import Foundation
@testable import AlarmDaemon
@testable import OpenAlarmKit

/// The one place the fixture tests touch the codecs: each function is what production runs for
/// one side of the wire, fast path and fallback alike. When the codecs move or change, this
/// file changes and the fixtures do not.
enum WireEntryPoints {
    /// A client's request line, as `AlarmConnection` writes it (no newline).
    static func clientWrites(_ request: AlarmProtocol.Request) throws -> [UInt8] {
        Array(try AlarmProtocol.encoder().encode(request))
    }

    /// A request line as alarmd's socket server reads it.
    static func daemonReads(_ line: [UInt8]) throws -> AlarmProtocol.Request {
        if let fast = line.withUnsafeBytes(RequestReader.request) { return fast }
        return try AlarmProtocol.decoder().decode(AlarmProtocol.Request.self, from: Data(line))
    }

    /// A reply's or an event's line as alarmd writes it (no newline).
    static func daemonWrites(_ message: AlarmProtocol.Message) -> [UInt8]? {
        WireMessage.encode(message).map(Array.init)
    }

    /// A reply or event line as a client (`AlarmConnection`) reads it.
    static func clientReads(_ line: [UInt8]) throws -> AlarmProtocol.Message {
        if let fast = line.withUnsafeBytes({ MessageReader.message($0) }) { return fast }
        return try AlarmProtocol.decoder().decode(AlarmProtocol.Message.self, from: Data(line))
    }
}
