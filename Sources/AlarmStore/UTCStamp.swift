import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `20261121T061500Z`: a UTC second, sortable, with no characters that need quoting in a
/// shell; the suffix of files set aside. From gmtime_r: no calendar or time-zone library.
enum UTCStamp {
    static func string(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "00000000T000000Z" }
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.tm_year + 1900, 4) + padded(parts.tm_mon + 1, 2) + padded(parts.tm_mday, 2)
            + "T" + padded(parts.tm_hour, 2) + padded(parts.tm_min, 2) + padded(parts.tm_sec, 2) + "Z"
    }
}
