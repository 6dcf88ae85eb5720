import FoundationEssentials

extension UUID {
    /// Parses `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (either case), as `UUID(uuidString:)`
    /// does, without the sscanf that makes that one cost a microsecond on Linux: loading
    /// 10,000 alarms parses 20,000 of them.
    package init?(text: String) {
        var text = text
        guard let id = text.withUTF8(UUID.init(utf8:)) else { return nil }
        self = id
    }

    /// The same from UTF-8 bytes, such as a string in a JSON message where it lies.
    package init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { out in
            var index = 0
            for byte in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard utf8[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else { return false }
                out[byte] = high << 4 | low
                index += 2
            }
            return true
        }
        guard parsed else { return nil }
        self.init(uuid: bytes)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension UUID {
    /// The first `bytes` bytes in lowercase hex, no dashes: `uuidString.lowercased()` without
    /// them, at a fraction of its cost (it formats through snprintf), for ids shown to people
    /// (`alarmctl list`'s 8 digits) and prefixes matched against all of them.
    package func lowercaseHex(bytes count: Int = 16) -> String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 2 * count) { out in
                for index in 0..<count {
                    out[2 * index] = digits.utf8Start[Int(bytes[index] >> 4)]
                    out[2 * index + 1] = digits.utf8Start[Int(bytes[index] & 0x0F)]
                }
                return 2 * count
            }
        }
    }
}
