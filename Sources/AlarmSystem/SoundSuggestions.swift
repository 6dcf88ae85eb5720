import AlarmCore

/// The sound names closest to one that resolves nowhere, for "did you mean": alarmd's refusal
/// of `add --sound Chimes` and alarmctl's of `notify --sound nope` rank them alike.
public enum SoundSuggestions {
    /// Every known name, closest to `name` first (ties by name), and the few close enough to
    /// suggest (at most three, at most a third of the name's letters away, two for short names).
    public static func rank(_ name: String, among known: Set<String>) -> (close: [String], ranked: [String]) {
        let lower = Array(name.lowercased())
        let distances = Dictionary(uniqueKeysWithValues: known.map { ($0, editDistance(lower, Array($0.lowercased()))) })
        let ranked = known.sorted { (distances[$0]!, $0) < (distances[$1]!, $1) }
        let close = ranked.prefix(3).filter { distances[$0]! <= max(2, name.count / 3) }
        return (Array(close), ranked)
    }
}
