extension ZoneRules {
    /// Reads a TZif file (RFC 8536, versions 1 to 4): the 64-bit data of version 2 and later,
    /// the 32-bit data of version 1, and the footer's POSIX rule for instants past the table.
    /// Leap-second records (the `right/` zones) are skipped: times here are POSIX seconds.
    public init(identifier: String, tzif bytes: [UInt8]) throws(ZoneRulesError) {
        var reader = TZifReader(bytes: bytes)
        let first = try reader.header()
        guard first.version != 0 else {
            let block = try reader.block(first, timeSize: 4)
            self.init(identifier: identifier, block: block, rule: nil)
            return
        }
        try reader.skip(first.dataSize(timeSize: 4))
        let second = try reader.header()
        let block = try reader.block(second, timeSize: 8)
        let footer = try reader.footer()
        let rule = footer.isEmpty ? nil : try PosixZoneRule(parsing: footer)
        self.init(identifier: identifier, block: block, rule: rule)
    }

    private init(identifier: String, block: TZifReader.Block, rule: PosixZoneRule?) {
        self.init(
            identifier: identifier, transitions: block.transitions, typeIndices: block.typeIndices,
            types: block.types, initialType: 0, rule: rule)
    }
}

/// Byte-level reading of TZif data; every bound is checked before it is used.
private struct TZifReader {
    let bytes: [UInt8]
    var position = 0

    struct Header {
        var version: UInt8
        var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

        func dataSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount
                + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }
    }

    struct Block {
        var transitions: [Int]
        var typeIndices: [UInt8]
        var types: [ZoneRules.LocalTimeType]
    }

    mutating func header() throws(ZoneRulesError) -> Header {
        guard bytes.count - position >= 44 else { throw ZoneRulesError(.truncated, "TZif header cut short") }
        guard Array(bytes[position..<(position + 4)]) == Array("TZif".utf8) else {
            throw ZoneRulesError(.notTZif, "not a TZif file")
        }
        let versionByte = bytes[position + 4]
        let version: UInt8
        switch versionByte {
        case 0: version = 0
        case UInt8(ascii: "2")...UInt8(ascii: "9"): version = versionByte - UInt8(ascii: "0")
        default: throw ZoneRulesError(.invalidData, "unknown TZif version byte \(versionByte)")
        }
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(try uint32())) }
        let header = Header(
            version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
            timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        // RFC 8536 3.1: at least one type and one designation byte; the indicator arrays are
        // either absent or one per type; a type index is one byte (256 types), and two are
        // kept free for the footer rule's (real zones have fewer than 20).
        guard header.typeCount > 0, header.typeCount <= 254, header.charCount > 0,
            header.isUTCCount == 0 || header.isUTCCount == header.typeCount,
            header.isStandardCount == 0 || header.isStandardCount == header.typeCount
        else { throw ZoneRulesError(.invalidData, "TZif header counts out of range") }
        return header
    }

    mutating func skip(_ count: Int) throws(ZoneRulesError) {
        guard count >= 0, bytes.count - position >= count else { throw ZoneRulesError(.truncated, "TZif data cut short") }
        position += count
    }

    mutating func block(_ header: Header, timeSize: Int) throws(ZoneRulesError) -> Block {
        guard bytes.count - position >= header.dataSize(timeSize: timeSize) else {
            throw ZoneRulesError(.truncated, "TZif data cut short")
        }
        var transitions: [Int] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            let time = timeSize == 4 ? Int(Int32(bitPattern: try uint32())) : Int(Int64(bitPattern: try uint64()))
            if let previous = transitions.last, time <= previous {
                throw ZoneRulesError(.invalidData, "TZif transitions out of order")
            }
            guard abs(time) <= 1 << 59 else { throw ZoneRulesError(.invalidData, "TZif transition time out of range") }
            transitions.append(time)
        }
        let typeIndices = Array(bytes[position..<(position + header.timeCount)])
        position += header.timeCount
        guard typeIndices.allSatisfy({ Int($0) < header.typeCount }) else {
            throw ZoneRulesError(.invalidData, "TZif transition names a missing type")
        }
        var raw: [(offset: Int32, isDST: UInt8, designation: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = Int32(bitPattern: try uint32())
            let isDST = bytes[position]
            let designation = Int(bytes[position + 1])
            position += 2
            // RFC 8536: never -2^31; real offsets are within a day either way.
            guard offset > -86_400, offset < 86_400, isDST <= 1, designation < header.charCount else {
                throw ZoneRulesError(.invalidData, "TZif local time type out of range")
            }
            raw.append((offset, isDST, designation))
        }
        let designations = Array(bytes[position..<(position + header.charCount)])
        position += header.charCount
        let types = raw.map { type in
            let tail = designations[type.designation...]
            let name = tail.prefix { $0 != 0 }
            return ZoneRules.LocalTimeType(
                offset: Int(type.offset), isDaylightSaving: type.isDST == 1,
                abbreviation: String(decoding: name, as: UTF8.self))
        }
        position += header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount
        return Block(transitions: transitions, typeIndices: typeIndices, types: types)
    }

    /// The text between the two newlines after the v2+ data.
    mutating func footer() throws(ZoneRulesError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else {
            throw ZoneRulesError(.invalidData, "TZif footer missing")
        }
        let start = position + 1
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw ZoneRulesError(.truncated, "TZif footer not terminated")
        }
        let text = bytes[start..<end]
        guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw ZoneRulesError(.invalidData, "TZif footer is not ASCII text")
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func uint32() throws(ZoneRulesError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw ZoneRulesError(.truncated, "TZif data cut short") }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] { value = value << 8 | UInt32(byte) }
        position += 4
        return value
    }

    private mutating func uint64() throws(ZoneRulesError) -> UInt64 {
        guard bytes.count - position >= 8 else { throw ZoneRulesError(.truncated, "TZif data cut short") }
        var value: UInt64 = 0
        for byte in bytes[position..<(position + 8)] { value = value << 8 | UInt64(byte) }
        position += 8
        return value
    }
}
