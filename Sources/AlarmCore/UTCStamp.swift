import FoundationEssentials

/// `20261121T061500Z`: an instant in UTC as ISO 8601's basic format, for file names (sortable,
/// nothing a shell must quote). Plain day arithmetic, no calendar or formatter.
public enum UTCStamp {
    public static func compact(_ date: Date) -> String {
        let raw = date.timeIntervalSince1970
        let seconds = raw.isFinite && abs(raw) < 1e12 ? Int(raw.rounded(.down)) : 0
        let days = floorDivide(seconds, 86_400)
        let time = seconds - days * 86_400
        let day = LocalDate(dayNumber: days)
        return pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2)
            + "T" + pad(time / 3600, 2) + pad(time / 60 % 60, 2) + pad(time % 60, 2) + "Z"
    }
}
