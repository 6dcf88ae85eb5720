import FoundationEssentials
import AlarmClient

/// A reply's or an event's line in the protocol (no newline): `MessageWriter` for the messages
/// alarmd sends often, JSONEncoder, the reference, for the rest (status, missed lists, apps).
/// Made only when needed, so that a daemon that never sends those never runs Codable.
enum WireMessage {
    static func encode(_ message: AlarmProtocol.Message) -> Data? {
        if let bytes = MessageWriter.json(message) { return Data(bytes) }
        return try? AlarmProtocol.encoder().encode(message)
    }
}
