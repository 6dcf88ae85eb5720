import Foundation
import OpenAlarmKit

// PLACEHOLDER — replaced by the fire-time work (issue 2). Signature is the contract.
public struct FireTimeCalendar: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The first instant strictly after `instant` at which `schedule` fires; nil if never again.
    public func nextFire(of schedule: Alarm.Schedule, after instant: Date) -> Date? {
        switch schedule {
        case .fixed(let date): return date > instant ? date : nil
        case .relative: return nil
        }
    }
}
