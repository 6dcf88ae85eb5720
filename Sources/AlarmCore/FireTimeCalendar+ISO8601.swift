import FoundationEssentials

extension FireTimeCalendar {
    /// `2026-03-29T03:30:00+02:00`: the instant on this zone's wall clock with its UTC
    /// offset (never `Z`, so every line reads the same). Fractions of a second are dropped.
    /// An offset with seconds (historical local mean time) is written `+HH:MM:SS`.
    public func iso8601(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < Self.supportedSeconds else { return "invalid-date" }
        let offset = timeZone.secondsFromGMT(for: instant)
        let local = Int(seconds.rounded(.down)) + offset
        let date = LocalDate(dayNumber: floorDivide(local, 86_400))
        let timeOfDay = local - floorDivide(local, 86_400) * 86_400
        let clock = pad(timeOfDay / 3600, 2) + ":" + pad(timeOfDay / 60 % 60, 2) + ":" + pad(timeOfDay % 60, 2)
        let magnitude = abs(offset)
        var zone = (offset < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { zone += ":" + pad(magnitude % 60, 2) }
        return "\(date)T\(clock)\(zone)"
    }
}
