import AlarmCore
import AlarmSystem
import AlarmWords
import ArgumentParser
import FoundationEssentials
import Glibc
import AlarmClient

/// A line per change, for status bars (waybar, polybar) and scripts.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print a line (or a JSON object) whenever alarms change, until interrupted.",
        discussion: """
            --waybar prints waybar's JSON (text, tooltip, class, alt, percentage) on every change \
            and every second while a countdown runs (the time left). Every string in it is Pango \
            markup, escaped (& < > ' " as &amp; &lt; &gt; &apos; &quot;), as waybar reads it. \
            --polybar prints the same text alone, one line each. Both start alarmd as any client \
            does; while it cannot be reached or started they show a warning (⚠, class \
            "offline": alarms will not ring) and retry. Every form of watch exits when its \
            standard output closes (the bar quit).
            """)

    @Flag(help: "One JSON object per line, with each alarm's AlarmPresentationState and the line's text.") var json = false
    @Flag(help: "Lines for waybar (`return-type: json`): text, tooltip, class, alt, percentage, markup escaped; ticks each second; starts alarmd; warns while it is down.")
    var waybar = false
    @Flag(help: "Plain lines for polybar (`tail = true`): the --waybar text alone; ticks each second; starts alarmd; warns while it is down.")
    var polybar = false
    @Option(help: "Only the alarms of this app id.") var app: String?

    /// The JSON line: the event, and for alarm lists each alarm with its live state.
    struct Line: Encodable {
        var event: String
        /// What the plain `watch` prints for this event, for bars that show one field.
        var text: String?
        var alarms: [Entry]?
        var alarm: UUID?
        var reason: String?
        var intent: String?

        struct Entry: Encodable {
            var id: UUID
            var title: String
            var state: Alarm.State
            var app: String
            var alarm: Alarm
            var presentation: AlarmPresentationState?
            /// When it rings next, if it is scheduled or counting down.
            var fireDate: Date?
        }
    }

    func validate() throws {
        guard [json, waybar, polybar].filter({ $0 }).count <= 1 else { throw ValidationError(Text.oneWatchFormat) }
    }

    func run() async throws {
        StandardOutputHangup.exitWhenClosed()
        // A bar starts before alarmd may be up: a warning and retries rather than an exit.
        if waybar || polybar { await WaybarWatch(app: app, style: waybar ? .waybar : .plainText).run() }
        let link = try DaemonLink()
        let stream: AsyncStream<AlarmProtocol.Message>
        // The text line needs only what happens now and what comes next; --json gets everything.
        do { stream = try link.connection.watch(app: app, limit: json ? nil : WaybarWatch.limit) } catch {
            complain(error.description)
            throw Exit.unreachable
        }
        for await message in stream {
            if json { JSONOutput.line(Self.line(for: message)) } else if let text = Self.text(for: message) {
                print(text)
                fflush(nil)  // status bars read line by line
            }
        }
        complain(Text.daemonWentAway)
        throw Exit.unreachable
    }

    static func line(for message: AlarmProtocol.Message) -> Line {
        Line(
            event: message.event?.rawValue ?? "reply",
            text: text(for: message),
            alarms: message.alarms?.map { record in
                Line.Entry(
                    id: record.id, title: record.presentation.alert.title.text, state: record.phase.state, app: record.appID, alarm: record.alarm,
                    presentation: record.presentationState(in: .current), fireDate: fireDate(record))
            },
            alarm: message.alarm ?? message.record?.id, reason: message.reason, intent: message.intent)
    }

    static func fireDate(_ record: AlarmRecord) -> Date? {
        switch record.phase {
        case .scheduled(let fire), .countdown(_, let fire, _, _): fire
        case .paused, .alerting: nil
        }
    }

    /// "ringing: Tea · counting down: Eggs until 14:05:30 · next: Wake up Mon 06:30"
    static func text(for message: AlarmProtocol.Message) -> String? {
        switch message.event {
        case .alarms:
            let alarms = message.alarms ?? []
            var parts: [String] = []
            let ringing = alarms.filter { $0.phase.state == .alerting }
            if !ringing.isEmpty { parts.append(Text.watchRinging(ringing.map(Format.title).joined(separator: ", "))) }
            let words = AlarmWords(now: Date(), zone: .current, localTime: .current)
            for record in alarms {
                if case .countdown(_, let fire, _, _) = record.phase {
                    let snoozed = if case .snoozed = words.describe(record).next { true } else { false }
                    parts.append(snoozed ? Text.watchSnoozed(Format.title(record), until: Format.when(fire)) : Text.watchCountingDown(Format.title(record), until: Format.when(fire)))
                }
                if case .paused(let total, let elapsed) = record.phase { parts.append(Text.watchPaused(Format.title(record), left: Format.clock(total - elapsed))) }
            }
            if let next = alarms.first(where: { $0.phase.state == .scheduled && $0.disabledAt == nil }), case .scheduled(let fire) = next.phase {
                parts.append(Text.watchNext(Format.title(next), at: Format.when(fire)))
            }
            return parts.isEmpty ? Text.noAlarms : parts.joined(separator: " · ")
        case .missed:
            return Text.watchMissed(message.record.map(Format.title))
        case .sounding:
            guard message.firstFrame == nil, let reason = message.reason else { return nil }
            return Text.noSound(reason)
        case .intent, .intentPending, .authorization, .ended, .none:
            return nil
        }
    }
}
