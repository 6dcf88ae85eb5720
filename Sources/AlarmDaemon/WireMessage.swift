import FoundationEssentials
import AlarmWire

/// A reply's or an event's line in the protocol (no newline), as `MessageWriter` writes it:
/// nil only for a number JSON cannot carry, which no bounded record holds.
enum WireMessage {
    static func encode(_ message: AlarmProtocol.Message) -> Data? {
        MessageWriter.json(message).map { Data($0) }
    }
}
