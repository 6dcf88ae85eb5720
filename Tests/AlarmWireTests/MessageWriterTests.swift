import Foundation
import Testing
@testable import AlarmWire

/// alarmd's hand-written replies and events must be exactly what `AlarmProtocol.encoder()`
/// writes, byte for byte, and must leave to it what they do not write.
@Suite(.timeLimit(.minutes(1))) struct MessageWriterTests {
    private func expectSame(_ message: AlarmProtocol.Message, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reference = String(decoding: try AlarmProtocol.encoder().encode(message), as: UTF8.self)
        let written = MessageWriter.json(message).map { String(decoding: $0, as: UTF8.self) }
        #expect(written == reference, "\(context)", sourceLocation: sourceLocation)
    }

    private static let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    /// What `Daemon.answer`, the engine, the apps service and the server build.
    static func daemonMessages() -> [AlarmProtocol.Message] {
        var messages: [AlarmProtocol.Message] = [AlarmProtocol.Message(id: 1, ok: true)]  // watch
        for record in RecordSamples.everyKind {
            var scheduled = AlarmProtocol.Message(id: 2, ok: true)
            scheduled.record = record
            messages.append(scheduled)
            scheduled.warning = "not yet durable: disk full; the sound \"Chime\" is not found, the default plays"
            messages.append(scheduled)
            var acted = AlarmProtocol.Message(id: 3, ok: true)
            acted.alarm = record.id
            messages.append(acted)  // cancelled: the alarm is gone
            acted.record = record
            messages.append(acted)
            var missed = AlarmProtocol.Message(event: .missed)
            missed.record = record
            missed.reason = "ringTimeout"
            messages.append(missed)
        }
        for code in [AlarmProtocol.ErrorReply.Code.malformed, .tooLarge, .unsupportedVersion, .notFound, .invalidTransition, .neverFires,
                     .maximumLimitReached, .invalidConfiguration, .storage, .internalError, .busy, .notAuthorized] {
            messages.append(.failure(id: 4, .init(code, "no alarm with id \(id): \"quoted\" / \\ \n ü")))
            messages.append(.failure(id: nil, .init(code, "request larger than 262144 bytes; ignored up to the next newline")))
        }
        for state in [AppAuthorization.notDetermined, .denied, .authorized] {
            var reply = AlarmProtocol.Message(id: 5, ok: true)
            reply.app = "org.example.clock"
            reply.authorization = state
            messages.append(reply)
            var event = AlarmProtocol.Message(event: .authorization)
            event.app = "org.example.clock"
            event.authorization = state
            messages.append(event)
        }
        var claimed = AlarmProtocol.Message(id: 6, ok: true)
        claimed.intents = []
        messages.append(claimed)
        var pending = AlarmProtocol.Message(event: .intentPending)
        pending.app = "org.example.clock"
        messages.append(pending)
        for kind in ["stop", "secondary"] {
            var intent = AlarmProtocol.Message(event: .intent)
            intent.alarm = id
            intent.intent = kind
            messages.append(intent)
        }
        for reason in [AlarmProtocol.EndReason.stopped, .cancelled] {
            var ended = AlarmProtocol.Message(event: .ended)
            ended.alarm = id
            ended.reason = reason.rawValue
            messages.append(ended)
        }
        var sounding = AlarmProtocol.Message(event: .sounding)
        sounding.alarm = id
        sounding.firedFor = Date(timeIntervalSince1970: 1_795_681_752.860_334_9)
        messages.append(sounding)
        sounding.firstFrame = Date(timeIntervalSince1970: 1_795_681_752.9)
        messages.append(sounding)
        sounding.firstFrame = nil
        sounding.reason = "no audio device could play it: ALSA: No such device"
        messages.append(sounding)
        var list = AlarmProtocol.Message(event: .alarms)
        list.alarms = []
        messages.append(list)
        list.alarms = RecordSamples.everyKind
        list.more = true
        messages.append(list)
        list.event = nil
        list.id = 7
        list.ok = true
        list.more = false
        messages.append(list)
        return messages
    }

    @Test func writesWhatTheDaemonSendsAsJSONEncoderDoes() throws {
        for (index, message) in Self.daemonMessages().enumerated() { try expectSame(message, "message \(index)") }
    }

    @Test func writesRandomMessagesAsJSONEncoderDoes() throws {
        var random = RecordSamples.Random(seed: 0x3E55_A6E)
        for round in 0..<2000 {
            func maybe<T>(_ make: () -> T) -> T? { random.chance(40) ? make() : nil }
            var message = AlarmProtocol.Message(
                id: maybe { Int(truncatingIfNeeded: random.next()) }, ok: maybe { random.chance(50) },
                event: maybe { [.alarms, .missed, .intent, .sounding, .authorization, .intentPending, .ended].randomElement(using: &random)! })
            message.v = random.chance(80) ? 1 : Int(truncatingIfNeeded: random.next())
            message.error = maybe { .init(.notFound, RecordSamples.string(&random, maxLength: 30)) }
            message.alarm = maybe { RecordSamples.record(&random).id }
            message.record = maybe { RecordSamples.record(&random) }
            message.alarms = maybe { (0..<Int.random(in: 0...3, using: &random)).map { _ in RecordSamples.record(&random) } }
            message.reason = maybe { RecordSamples.string(&random) }
            message.intent = maybe { RecordSamples.string(&random) }
            message.firedFor = maybe { RecordSamples.date(&random) }
            message.firstFrame = maybe { RecordSamples.date(&random) }
            message.warning = maybe { RecordSamples.string(&random, maxLength: 30) }
            message.app = maybe { RecordSamples.string(&random) }
            message.authorization = maybe { [.notDetermined, .denied, .authorized].randomElement(using: &random)! }
            message.intents = maybe { [] }
            message.more = maybe { random.chance(50) }
            try expectSame(message, "round \(round)")
        }
    }

    /// The cold values (status, missed lists, apps, pending intents) are written by their
    /// Codable where they stand: the whole message is still JSONEncoder's, byte for byte.
    @Test func writesColdValuesAsJSONEncoderDoes() throws {
        var status = AlarmProtocol.Message(id: 1, ok: true)
        status.status = .init(version: "0.3", pid: 42, timeZone: "Europe/Berlin", alarmCount: 3, audioDevice: "default", notifications: "dunst", defaultSnooze: 540)
        var missed = AlarmProtocol.Message(id: 2, ok: true)
        missed.missed = []
        var apps = AlarmProtocol.Message(id: 3, ok: true)
        apps.apps = []
        var intents = AlarmProtocol.Message(id: 4, ok: true)
        intents.intents = [PendingIntent(
            id: Self.id, app: "a", alarm: Self.id, button: "stop", intent: EncodedIntent(typeName: "T", mangledTypeName: "M", parameters: [:]),
            pressedAt: Date(), expiresAt: Date())]
        var missedOne = AlarmProtocol.Message(id: 5, ok: true)
        missedOne.missed = [.init(alarm: Self.id, title: "Tea / \"now\"", dueAt: Date(timeIntervalSince1970: 1_795_681_752.5), reason: "tooLate", recordedAt: Date())]
        var someApps = AlarmProtocol.Message(id: 6, ok: true)
        someApps.apps = [AppSummary(
            app: "org.example.clock", displayName: "Clock", usageDescription: nil, authorization: .authorized, decidedAt: Date(),
            alarmCount: 2, pendingIntents: 0, launch: AppLaunch(executable: "/usr/bin/clock", arguments: ["--x"]))]
        for message in [status, missed, apps, intents, missedOne, someApps] {
            let written = try #require(MessageWriter.json(message))
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: try AlarmProtocol.encoder().encode(message), as: UTF8.self))
        }
    }

    /// JSONEncoder refuses NaN and infinity; the writer leaves them to it.
    @Test func leavesNonFiniteNumbersToJSONEncoder() {
        for value in [Double.nan, .infinity, -.infinity] {
            var sounding = AlarmProtocol.Message(event: .sounding)
            sounding.firedFor = Date(timeIntervalSince1970: value)
            var reply = AlarmProtocol.Message(id: 1, ok: true)
            reply.record = RecordSamples.everyKind[1]
            reply.record!.tintColor.red = value
            var list = AlarmProtocol.Message(id: 1, ok: true)
            list.alarms = [RecordSamples.everyKind[0], reply.record!]
            for message in [sounding, reply, list] {
                #expect(MessageWriter.json(message) == nil)
                #expect((try? AlarmProtocol.encoder().encode(message)) == nil)
            }
        }
    }
}
