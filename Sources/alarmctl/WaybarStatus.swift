import AlarmCore
import AlarmSystem
import FoundationEssentials
import AlarmClient
import LinuxSupport

/// One line for waybar's `return-type: json` (and polybar, through `text`): what matters most
/// now, as `text`; everything, as `tooltip`; the state, as `class` for CSS and as `alt` for
/// `format-icons`. Titles are kept as typed here; `markup` escapes them for waybar.
struct WaybarStatus: Encodable, Equatable {
    var text: String
    var tooltip: String
    /// `ringing`, `paused`, `countdown`, `scheduled`, `idle` or `offline`.
    var `class`: String
    /// The class again, for waybar's `{alt}` and `format-icons`.
    var alt: String
    /// Percent of the running countdown elapsed (waybar's `{percentage}`), else 0.
    var percentage: Int

    init(text: String, tooltip: String, class: String, percentage: Int) {
        (self.text, self.tooltip, self.class, self.alt, self.percentage) = (text, tooltip, `class`, `class`, percentage)
    }

    /// The line as waybar reads it: it hands `text` and `tooltip` (and whatever a `format`
    /// puts `{alt}` into) to Pango as markup, so a title "Tea & cake" would make it log
    /// "Entity did not end with a semicolon" and keep showing its last good line.
    var markup: WaybarStatus {
        var escaped = self
        escaped.text = MarkupText.escaped(text)
        escaped.tooltip = MarkupText.escaped(tooltip)
        escaped.class = MarkupText.escaped(`class`)
        escaped.alt = MarkupText.escaped(alt)
        return escaped
    }

    /// Ringing beats counting down beats paused beats the next scheduled alarm.
    static func of(_ alarms: [AlarmRecord], now: Date, zone: ZoneRules = .current) -> WaybarStatus {
        let tooltip = alarms.isEmpty ? Text.noAlarms : alarms.map { "\(Format.title($0)): \(Format.status(of: $0, now: now, zone: zone, advice: false))" }.joined(separator: "\n")
        if let ringing = alarms.first(where: { $0.phase.state == .alerting }) {
            return WaybarStatus(text: "🔔 \(Format.title(ringing))", tooltip: tooltip, class: "ringing", percentage: 100)
        }
        let counting = alarms.compactMap { record -> (AlarmRecord, Date, TimeInterval)? in
            if case .countdown(_, let fire, let total, _) = record.phase { return (record, fire, total) }
            return nil
        }.min { $0.1 < $1.1 }
        if let (record, fire, total) = counting {
            let left = fire.timeIntervalSince(now)
            // From the seconds shown (rounded up), so the line changes once a second, text and
            // percentage together, never twice with the same time.
            let shown = left.isFinite ? max(left.rounded(.up), 0) : 0
            let done = total > 0 ? Int(((1 - shown / total) * 100).rounded().clamped(to: 0...100)) : 0
            return WaybarStatus(text: "⏳ \(Format.title(record)) \(Format.clock(left))", tooltip: tooltip, class: "countdown", percentage: done)
        }
        if let paused = alarms.first(where: { $0.phase.state == .paused }), case .paused(let total, let elapsed) = paused.phase {
            let done = total > 0 ? Int((elapsed / total * 100).rounded().clamped(to: 0...100)) : 0
            return WaybarStatus(text: "⏸ \(Format.title(paused)) \(Format.clock(total - elapsed))", tooltip: tooltip, class: "paused", percentage: done)
        }
        if let next = alarms.first(where: { $0.phase.state == .scheduled && $0.disabledAt == nil }), case .scheduled(let fire) = next.phase {
            return WaybarStatus(text: "⏰ \(Format.when(fire, now: now, zone: zone))", tooltip: tooltip, class: "scheduled", percentage: 0)
        }
        return WaybarStatus(text: "", tooltip: tooltip, class: "idle", percentage: 0)
    }

    /// alarmd cannot be reached or started: a warning, never the empty look of "no alarms",
    /// since no alarm rings until it runs again.
    static func offline(_ why: String) -> WaybarStatus {
        WaybarStatus(text: "⚠", tooltip: Text.alarmsWillNotRing(why), class: "offline", percentage: 0)
    }

    /// polybar's line: the text alone (it has no tooltip), the warning spelled out. polybar
    /// reads `%{` as the start of a formatting tag, and its escape (`%%`) is not in every
    /// release, so a title's `%{` is written `% {`, which every polybar shows as it is.
    var plainText: String { `class` == "offline" ? Text.barWarning : text.replacing("%{", with: "% {") }

    /// Whether the line changes with the clock (a countdown ticks each second).
    static func ticks(_ alarms: [AlarmRecord]) -> Bool { alarms.contains { $0.phase.state == .countdown } }

    /// Seconds from `now` until a countdown's time left (rounded up, as shown) next changes:
    /// the ticker wakes just after it, not on the wall clock's second, which would show each
    /// second up to a second late. Nil when nothing counts down.
    static func secondsToNextChange(_ alarms: [AlarmRecord], now: Date) -> Double? {
        var soonest: Double?
        for record in alarms {
            guard case .countdown(_, let fire, _, _) = record.phase else { continue }
            let left = fire.timeIntervalSince(now)
            guard left.isFinite, left > 0 else { continue }
            let untilChange = left - (left.rounded(.up) - 1)
            soonest = min(soonest ?? untilChange, untilChange > 0 ? untilChange : 1)
        }
        return soonest.map { min($0 + 0.005, 1.005) }
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
