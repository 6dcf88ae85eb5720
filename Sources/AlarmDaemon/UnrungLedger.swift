import AlarmCalendar
import AlarmWire
import FoundationEssentials
import LinuxSupport

/// The events of the calendars alarmd reads that give no alarm, with their reasons, for the
/// `unrung` request and `status`'s counts: never silent about what does not ring. In memory:
/// a `[[calendars]]` subscription's list is its last read's (it reads the whole calendar each
/// time); `[sync]`'s is kept per server object while that object stays as it was (a sync round
/// fetches only what changed), and found again by the first round after a start, which lists
/// the whole calendar. At most `maxUnrungListed` events per calendar are kept, all counted;
/// those long past (`EventRefusal.isLongPast`) are counted apart and not kept.
/// Any thread: the sync and subscription threads write, the loop reads.
final class UnrungLedger: @unchecked Sendable {  // every field is guarded by `lock`
    private struct Found {
        var events: [AlarmProtocol.UnrungEvent] = []
        var older = 0

        init(_ refused: [RefusedEvent], now: Date) {
            for refusal in refused {
                if refusal.reason.isLongPast(now: now) { older += 1 } else { events.append(UnrungLedger.event(refusal)) }
            }
        }

        init(merging parts: [Found]) {
            for part in parts {
                events += part.events
                older += part.older
            }
        }

        func calendar(_ name: String?, checked: Date) -> AlarmProtocol.UnrungCalendar {
            AlarmProtocol.UnrungCalendar(
                calendar: name, checked: checked, count: events.count, events: Array(events.prefix(AlarmProtocol.maxUnrungListed)),
                older: older == 0 ? nil : older)
        }
    }

    private let lock = Lock()
    private var subscriptions: [String: AlarmProtocol.UnrungCalendar] = [:]
    /// `[sync]`: per server object (href), what of it gives no alarm.
    private var syncObjects: [String: Found] = [:]
    private var syncChecked: Date?

    /// A `[[calendars]]` read: its whole list of refusals.
    func subscriptionRead(_ name: String, refused: [RefusedEvent], at date: Date) {
        let calendar = Found(refused, now: date).calendar(name, checked: date)
        lock.withLock { subscriptions[name] = calendar }
    }

    /// `[sync]`: a server object none of whose events gives an alarm.
    func syncObjectRefused(href: String, refused: [RefusedEvent], now: Date = Date()) {
        let found = Found(refused, now: now)
        lock.withLock { syncObjects[href] = found }
    }

    /// `[sync]`: a round ended; the objects it still knows as giving no alarm are `hrefs`.
    func syncRoundEnded(keeping hrefs: Set<String>, at date: Date) {
        lock.withLock {
            syncObjects = syncObjects.filter { hrefs.contains($0.key) }
            syncChecked = date
        }
    }

    /// `[sync]` first, then the subscriptions by name; with the events or (status) counts alone.
    func calendars(withEvents: Bool) -> [AlarmProtocol.UnrungCalendar] {
        lock.withLock {
            var result: [AlarmProtocol.UnrungCalendar] = []
            if let syncChecked {
                let found = Found(merging: syncObjects.sorted { $0.key < $1.key }.map(\.value))
                result.append(found.calendar(nil, checked: syncChecked))
            }
            result += subscriptions.sorted { $0.key < $1.key }.map(\.value)
            if !withEvents {
                for index in result.indices { result[index].events = nil }
            }
            return result
        }
    }

    static func event(_ refused: RefusedEvent) -> AlarmProtocol.UnrungEvent {
        let arguments = refused.reason.arguments
        return AlarmProtocol.UnrungEvent(
            summary: refused.summary, uid: refused.uid, start: refused.start?.isoText, startZone: refused.start?.zone,
            reason: refused.reason.code, details: arguments.isEmpty ? nil : arguments)
    }
}
