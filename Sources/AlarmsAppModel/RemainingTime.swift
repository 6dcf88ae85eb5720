import FoundationEssentials
import LinuxSupport

/// "in 9 h 12 min": how long until an instant, rounded up to the minute so an alarm never
/// reads as sooner than it is, and "in less than a minute" at the end.
package enum RemainingTime {
    package static func text(until date: Date, now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        guard seconds.isFinite, seconds > 0 else { return tr("now") }
        guard seconds > 60 else { return tr("in less than a minute") }
        let minutes = Int((seconds / 60).rounded(.up).clamped(to: 0...1e9))
        let days = minutes / 1440, hours = minutes / 60 % 24, rest = minutes % 60
        if days > 0 {
            return hours > 0 ? tr("in %1$s d %2$s h", String(days), String(hours)) : tr("in %1$s d", String(days))
        }
        if hours > 0 {
            return rest > 0 ? tr("in %1$s h %2$s min", String(hours), String(rest)) : tr("in %1$s h", String(hours))
        }
        return tr("in %1$s min", String(rest))
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
