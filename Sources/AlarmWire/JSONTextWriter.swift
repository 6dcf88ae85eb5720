import FoundationEssentials

/// Writes JSON byte for byte as FoundationEssentials' JSONEncoder does with `.sortedKeys` and
/// `.withoutEscapingSlashes` (and `.prettyPrinted` when `pretty`), for writers that know their
/// value's shape (`RecordWriter`): most of what JSONEncoder costs a record is Codable's
/// generic machinery and a tree of boxed values (docs/PERFORMANCE.md has the figures).
///
/// The caller writes keys in sorted order (UTF-8 byte order, as JSONEncoder sorts them).
/// `RecordWriterTests` compare the output with JSONEncoder's.
///
/// The bytes go into a buffer of its own rather than an Array: a record is ~150 small writes,
/// and Array's append checks uniqueness and capacity on each, which cost more than the writing.
package struct JSONTextWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written.
    package private(set) var count = 0
    /// A number JSON cannot carry was asked for (NaN, infinity): the bytes are not JSONEncoder's,
    /// which refuses them.
    package private(set) var invalid = false
    private let pretty: Bool
    private var indent = 0

    package init(pretty: Bool = false, capacity: Int = 1024) {
        self.pretty = pretty
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written.
    package consuming func take() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            bytes.baseAddress!.update(from: base, count: count)
            initialized = count
        }
    }

    /// The bytes written, where they lie (a large output written out without a copy).
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Drops what was written from `count` bytes on (a record that turned out `invalid`).
    package mutating func truncate(to count: Int) {
        self.count = min(count, self.count)
        invalid = false
    }

    // MARK: Containers

    /// Whether a container has had an element yet, to place the commas.
    package struct Container {
        fileprivate var empty = true
    }

    @inline(__always)
    package mutating func beginObject() -> Container {
        put(UInt8(ascii: "{"))
        open()
        return Container()
    }

    @inline(__always)
    package mutating func endObject(_ container: Container) {
        close()
        put(UInt8(ascii: "}"))
    }

    @inline(__always)
    package mutating func beginArray() -> Container {
        put(UInt8(ascii: "["))
        open()
        return Container()
    }

    @inline(__always)
    package mutating func endArray(_ container: Container) {
        close()
        put(UInt8(ascii: "]"))
    }

    /// Before an object's member: its key, then the caller writes its value. Inlined, so that
    /// the key's length is a constant and its copy a few moves rather than a memcpy call.
    @inline(__always)
    package mutating func key(_ name: StaticString, in container: inout Container) {
        if pretty {
            separate(&container)
        } else {
            reserve(1)
            if !container.empty {
                base[count] = UInt8(ascii: ",")
                count += 1
            }
            container.empty = false
        }
        reserve(name.utf8CodeUnitCount + 5)
        base[count] = UInt8(ascii: "\"")
        (base + count + 1).update(from: name.utf8Start, count: name.utf8CodeUnitCount)
        count += name.utf8CodeUnitCount + 1
        base[count] = UInt8(ascii: "\"")
        count += 1
        if pretty {
            (base[count], base[count + 1], base[count + 2]) = (0x20, UInt8(ascii: ":"), 0x20)
            count += 3
        } else {
            base[count] = UInt8(ascii: ":")
            count += 1
        }
    }

    /// Before an array's element.
    package mutating func element(in container: inout Container) {
        separate(&container)
    }

    private mutating func open() {
        guard pretty else { return }
        put(0x0A)
        indent += 1
    }

    /// JSONEncoder's layout: an empty container is `{\n\n}` (indented) when pretty, `{}` when not.
    private mutating func close() {
        guard pretty else { return }
        put(0x0A)
        indent -= 1
        writeIndent()
    }

    private mutating func separate(_ container: inout Container) {
        if container.empty {
            container.empty = false
        } else {
            put(UInt8(ascii: ","))
            if pretty { put(0x0A) }
        }
        if pretty { writeIndent() }
    }

    private mutating func writeIndent() {
        reserve(2 * indent)
        (base + count).initialize(repeating: 0x20, count: 2 * indent)
        count += 2 * indent
    }

    // MARK: Scalars

    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            // Up to 6 bytes a byte (\u00xx). Copied as it is scanned: a record's strings are
            // short, and a memcpy call per string cost more than the bytes.
            reserve(utf8.count * 6 + 2)
            var at = count
            base[at] = UInt8(ascii: "\"")
            at += 1
            for byte in utf8 {
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    base[at] = byte
                    at += 1
                    continue
                }
                base[at] = UInt8(ascii: "\\")
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): base[at + 1] = byte
                case 0x08: base[at + 1] = UInt8(ascii: "b")
                case 0x0C: base[at + 1] = UInt8(ascii: "f")
                case 0x0A: base[at + 1] = UInt8(ascii: "n")
                case 0x0D: base[at + 1] = UInt8(ascii: "r")
                case 0x09: base[at + 1] = UInt8(ascii: "t")
                default:
                    (base[at + 1], base[at + 2], base[at + 3]) = (UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"))
                    (base[at + 4], base[at + 5]) = (Self.hexDigit(byte >> 4), Self.hexDigit(byte & 0x0F))
                    at += 4
                }
                at += 2
            }
            base[at] = UInt8(ascii: "\"")
            count = at + 1
        }
    }

    /// As JSONEncoder writes a UUID: its `uuidString`, upper case.
    package mutating func uuid(_ id: UUID) {
        reserve(38)
        base[count] = UInt8(ascii: "\"")
        count += 1
        withUnsafeBytes(of: id.uuid) { raw in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    base[count] = UInt8(ascii: "-")
                    count += 1
                }
                let digits: StaticString = "0123456789ABCDEF"
                base[count] = digits.utf8Start[Int(raw[index] >> 4)]
                base[count + 1] = digits.utf8Start[Int(raw[index] & 0x0F)]
                count += 2
            }
        }
        base[count] = UInt8(ascii: "\"")
        count += 1
    }

    package mutating func bool(_ value: Bool) {
        raw((value ? "true" : "false").utf8)
    }

    /// As `description` writes it.
    package mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {  // most of a record's numbers: color components 0 and 1
            put(UInt8(ascii: "0") + UInt8(value))
            return
        }
        reserve(21)
        var magnitude = value.magnitude
        if value < 0 { put(UInt8(ascii: "-")) }
        var digits = 1
        var power: UInt = 10
        while digits < 20, magnitude >= power {
            digits += 1
            (power, _) = power.multipliedReportingOverflow(by: 10)
        }
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            base[count + offset] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// As JSONEncoder writes a Double: its `description` without a trailing ".0" (`7200`,
    /// `0.478`, `1e-07`, `1e+21`, `-0`). Whole numbers below 10^15 are written directly
    /// (their description is their digits and ".0"); the rest through `description`. NaN or
    /// infinity, which JSONEncoder refuses, makes the writer `invalid`.
    package mutating func double(_ value: Double) {
        guard value.isFinite else {
            invalid = true
            return
        }
        if value.magnitude < 1e15, value == value.rounded(.towardZero), !(value == 0 && value.sign == .minus) {
            int(Int(value))
            return
        }
        if decimal(value) { return }
        var text = value.description
        text.withUTF8 { utf8 in
            let end = utf8.count >= 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0")
                ? utf8.count - 2 : utf8.count
            reserve(end)
            copy(UnsafeBufferPointer(rebasing: utf8[..<end]))
        }
    }

    /// A number with at most 6 decimals and 15 digits (0.478, 12.5, 0.05) written as its
    /// decimal, without `description` (a String and ~500 instructions a number): if the digits
    /// `m` and the power of ten are exact Doubles and m / 10^places gives back `value`, the
    /// decimal round-trips, and as Doubles hold 15 digits no other decimal of at most 15 digits
    /// does, so it is the shortest one, which `description` writes (in this range, not in
    /// exponent form). Places are tried from 1 up, so the first that fits has no trailing zero.
    private mutating func decimal(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 1e-3, magnitude < 1e9 else { return false }
        var scale = 1.0
        for places in 1...6 {
            scale *= 10
            let scaled = (magnitude * scale).rounded()
            guard scaled < 1e15 else { return false }
            guard scaled / scale == magnitude else { continue }
            let digits = UInt64(scaled)
            var power: UInt64 = 1
            for _ in 0..<places { power *= 10 }
            if value < 0 { put(UInt8(ascii: "-")) }
            int(Int(digits / power))
            reserve(places + 1)
            base[count] = UInt8(ascii: ".")
            var fraction = digits % power
            for offset in stride(from: places, through: 1, by: -1) {
                base[count + offset] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            count += places + 1
            return true
        }
        return false
    }

    /// Bytes that are already JSON (a record JSONEncoder wrote, a message's fixed parts).
    package mutating func raw(_ json: some Sequence<UInt8>) {
        for byte in json { put(byte) }
    }

    /// One byte of JSON punctuation (the comma between records of a list written by hand).
    package mutating func raw(_ byte: UInt8) {
        put(byte)
    }

    // MARK: Bytes

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, capacity * 2))
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = max(needed, capacity * 2)
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Copies bytes for which room was reserved.
    @inline(__always)
    private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
