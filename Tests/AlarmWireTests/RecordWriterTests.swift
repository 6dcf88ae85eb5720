import Foundation
import Testing
@testable import AlarmWire

/// The hand-written encoder must write exactly what JSONEncoder writes, byte for byte: the
/// protocol's compact form (`AlarmProtocol.encoder()`) and `alarmctl list --json`'s pretty one.
@Suite(.timeLimit(.minutes(1))) struct RecordWriterTests {
    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = AlarmProtocol.encoder()
        if pretty { encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] }
        return encoder
    }

    private func expectSame(_ record: AlarmRecord, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        for pretty in [false, true] {
            let reference = String(decoding: try Self.encoder(pretty: pretty).encode(record), as: UTF8.self)
            let written = RecordWriter.json(record, pretty: pretty).map { String(decoding: $0, as: UTF8.self) }
            #expect(written == reference, "\(context) pretty: \(pretty)", sourceLocation: sourceLocation)
        }
    }

    @Test func writesEveryKindOfRecordAsJSONEncoderDoes() throws {
        for record in RecordSamples.everyKind { try expectSame(record) }
    }

    @Test func writesRandomRecordsAsJSONEncoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x3E_C0DE)
        for round in 0..<2000 { try expectSame(RecordSamples.record(&random), "round \(round)") }
    }

    /// The store's dates: JSONEncoder's default, seconds since 2001.
    @Test func writesStoreDatesAsJSONEncoderDoes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var random = RecordSamples.Random(seed: 0x570_4E)
        let records = RecordSamples.everyKind + (0..<1000).map { _ in RecordSamples.record(&random) }
        for (index, record) in records.enumerated() {
            let reference = String(decoding: try encoder.encode(record), as: UTF8.self)
            let written = RecordWriter.json(record, dates: .sinceReferenceDate).map { String(decoding: $0, as: UTF8.self) }
            #expect(written == reference, "record \(index)")
        }
    }

    @Test func writesListsAsJSONEncoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x115_7)
        for count in [0, 1, 2, 7] {
            let records = (0..<count).map { _ in RecordSamples.record(&random) }
            for pretty in [false, true] {
                let reference = String(decoding: try Self.encoder(pretty: pretty).encode(records), as: UTF8.self)
                #expect(RecordWriter.json(records, pretty: pretty).map { String(decoding: $0, as: UTF8.self) } == reference, "\(count) records")
            }
        }
    }

    /// Doubles are where a hand-written encoder goes wrong: JSONEncoder writes `description`
    /// without a trailing ".0".
    @Test(arguments: RecordSamples.awkwardDoubles + RecordSamples.awkwardDoubles.map { -$0 })
    func writesNumbersAsJSONEncoderDoes(value: Double) throws {
        func near(_ other: Double) -> Double { other.isFinite ? other : value }
        var record = RecordSamples.everyKind[1]
        record.sound.volume = value
        record.tintColor = Color(red: value, green: near(value.nextUp), blue: near(value.nextDown), opacity: value / 3)
        record.phase = .countdown(startDate: Date(timeIntervalSince1970: value), fireDate: Date(timeIntervalSinceReferenceDate: value),
                                  total: near(value * 7), previouslyElapsed: value.squareRoot().isNaN ? 0 : value.squareRoot())
        try expectSame(record, "\(value)")
    }

    /// Numbers with a few decimals are written without `description`: checked against it
    /// for decimals of every length, near the edges of that path, and random bit patterns.
    @Test func writesDecimalsAsJSONEncoderDoes() throws {
        var random = RecordSamples.Random(seed: 0xDEC1_3A1)
        var values: [Double] = [0.001, 0.000999, 0.0009999999, 0.00100001, 999_999_999.5, 999_999_999.999999, 1e9 - 1e-6, 0.1 + 0.2, 1.0 / 3]
        for _ in 0..<20_000 {
            let places = Int.random(in: 1...8, using: &random)
            let digits = Double(Int.random(in: 1...999_999_999_999, using: &random) % Int(pow(10, Double(Int.random(in: 1...15, using: &random)))))
            values.append(digits / pow(10, Double(places)))
            values.append(Double(bitPattern: random.next() & 0x41CF_FFFF_FFFF_FFFF))  // random, mostly below 1e9
        }
        let encoder = AlarmProtocol.encoder()
        for chunk in stride(from: 0, to: values.count, by: 1000) {
            var record = RecordSamples.everyKind[5]
            let part = Array(values[chunk..<min(chunk + 1000, values.count)]).map { $0.isFinite ? $0 : 0 }
            // A list of records, each carrying one value (and its negation).
            let records = part.map { value -> AlarmRecord in
                record.sound.volume = value
                record.sound.rampSeconds = -value
                return record
            }
            let reference = String(decoding: try encoder.encode(records), as: UTF8.self)
            #expect(RecordWriter.json(records).map { String(decoding: $0, as: UTF8.self) } == reference, "values from \(chunk)")
        }
    }

    @Test func writesWholeNumbersAsJSONEncoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x1_0000)
        for exponent in 0...17 {
            for _ in 0..<20 {
                var record = RecordSamples.everyKind[0]
                let magnitude = pow(10, Double(exponent))
                record.sound.volume = (Double.random(in: 0..<10, using: &random) * magnitude).rounded()
                record.sound.rampSeconds = magnitude + Double(Int.random(in: -2...2, using: &random))
                try expectSame(record, "\(record.sound.volume!) \(record.sound.rampSeconds!)")
            }
        }
    }

    @Test func writesIntegersAsJSONEncoderDoes() throws {
        for (hour, minute) in [(Int.min, Int.max), (0, -1), (9, 10), (-10, 99), (100, -9_999_999), (1 << 53, -(1 << 62))] {
            var record = RecordSamples.everyKind[2]
            record.schedule = .relative(.init(time: .init(hour: hour, minute: minute), repeats: .weekly([.saturday, .sunday])))
            try expectSame(record, "\(hour) \(minute)")
        }
    }

    /// Every control character, quotes, backslashes and slashes, and non-ASCII text.
    @Test func escapesStringsAsJSONEncoderDoes() throws {
        var record = RecordSamples.everyKind[2]
        record.presentation.alert.title = LocalizedStringResource(String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self))
        record.metadata = RecordSamples.characters.joined()
        record.appID = "a/b\\c\"d"
        record.sound.bundleDirectory = "/opt/app/Sounds/"
        try expectSame(record)
    }

    /// JSONEncoder refuses NaN and infinity; the writer leaves them to it.
    @Test func leavesNonFiniteNumbersToJSONEncoder() {
        for value in [Double.nan, .infinity, -.infinity] {
            var record = RecordSamples.everyKind[1]
            record.presentation.alert.stopButton.textColor.red = value
            #expect(RecordWriter.json(record) == nil)
            #expect(RecordWriter.json([record, record]) == nil)
            #expect((try? AlarmProtocol.encoder().encode(record)) == nil)
        }
    }
}
