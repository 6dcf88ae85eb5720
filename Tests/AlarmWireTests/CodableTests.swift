import Foundation
import Testing
@testable import AlarmWire

@Suite(.timeLimit(.minutes(1))) struct CodableTests {
    @Test func alarmRoundTripsThroughJSON() throws {
        let alarm = Alarm(
            id: UUID(),
            schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .friday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 540), state: .scheduled)
        let data = try JSONEncoder().encode(alarm)
        #expect(try JSONDecoder().decode(Alarm.self, from: data) == alarm)
    }

    @Test func colorHexRoundTrips() {
        #expect(Color(hex: "#FF8000")?.hex == "#FF8000")
        #expect(Color(hex: "#FF800080")?.hex == "#FF800080")
        #expect(Color(hex: "nope") == nil)
        #expect(Color.white.hex == "#FFFFFF")
    }
}

@Suite(.timeLimit(.minutes(1))) struct WireFormatTests {
    private func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decoded<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(text.utf8))
    }

    @Test func enumsWithPayloadsReadAsPlainJSON() throws {
        let weekly = Alarm.Schedule.relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday])))
        #expect(try json(weekly) == #"{"relative":{"repeats":{"weekly":["mon"]},"time":{"hour":6,"minute":30}}}"#)
        #expect(try json(Alarm.Schedule.fixed(Date(timeIntervalSince1970: 1_800_000_000))) == #"{"fixed":1800000000}"#)
        #expect(try json(Alarm.Schedule.Relative.Recurrence.never) == #""never""#)
        #expect(try json(AlertConfiguration.AlertSound.default) == #""default""#)
        #expect(try json(AlertConfiguration.AlertSound.named("Chime")) == #"{"named":"Chime"}"#)
        #expect(try json(AlarmPresentationState.Mode.alert(.init(time: .init(hour: 7, minute: 0)))) == #"{"alert":{"time":{"hour":7,"minute":0}}}"#)
    }

    @Test func theyDecodeBack() throws {
        #expect(try decoded(Alarm.Schedule.self, #"{"fixed":1800000000}"#) == .fixed(Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(try decoded(AlertConfiguration.AlertSound.self, #"{"named":"Chime"}"#) == .named("Chime"))
        #expect(try decoded(Alarm.Schedule.Relative.Recurrence.self, #""never""#) == .never)
        #expect(try decoded(AlarmPresentationState.Mode.self, #"{"paused":{"totalCountdownDuration":60,"previouslyElapsedDuration":5}}"#)
            == .paused(.init(totalCountdownDuration: 60, previouslyElapsedDuration: 5)))
    }

    @Test func unknownOrAmbiguousCasesAreErrorsNotCrashes() {
        #expect(throws: DecodingError.self) { try decoded(Alarm.Schedule.self, #"{"sometimes":1}"#) }
        #expect(throws: DecodingError.self) { try decoded(Alarm.Schedule.self, #"{"fixed":1,"relative":{}}"#) }
        #expect(throws: DecodingError.self) { try decoded(AlertConfiguration.AlertSound.self, #""loud""#) }
        #expect(throws: DecodingError.self) { try decoded(Alarm.Schedule.Relative.Recurrence.self, #"{"monthly":[1]}"#) }
    }
}
