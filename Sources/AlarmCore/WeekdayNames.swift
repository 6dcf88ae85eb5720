import FoundationEssentials

/// The weekday names a spec accepts: English's always (mon, monday, mo, mondays, ...), and a
/// locale's full names and abbreviations besides (`montag 7:00`, `Mo-Fr 6:30` under de_DE).
/// The caller reads the locale (glibc's DAY_n and ABDAY_n): the core touches no C library.
/// Matching ignores case (Unicode's lowercasing: `MONTAG`, `mié`) and an abbreviation's
/// final dot (`lun.` or `lun`). A spelling that names two different days (the locale's for one,
/// English's for another) is refused as ambiguous rather than guessed.
public struct WeekdayNames: Hashable, Sendable {
    /// Lowercased spelling -> the days it names, as indices into Monday-first order.
    private let days: [String: Set<Int>]
    /// The locale's name ("de_DE.UTF-8") and its full and short names, Monday first, for messages.
    let localeName: String?
    let localFull: [String]
    let localShort: [String]

    public static let english = WeekdayNames(days: englishDays, localeName: nil, localFull: [], localShort: [])

    private init(days: [String: Set<Int>], localeName: String?, localFull: [String], localShort: [String]) {
        self.days = days
        self.localeName = localeName
        self.localFull = localFull
        self.localShort = localShort
    }

    /// English's names and the locale's: `full` and `short` Sunday first, as glibc's DAY_1...7
    /// and ABDAY_1...7 are. Anything but seven of each leaves English alone.
    public init(localeName: String, sundayFirstFull full: [String], short: [String]) {
        guard full.count == 7, short.count == 7 else {
            self = .english
            return
        }
        // Monday first, as the parser counts.
        let mondayFirst = { (names: [String]) in Array(names[1...]) + [names[0]] }
        var days = Self.englishDays
        for (index, names) in zip(mondayFirst(full), mondayFirst(short)).enumerated() {
            for name in [names.0, names.1] {
                let lower = name.lowercased()
                for spelling in [lower, lower.hasSuffix(".") ? String(lower.dropLast()) : lower] where !spelling.isEmpty {
                    days[spelling, default: []].insert(index)
                }
            }
        }
        self.init(days: days, localeName: localeName, localFull: mondayFirst(full), localShort: mondayFirst(short))
    }

    enum Match: Equatable {
        case day(Int)
        case ambiguous([Int])
        case unknown
    }

    /// What `word` names (any case, with or without an abbreviation's dot).
    func match(_ word: String) -> Match {
        let lower = word.lowercased()
        guard let found = days[lower] ?? (lower.count > 1 && lower.hasSuffix(".") ? days[String(lower.dropLast())] : nil) else {
            return .unknown
        }
        return found.count == 1 ? .day(found.first!) : .ambiguous(found.sorted())
    }

    /// Every spelling taken (lowercased), for suggestions.
    var spellings: [String] { Array(days.keys) }

    /// "Monday" for English alone, "Monday (Montag)" with a locale.
    func describe(_ day: Int) -> String {
        let english = Self.englishFull[day]
        guard localFull.count == 7, localFull[day].lowercased() != english.lowercased() else { return english }
        return "\(english) (\(localFull[day]))"
    }

    /// The example list in advice: "mon, tue, ..." and the locale's "Mo, Di, ...".
    var examples: String {
        guard localShort.count == 7, localShort[0].lowercased() != "mon" else { return "mon, tue, ..." }
        return "mon, tue, ..., \(localShort[0]), \(localShort[1]), ..."
    }

    static let englishFull = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    private static let englishDays: [String: Set<Int>] = {
        var days: [String: Set<Int>] = [:]
        let spellings = [
            ["mon", "monday", "mo"], ["tue", "tues", "tuesday", "tu"], ["wed", "weds", "wednesday", "we"],
            ["thu", "thur", "thurs", "thursday", "th"], ["fri", "friday", "fr"],
            ["sat", "saturday", "sa"], ["sun", "sunday", "su"],
        ]
        for (index, words) in spellings.enumerated() {
            for word in words { days[word] = [index] }
            days[words.last { $0.hasSuffix("day") }! + "s"] = [index]
        }
        return days
    }()
}
