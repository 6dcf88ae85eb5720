import AlarmStore
import FoundationEssentials
import AlarmWire

/// Changes applied in memory but not yet on disk (disk full, read-only folder, a database
/// locked by another process). Each alarm keeps only its latest state, so writing the whole
/// set again is idempotent and a retry never replays an older state over a newer one.
struct PendingWrites {
    private(set) var saves: [UUID: AlarmRecord] = [:]
    private(set) var deletes: Set<UUID> = []
    private(set) var missed: [MissedEntry] = []
    /// The sync's rows that belong with these changes (a Stop's acknowledgement with the Stop).
    private(set) var sync = SyncChanges()

    var isEmpty: Bool { saves.isEmpty && deletes.isEmpty && missed.isEmpty && sync.isEmpty }
    var count: Int { saves.count + deletes.count + missed.count + sync.items.count + sync.serverTexts.count }

    mutating func merge(sync later: SyncChanges) { sync.merge(later) }

    mutating func merge(saves newSaves: [UUID: AlarmRecord], deletes newDeletes: Set<UUID>, missed newMissed: [MissedEntry]) {
        for (id, record) in newSaves {
            saves[id] = record
            deletes.remove(id)
        }
        for id in newDeletes {
            deletes.insert(id)
            saves[id] = nil
        }
        // Bounded: a disk full for days must not grow memory without end; the oldest missed
        // entries are the least useful.
        missed += newMissed
        if missed.count > 1000 { missed.removeFirst(missed.count - 1000) }
    }

    mutating func removeAll() { self = PendingWrites() }
}
