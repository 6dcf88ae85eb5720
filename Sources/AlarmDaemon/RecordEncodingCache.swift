import FoundationEssentials
import OpenAlarmKit

/// Each alarm's JSON, encoded once per change rather than once per list: JSONEncoder costs
/// ~50 µs a record on Linux, and a watcher or `list` asks for every alarm on every change.
///
/// The cache is bounded (`budget`): with 100,000 alarms, keeping every encoding would hold
/// ~40 MiB for good after one `list`. It holds every alarm or none: when the alarms outnumber
/// the budget, keeping the first ones would save that fraction of each list (a fifth at
/// 100,000) yet hold the whole budget, and the records kept to check it, ~20 MiB, for good
/// after one list. Then records are encoded for each list and forgotten, so memory returns to
/// where it was, until the alarms are fewer than when it overflowed. Loop thread only.
final class RecordEncodingCache {
    /// JSON bytes kept at most: every alarm of a few thousand, the first ones of more.
    static let budget = 8 << 20

    private var cache: [UUID: (record: AlarmRecord, json: Data)] = [:]
    private var cachedBytes = 0
    private let encoder = AlarmProtocol.encoder()
    private let budget: Int
    /// How many alarms were cached when one more did not fit; nil while everything fits.
    private var overflowedAt: Int?

    init(budget: Int = RecordEncodingCache.budget) { self.budget = budget }

    /// Alarms whose encoding is kept.
    var count: Int { cache.count }

    /// Forgets alarms that are gone, so that their bytes do not hold the budget from live ones.
    func prune(keeping ids: Dictionary<UUID, AlarmRecord>.Keys) {
        if let overflowedAt, ids.count < overflowedAt { self.overflowedAt = nil }
        guard cache.keys.contains(where: { !ids.contains($0) }) else { return }
        cache = cache.filter { ids.contains($0.key) }
        cachedBytes = cache.values.reduce(0) { $0 + $1.json.count }
    }

    func json(for record: AlarmRecord) -> Data {
        if let cached = cache[record.id] {
            if cached.record == record { return cached.json }
            cachedBytes -= cached.json.count
            cache[record.id] = nil
        }
        let json = (try? encoder.encode(record)) ?? Data("null".utf8)
        guard overflowedAt == nil else { return json }
        if cachedBytes + json.count <= budget {
            cache[record.id] = (record, json)
            cachedBytes += json.count
        } else {
            overflowedAt = cache.count + 1
            cache = [:]
            cachedBytes = 0
        }
        return json
    }
}
