import AlarmCore
import Foundation
import Testing

/// `ZoneRules` against Foundation's ICU `TimeZone`, for every zone file the system has:
/// offsets at each ICU transition ±1 s and on a grid a little over a week apart (shifted by an
/// hour and a second each step, so it visits every hour), and the transitions themselves,
/// over 1970-2100. ICU's data and the system's tzdata are released separately; where they
/// disagree the zone is listed in `knownDifferences` with the reason, and checked anyway
/// outside the disputed years.
@Suite(.timeLimit(.minutes(1))) struct ZoneRulesOracleTests {
    static let start = 0  // 1970-01-01
    static let end = 4_102_444_800  // 2100-01-01

    /// Every zone identifier under /usr/share/zoneinfo that is a TZif file, without the
    /// `posix/` and `right/` copies (and the legacy `posixrules`/`localtime` aliases).
    static let identifiers: [String] = {
        let skipped: Set<String> = ["posix", "right", "posixrules", "localtime", "Factory"]
        guard let walker = FileManager.default.enumerator(atPath: zoneInfoFolder) else { return [] }
        var names: [String] = []
        while let path = walker.nextObject() as? String {
            if skipped.contains(String(path.split(separator: "/").first ?? "")) { continue }
            let full = zoneInfoFolder + "/" + path
            guard let handle = FileHandle(forReadingAtPath: full) else { continue }
            let magic = (try? handle.read(upToCount: 4)) ?? Data()
            try? handle.close()
            if magic == Data("TZif".utf8) { names.append(path) }
        }
        return names.sorted()
    }()

    @Test func thereAreZonesToCompare() {
        #expect(Self.identifiers.count > 300, "install tzdata (scripts/setup)")
        #expect(Self.identifiers.contains("Europe/Berlin") && Self.identifiers.contains("Pacific/Apia"))
    }

    @Test(arguments: identifiers)
    func offsetsAndTransitionsMatchICU(_ identifier: String) throws {
        guard let icu = TimeZone(identifier: identifier) else { return }  // ICU lacks a few aliases
        let ours = zone(identifier)
        var mismatches: [String] = []
        func check(_ t: Int) {
            let expected = icu.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
            let got = ours.secondsFromGMT(at: t)
            if expected != got, mismatches.count < 5 { mismatches.append("at \(t): ICU \(expected), ours \(got)") }
        }
        // ICU's offset changes (it also reports changes of the DST split alone; those are skipped).
        var icuChanges: [Int] = []
        var cursor = Date(timeIntervalSince1970: Double(Self.start))
        while let next = icu.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < Double(Self.end) {
            let t = Int(next.timeIntervalSince1970)
            if icu.secondsFromGMT(for: next) != icu.secondsFromGMT(for: next - 1) { icuChanges.append(t) }
            for probe in [t - 1, t, t + 1] { check(probe) }
            cursor = next
        }
        for t in stride(from: Self.start, to: Self.end, by: 7 * 86_400 + 3601) { check(t) }
        // Our transitions, walked the same way.
        var ourChanges: [Int] = []
        var at = Self.start
        while let next = ours.nextTransition(after: at), next < Self.end {
            ourChanges.append(next)
            at = next
        }
        let allowed = Self.knownDifferences[identifier]
        if let allowed {
            mismatches.removeAll { line in allowed.contains(Int(line.split(separator: " ")[1].dropLast()) ?? 0) }
            icuChanges.removeAll { allowed.contains($0) }
            ourChanges.removeAll { allowed.contains($0) }
        }
        #expect(mismatches.isEmpty, "\(identifier): \(mismatches)")
        #expect(ourChanges == icuChanges, "\(identifier): first difference \(firstDifference(ourChanges, icuChanges))")
    }

    /// Zones where the system's tzdata and ICU's copy disagree, with the instants (seconds
    /// since 1970) over which they may. tzdata 2024b made the old rule-named zones links:
    /// `EET` is now Europe/Athens and `WET` Europe/Lisbon, whose histories differ from the old
    /// EU-rule zones until 1981 and 1996; ICU's copy (swift-foundation-icu) predates 2024b.
    static let knownDifferences: [String: Range<Int>] = [
        "EET": 0..<354_675_600,  // to 1981-03-29
        "WET": 0..<846_378_000,  // to 1996-10-27
    ]

    private func firstDifference(_ a: [Int], _ b: [Int]) -> String {
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : nil
            let right = index < b.count ? b[index] : nil
            if left != right { return "ours \(left.map(String.init) ?? "none"), ICU \(right.map(String.init) ?? "none")" }
        }
        return "none"
    }
}
