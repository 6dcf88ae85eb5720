import AlarmCore
import Foundation
import Testing

/// Seconds since 1970 of an ISO 8601 instant, parsed by Foundation (not the code under test).
private func at(_ text: String) -> Int { Int(instant(text).timeIntervalSince1970) }

@Suite(.timeLimit(.minutes(1))) struct PosixRuleTests {
    @Test func centralEuropeanRule() throws {
        let berlin = try ZoneRules(posixTZ: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(berlin.secondsFromGMT(at: at("2026-01-15T12:00:00Z")) == 3600)
        #expect(berlin.secondsFromGMT(at: at("2026-07-15T12:00:00Z")) == 7200)
        // Last Sunday of March 2026 is the 29th, 02:00 CET = 01:00 UTC.
        #expect(berlin.nextTransition(after: at("2026-03-01T00:00:00Z")) == at("2026-03-29T01:00:00Z"))
        #expect(berlin.nextTransition(after: at("2026-03-29T01:00:00Z")) == at("2026-10-25T01:00:00Z"))
        #expect(berlin.abbreviation(at: at("2026-07-01T00:00:00Z")) == "CEST")
        #expect(berlin.isDaylightSavingTime(at: at("2026-07-01T00:00:00Z")))
        // Far beyond any table: the rule still holds (last Sunday of March 2400 is the 26th).
        #expect(berlin.nextTransition(after: at("2400-03-01T00:00:00Z")) == at("2400-03-26T01:00:00Z"))
    }

    @Test func southernRuleWithQuotedNamesAndHalfHours() throws {
        // Lord Howe: +10:30 standard, +11 in summer, from the first Sunday of October to the first of April.
        let lordHowe = try ZoneRules(posixTZ: "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")
        #expect(lordHowe.secondsFromGMT(at: at("2026-06-01T00:00:00Z")) == 37_800)
        #expect(lordHowe.secondsFromGMT(at: at("2026-12-01T00:00:00Z")) == 39_600)
        #expect(lordHowe.abbreviation(at: at("2026-12-01T00:00:00Z")) == "+11")
        // 2026-10-04 02:00 at +10:30 = 2026-10-03T15:30Z; back on 2026-04-05 02:00 at +11 = 2026-04-04T15:00Z.
        #expect(lordHowe.nextTransition(after: at("2026-09-01T00:00:00Z")) == at("2026-10-03T15:30:00Z"))
        #expect(lordHowe.nextTransition(after: at("2026-01-01T00:00:00Z")) == at("2026-04-04T15:00:00Z"))
    }

    @Test func americanRuleAndTheDefaultRule() throws {
        let explicit = try ZoneRules(posixTZ: "EST5EDT,M3.2.0,M11.1.0")
        let implicit = try ZoneRules(posixTZ: "EST5EDT")
        for text in ["2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z", "2026-11-01T05:59:59Z", "2026-11-01T06:00:00Z"] {
            #expect(explicit.secondsFromGMT(at: at(text)) == implicit.secondsFromGMT(at: at(text)), "\(text)")
        }
        #expect(explicit.secondsFromGMT(at: at("2026-03-08T06:59:59Z")) == -18_000)
        #expect(explicit.secondsFromGMT(at: at("2026-03-08T07:00:00Z")) == -14_400)
        #expect(explicit.secondsFromGMT(at: at("2026-11-01T06:00:00Z")) == -18_000)
    }

    @Test func julianDayForms() throws {
        // Jn never counts February 29: J60 is March 1 in every year. n counts it: 59 is March 1
        // in a common year and February 29 in a leap year.
        let julian = try ZoneRules(posixTZ: "AAA0BBB,J60/0,J300/0")
        #expect(julian.nextTransition(after: at("2028-01-01T00:00:00Z")) == at("2028-03-01T00:00:00Z"))
        let zeroBased = try ZoneRules(posixTZ: "AAA0BBB,59/0,300/0")
        #expect(zeroBased.nextTransition(after: at("2027-01-01T00:00:00Z")) == at("2027-03-01T00:00:00Z"))
        #expect(zeroBased.nextTransition(after: at("2028-01-01T00:00:00Z")) == at("2028-02-29T00:00:00Z"))
    }

    @Test func negativeAndLongRuleTimes() throws {
        // Greenland (tzdata's footer): -02 standard, -01 in summer, changes at -1:00 on
        // Sunday after the last Saturday of March (i.e. Saturday 23:00) and at 0:00 in October.
        let nuuk = try ZoneRules(posixTZ: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        // Last Sunday of March 2027 is the 28th; -1:00 that day is 2027-03-27 23:00 at -02 = 2027-03-28T01:00Z.
        #expect(nuuk.nextTransition(after: at("2027-03-01T00:00:00Z")) == at("2027-03-28T01:00:00Z"))
        // A v3 time beyond 24 h: 2 days and 2 hours after midnight of the rule's day.
        let late = try ZoneRules(posixTZ: "XXX0YYY,M3.1.0/50,M10.1.0/-25")
        // First Sunday of March 2026 is the 1st: +50 h is March 3 02:00 UTC.
        #expect(late.nextTransition(after: at("2026-01-01T00:00:00Z")) == at("2026-03-03T02:00:00Z"))
        // First Sunday of October 2026 is the 4th: -25 h is October 2 23:00 local daylight = 22:00Z.
        #expect(late.nextTransition(after: at("2026-06-01T00:00:00Z")) == at("2026-10-02T22:00:00Z"))
    }

    @Test func allYearDaylightTimeNeverChanges() throws {
        let zone = try ZoneRules(posixTZ: "EST5EDT4,0/0,J365/25")
        for text in ["2026-01-01T04:59:59Z", "2026-01-01T05:00:00Z", "2026-07-01T00:00:00Z", "2026-12-31T23:59:59Z", "2300-01-01T05:00:00Z"] {
            #expect(zone.secondsFromGMT(at: at(text)) == -14_400, "\(text)")
        }
        #expect(zone.nextTransition(after: at("2026-06-01T00:00:00Z")) == nil)
    }

    /// Past the table (2200) the offset and the transitions are computed separately from the
    /// rule; they must tell the same story: the offset changes exactly at each transition.
    @Test(arguments: ["CET-1CEST,M3.5.0,M10.5.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0",
                      "XXX0YYY,M3.1.0/50,M10.1.0/-25", "AAA0BBB,J60/0,J300/0", "NZST-12NZDT,M9.5.0,M4.1.0/3"])
    func offsetsAndTransitionsAgreePastTheTable(_ text: String) throws {
        let rules = try ZoneRules(posixTZ: text)
        let files = zone("Pacific/Auckland")  // the same check through a file's footer
        for zone in [rules, files] {
            var at = 7_258_118_400 - 86_400 * 400  // 2199-01-xx
            var count = 0
            while let next = zone.nextTransition(after: at), next < 10_413_792_000 {  // 2300
                #expect(next > at)
                #expect(zone.secondsFromGMT(at: next - 1) != zone.secondsFromGMT(at: next), "\(text) at \(next)")
                let middle = at + (next - at) / 2
                #expect(zone.secondsFromGMT(at: middle) == zone.secondsFromGMT(at: next - 1), "\(text) between \(at) and \(next)")
                at = next
                count += 1
            }
            #expect(count >= 200, "two changes a year: \(count)")
        }
    }

    @Test func fixedZones() throws {
        let japan = try ZoneRules(posixTZ: "JST-9")
        #expect(japan.secondsFromGMT(at: 0) == 32_400 && japan.nextTransition(after: 0) == nil)
        #expect(ZoneRules.utc.secondsFromGMT(at: 1_000_000) == 0 && ZoneRules.utc.identifier == "UTC")
        #expect(ZoneRules.fixed(secondsFromGMT: -12_600, identifier: "X").secondsFromGMT(at: 5) == -12_600)
    }

    @Test func extremeInstantsAnswerWithoutTrapping() throws {
        let berlin = try ZoneRules(posixTZ: "CET-1CEST,M3.5.0,M10.5.0/3")
        for instant in [Int.min, Int.min + 1, Int.max - 1, Int.max] {
            #expect([3600, 7200].contains(berlin.secondsFromGMT(at: instant)))
            _ = berlin.nextTransition(after: instant)
        }
        #expect(berlin.nextTransition(after: Int.max) == nil)
    }

    @Test(arguments: ["", "CE", "CET", "CET-1CEST,", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                      "CET-1CEST,J0,J100", "CET-1CEST,366,100", "CET-25", "<+1030-10:30", "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1:60",
                      "CET-1CEST,M3.5.0,M10.5.0/3x", "Europe/Berlin"])
    func malformedRulesAreTypedErrors(_ text: String) {
        #expect(throws: ZoneRulesError.self) { try ZoneRules(posixTZ: text) }
    }
}

@Suite(.timeLimit(.minutes(1))) struct TZifTests {
    private func file(_ identifier: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: zoneInfoFolder + "/" + identifier)))
    }

    @Test func theFooterCarriesTheZoneBeyondItsTable() throws {
        // Debian's files are "fat" or "slim"; either way 2150 and 2400 come from the footer rule.
        let berlin = zone("Europe/Berlin")
        #expect(berlin.secondsFromGMT(at: at("2150-07-01T00:00:00Z")) == 7200)
        #expect(berlin.nextTransition(after: at("2400-03-01T00:00:00Z")) == at("2400-03-26T01:00:00Z"))
        #expect(berlin.abbreviation(at: at("1990-01-01T00:00:00Z")) == "CET")
    }

    @Test func versionOneDataIsReadWhenThatIsAllThereIs() throws {
        // Keep only the v1 header and block, marked version 1 (a NUL version byte).
        var bytes = try file("America/New_York")
        bytes[4] = 0
        let v1 = try ZoneRules(identifier: "America/New_York", tzif: bytes)
        #expect(v1.secondsFromGMT(at: at("2007-03-11T07:00:00Z")) == -14_400)
        #expect(v1.secondsFromGMT(at: at("2007-03-11T06:59:59Z")) == -18_000)
    }

    @Test func malformedFilesAreTypedErrors() throws {
        let good = try file("Europe/Berlin")
        #expect(throws: ZoneRulesError(.notTZif, "not a TZif file")) { try ZoneRules(identifier: "x", tzif: Array("Europe/Berlin\n".utf8) + [UInt8](repeating: 0, count: 64)) }
        for cut in [0, 10, 43, 44, 100, good.count / 2, good.count - 2] {
            #expect(throws: ZoneRulesError.self, "cut at \(cut)") { try ZoneRules(identifier: "x", tzif: Array(good.prefix(cut))) }
        }
        var badFooter = good
        badFooter[badFooter.count - 4] = UInt8(ascii: "?")
        #expect(throws: ZoneRulesError.self) { try ZoneRules(identifier: "x", tzif: badFooter) }
    }

    /// Random damage to real files: an error or rules, never a crash or a hang; and whatever
    /// loads answers queries without trapping.
    @Test func damagedFilesNeverCrash() throws {
        var random = SplitMix64(seed: 0x7A1F)
        var loaded = 0
        for name in ["Europe/Berlin", "Australia/Lord_Howe", "America/Nuuk", "Pacific/Apia", "UTC"] {
            let original = try file(name)
            for _ in 0..<2000 {
                var bytes = original
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let index = Int(random.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: random.next())
                }
                if random.next() % 5 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
                guard let rules = try? ZoneRules(identifier: name, tzif: bytes) else { continue }
                loaded += 1
                for probe in [Int.min, Int.min / 4, -1, 0, 1_800_000_000, 9_000_000_000, Int.max / 4, Int.max] {
                    _ = rules.secondsFromGMT(at: probe)
                    _ = rules.nextTransition(after: probe)
                }
            }
        }
        #expect(loaded > 0, "some damage (a designation byte, say) leaves a readable file")
    }
}

@Suite(.timeLimit(.minutes(1))) struct UTCStampTests {
    @Test func basicFormatInUTC() {
        #expect(UTCStamp.compact(instant("2026-11-21T07:15:00+01:00")) == "20261121T061500Z")
        #expect(UTCStamp.compact(Date(timeIntervalSince1970: -1)) == "19691231T235959Z")
        #expect(UTCStamp.compact(Date(timeIntervalSince1970: 951_782_400.9)) == "20000229T000000Z")
    }
}
