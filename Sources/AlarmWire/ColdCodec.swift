import FoundationEssentials

/// The codec of the protocol's cold values: a status, a missed list, the apps, pending intents.
/// A message carries them once per `alarmctl status` or `apps`, so they keep Codable, run
/// through JSONEncoder and JSONDecoder only when such a message is written or read. Every
/// other value (records, lists, requests, the messages around these values) has one
/// hand-written codec: `RecordWriter`/`RecordReader`, `MessageWriter`/`MessageReader`,
/// `RequestWriter`/`RequestReader`. Tests use these same settings on whole messages as the
/// reference the hand-written codecs must match byte for byte.
extension AlarmProtocol {
    /// Dates travel as seconds since 1970 (fractions kept), which every language reads.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}

enum ColdCodec {
    /// The value's JSON, or nil if JSONEncoder refuses it (a number JSON cannot carry).
    static func json(_ value: some Encodable) -> [UInt8]? {
        (try? AlarmProtocol.encoder().encode(value)).map(Array.init)
    }

    /// The value a member's JSON holds (the bytes `JSONCursor.rawValue()` passed over).
    static func value<T: Decodable>(_ type: T.Type, from json: UnsafeRawBufferPointer) throws(JSONMismatch) -> T {
        do { return try AlarmProtocol.decoder().decode(type, from: Data(json)) } catch { throw JSONMismatch() }
    }
}
