import AlarmCore
import AlarmSystem
import FoundationEssentials
import AlarmClient

/// One line for waybar's `return-type: json` (and polybar, through `text`): what matters most
/// now, as `text`; everything, as `tooltip`; the state, as `class` for CSS.
struct WaybarStatus: Encodable, Equatable {
    var text: String
    var tooltip: String
    /// `ringing`, `paused`, `countdown`, `scheduled`, `idle` or `offline`.
    var `class`: String
    /// Percent of the running countdown elapsed (waybar's `{percentage}`), else 0.
    var percentage: Int

    /// Ringing beats counting down beats paused beats the next scheduled alarm.
    static func of(_ alarms: [AlarmRecord], now: Date, zone: ZoneRules = .current) -> WaybarStatus {
        let tooltip = alarms.isEmpty ? Text.noAlarms : alarms.map { "\(Format.title($0)): \(Format.status(of: $0, now: now))" }.joined(separator: "\n")
        if let ringing = alarms.first(where: { $0.phase.state == .alerting }) {
            return WaybarStatus(text: "🔔 \(Format.title(ringing))", tooltip: tooltip, class: "ringing", percentage: 100)
        }
        let counting = alarms.compactMap { record -> (AlarmRecord, Date, TimeInterval)? in
            if case .countdown(_, let fire, let total, _) = record.phase { return (record, fire, total) }
            return nil
        }.min { $0.1 < $1.1 }
        if let (record, fire, total) = counting {
            let left = fire.timeIntervalSince(now)
            let done = total > 0 ? Int(((1 - left / total) * 100).rounded().clamped(to: 0...100)) : 0
            return WaybarStatus(text: "⏳ \(Format.title(record)) \(Format.clock(left))", tooltip: tooltip, class: "countdown", percentage: done)
        }
        if let paused = alarms.first(where: { $0.phase.state == .paused }), case .paused(let total, let elapsed) = paused.phase {
            let done = total > 0 ? Int((elapsed / total * 100).rounded().clamped(to: 0...100)) : 0
            return WaybarStatus(text: "⏸ \(Format.title(paused)) \(Format.clock(total - elapsed))", tooltip: tooltip, class: "paused", percentage: done)
        }
        if let next = alarms.first(where: { $0.phase.state == .scheduled }), case .scheduled(let fire) = next.phase {
            return WaybarStatus(text: "⏰ \(Format.when(fire, now: now, zone: zone))", tooltip: tooltip, class: "scheduled", percentage: 0)
        }
        return WaybarStatus(text: "", tooltip: tooltip, class: "idle", percentage: 0)
    }

    static let offline = WaybarStatus(text: "", tooltip: Text.daemonNotRunning, class: "offline", percentage: 0)

    /// Whether the line changes with the clock (a countdown ticks each second).
    static func ticks(_ alarms: [AlarmRecord]) -> Bool { alarms.contains { $0.phase.state == .countdown } }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
