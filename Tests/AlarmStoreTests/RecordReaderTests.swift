import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// The record's one reader must agree with JSONDecoder, the reference, skip the fields of a
/// newer version, and refuse anything else it does not fully understand.
@Suite(.timeLimit(.minutes(2))) struct RecordReaderTests {
    private func read(_ json: String) -> AlarmRecord? {
        Array(json.utf8).withUnsafeBytes(RecordReader(dates: .since1970).record)
    }

    private var variedRecords: [AlarmRecord] {
        var records = everySchedule.map { sampleRecord(schedule: $0) } + everyPhase.map { sampleRecord(phase: $0) }
        // Every optional left out, and the other enum cases.
        var bare = sampleRecord(schedule: nil)
        bare.countdownDuration = Alarm.CountdownDuration(preAlert: nil, postAlert: nil)
        bare.presentation = AlarmPresentation(alert: .init(title: "Bare"))
        bare.metadata = nil
        bare.sound = SoundSettings()
        records.append(bare)
        var full = sampleRecord()
        full.countdownDuration = nil
        full.presentation.alert.secondaryButtonBehavior = .custom
        full.presentation.countdown?.pauseButton = nil
        full.sound.bundleDirectory = "/opt/app/Sounds"
        full.metadata = "quotes \" backslash \\ slash / tab \t newline \n bell \u{07} emoji 🦉 ünï"
        full.presentation.alert.title = "Réveil ⏰ \"now\""
        records.append(full)
        // Turned off, and skipping an occurrence (`disable`, `skip`).
        var edited = sampleRecord()
        edited.disabledAt = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
        edited.skippedFire = Date(timeIntervalSinceReferenceDate: 800_086_400)
        records.append(edited)
        return records
    }

    @Test func readsEveryRecordKindExactlyAsJSONDecoderDoes() throws {
        for record in variedRecords {
            let json = try RecordJSON.encode(record)
            let reference = try AlarmProtocol.decoder().decode(AlarmRecord.self, from: Data(json.utf8))
            #expect(reference == record)
            let fast = try #require(read(json), "the fast reader gave up on: \(json)")
            #expect(fast == reference)
        }
    }

    @Test func readsEscapesJSONEncoderDoesNotWriteButJSONAllows() throws {
        let record = sampleRecord()
        let json = try RecordJSON.encode(record)
            .replacingOccurrences(of: #""Wake up""#, with: #""W\u0061ke \ud83e\udd89 \/ up""#)
            .replacingOccurrences(of: #",""#, with: " ,\n\t\"")  // whitespace between members
        let reference = try AlarmProtocol.decoder().decode(AlarmRecord.self, from: Data(json.utf8))
        #expect(reference.presentation.alert.title.text == "Wake 🦉 / up")
        #expect(read(json) == reference)
    }

    /// A field this version does not know (as a newer version would write) is passed over.
    @Test func skipsAFieldOfANewerVersion() throws {
        let record = sampleRecord()
        let json = try RecordJSON.encode(record)
            .replacingOccurrences(of: #""appID":"org.example.clock""#, with: #""appID":"org.example.clock","snooze":{"count":2,"left":[1.5,null]}"#)
        #expect(json.contains("snooze"))
        #expect(read(json) == record)
    }

    @Test(arguments: [
        // A phase case it does not know.
        (#""scheduled":"#, #""hibernating":"#),
        // A type it does not expect.
        (#""hour":6"#, #""hour":"6""#),
        (#""hour":6"#, #""hour":6.5"#),
        // Not JSON.
        (#""appID":"org.example.clock""#, #""appID":"org.example.clock"#),
        (#""hour":6"#, #""hour":+6"#),
    ])
    func givesUpOnWhatItDoesNotUnderstand(from: String, to: String) throws {
        let record = sampleRecord(schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .never)))
        let json = try RecordJSON.encode(record)
        #expect(read(json) == record)
        let changed = json.replacingOccurrences(of: from, with: to)
        #expect(changed != json, "the test's edit did not apply to \(json)")
        #expect(read(changed) == nil)
    }

    @Test func deepNestingIsRefusedNotOverflowed() throws {
        let json = try RecordJSON.encode(sampleRecord())
        for deep in [
            String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
            json.replacingOccurrences(of: #""metadata":"#, with: #""metadata":"# + String(repeating: "[", count: 100_000)),
            json.replacingOccurrences(of: #"{"named":"#, with: String(repeating: #"{"named":"#, count: 100_000)),
        ] {
            #expect(read(deep) == nil)
        }
    }

    /// Another order of keys, repeated keys, nulls, unknown fields: read as JSONDecoder reads
    /// them, or given up on, never read differently.
    @Test func agreesWithJSONDecoderOrGivesUp() throws {
        let json = try RecordJSON.encode(sampleRecord())
        let reference = try AlarmProtocol.decoder().decode(AlarmRecord.self, from: Data(json.utf8))
        // Keys in reverse order (JSONDecoder does not mind).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let reversed = "{" + object.keys.sorted(by: >).map { key in
            let value = String(decoding: try! JSONSerialization.data(withJSONObject: object[key]!, options: [.fragmentsAllowed]), as: UTF8.self)
            return "\"\(key)\":\(value)"
        }.joined(separator: ",") + "}"
        #expect(read(reversed) == reference)
        for (from, to) in [
            (#""appID":"org.example.clock""#, #""appID":"org.example.clock","appID":"org.example.clock""#),  // repeated
            (#""metadata":"#, #""metadata":null,"metadata":"#),  // repeated, first null
            (#""rampSeconds":30"#, #""rampSeconds":null"#),  // null optional
            (#""appID":"org.example.clock""#, #""appID":null"#),  // null required
            (#""volume":0.8"#, #""volume":"0.8""#),  // wrong type
            (#""named":"Chime""#, #""named":"Ch\u0069me""#),  // an escape in a value
            (#""named":"Chime""#, #""n\u0061med":"Chime""#),  // an escape in a key
        ] {
            let changed = json.replacingOccurrences(of: from, with: to)
            #expect(changed != json, "the test's edit did not apply to \(json)")
            let fast = read(changed)
            let decoded = try? AlarmProtocol.decoder().decode(AlarmRecord.self, from: Data(changed.utf8))
            #expect(fast == nil || fast == decoded, "\(to)")
        }
        #expect(read(json.replacingOccurrences(of: #""rampSeconds":30"#, with: #""rampSeconds":null"#))?.sound.rampSeconds == .some(nil))
    }
}

@Suite(.timeLimit(.minutes(2))) struct UUIDTextTests {
    @Test func parsesWhatUUIDStringParses() {
        for _ in 0..<100 {
            let id = UUID()
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.uuidString.lowercased()) == id)
        }
    }

    @Test(arguments: [
        "", "not a uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0",
        "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
        "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", "E621E1F8-C36C-495A-93FC-0C247A3E6É5",
    ])
    func refusesWhatUUIDStringRefuses(text: String) {
        #expect(UUID(uuidString: text) == nil)
        #expect(UUID(text: text) == nil)
    }
}
