import AlarmCore
import FoundationEssentials
import AlarmWire

/// Ring at the floor: the deadline timer fires `DeadlineTimer.prepareLead` early, the rings
/// due at the deadline are prepared (sound open, PCM set up, first chunk decoded) and start
/// by themselves at the instant on their own threads, while the loop persists and notifies
/// when the deadline comes, as it always did.
/// A ring that will start at `instant` unless its alarm changes before.
struct UpcomingRing {
    var record: AlarmRecord
    var firedFor: Date
    var instant: Date
}

extension Engine {
    /// The alarms that start ringing when their deadline, at or before `horizon`, comes: what
    /// `processDue` would ring then, found by asking the lifecycle without applying anything.
    func upcomingRings(through horizon: Date) -> [UpcomingRing] {
        var rings: [UpcomingRing] = []
        for record in records.values {
            if case .alerting = record.phase { continue }  // its deadline is the ring timeout
            guard let deadline = lifecycle.deadline(of: record), deadline <= horizon,
                  let transition = try? lifecycle.handle(.due, for: record, now: deadline) else { continue }
            for case .startSound(let ringing) in transition.effects {
                if case .alerting(_, let firedFor) = ringing.phase {
                    rings.append(UpcomingRing(record: ringing, firedFor: firedFor, instant: deadline))
                }
            }
        }
        return rings
    }
}
