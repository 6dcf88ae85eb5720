
/// Turns a nominal local wall-clock time into the instant the fire-time policy assigns it:
/// unique -> that instant; in an overlap -> the first occurrence; in a gap -> shifted
/// forward by the gap's length (the wall time read with the offset in force before the gap).
///
/// Works from the zone's UTC offsets and transitions (`ZoneRules`, a binary search each)
/// rather than calendar arithmetic. Where no transition is within 36 hours — every day but a
/// handful a year — the answer is one subtraction.
struct LocalTimeResolver {
    let timeZone: ZoneRules

    /// No resolution of a wall time can be further than this from it: UTC offsets stay
    /// within ±18 h (±15 h even with historical local mean time), so ±36 h is safe.
    static let reach = 36 * 3600

    /// A stretch of time over which the zone's offset is constant, found once per query (and
    /// kept across the queries of a walk) so that each candidate date costs no look-up.
    struct SteadySpan {
        var start: Double
        var end: Double
        var offset: Int

        func contains(_ instant: Double) -> Bool { instant >= start && instant < end }
    }

    func steadySpan(from start: Int) -> SteadySpan {
        let end = timeZone.nextTransition(after: start).map(Double.init)
        return SteadySpan(start: Double(start), end: end ?? .infinity, offset: timeZone.secondsFromGMT(at: start))
    }

    /// Seconds since 1970 (UTC) for `local`, the wall time as seconds since 1970-01-01 00:00 local.
    func instant(ofLocal local: Int, within span: SteadySpan) -> Int {
        if Double(local - Self.reach) >= span.start, Double(local + Self.reach) < span.end {
            return local - span.offset
        }
        return instant(ofLocal: local)
    }

    /// The exact resolution, from the transitions within reach of `local`.
    func instant(ofLocal local: Int) -> Int {
        let low = local - Self.reach
        let high = Double(local + Self.reach)
        // Segments of constant offset, in order: (start of segment, offset in force).
        var segments: [(start: Double, offset: Int)] = [(-.infinity, timeZone.secondsFromGMT(at: low))]
        var cursor = low
        while segments.count < 16, let next = timeZone.nextTransition(after: cursor), Double(next) < high {
            segments.append((Double(next), timeZone.secondsFromGMT(at: next)))
            cursor = next
        }
        // Every instant that shows this wall time; the earliest is the first occurrence.
        for (index, segment) in segments.enumerated() {
            let candidate = Double(local - segment.offset)
            let end = index + 1 < segments.count ? segments[index + 1].start : .infinity
            if candidate >= segment.start, candidate < end { return local - segment.offset }
        }
        // None: the wall time fell into a gap; read it with the offset before the gap.
        for index in segments.indices.dropFirst() {
            let before = segments[index - 1].offset
            let after = segments[index].offset
            let transition = segments[index].start
            if transition + Double(before) <= Double(local), Double(local) < transition + Double(after) {
                return local - before
            }
        }
        return local - segments[0].offset
    }
}
