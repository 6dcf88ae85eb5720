import Foundation
import AlarmModel
import Testing

@testable import AlarmCore

/// One daily alarm, one reference instant, the fire the policy demands. Expected values come
/// from each zone's rules (comments), not from running the code.
struct DSTCase: CustomTestStringConvertible, Sendable {
    let zone: String
    let time: (Int, Int)
    let after: String
    let expected: String
    let why: String
    var testDescription: String { "\(zone) \(time.0):\(time.1) after \(after): \(why)" }
}

// Berlin, EU rule: 2026-03-29 02:00 CET -> 03:00 CEST; 2026-10-25 03:00 CEST -> 02:00 CET.
let berlinCases = [
    DSTCase(zone: "Europe/Berlin", time: (2, 30), after: "2026-03-28T12:00:00+01:00",
            expected: "2026-03-29T03:30:00+02:00", why: "inside the gap: shifted by 1 h"),
    DSTCase(zone: "Europe/Berlin", time: (2, 0), after: "2026-03-28T12:00:00+01:00",
            expected: "2026-03-29T03:00:00+02:00", why: "gap start edge does not exist"),
    DSTCase(zone: "Europe/Berlin", time: (1, 59), after: "2026-03-28T12:00:00+01:00",
            expected: "2026-03-29T01:59:00+01:00", why: "last minute before the gap"),
    DSTCase(zone: "Europe/Berlin", time: (3, 0), after: "2026-03-28T12:00:00+01:00",
            expected: "2026-03-29T03:00:00+02:00", why: "gap end edge exists"),
    DSTCase(zone: "Europe/Berlin", time: (2, 30), after: "2026-03-29T03:30:00+02:00",
            expected: "2026-03-30T02:30:00+02:00", why: "the day after the gap is normal"),
    DSTCase(zone: "Europe/Berlin", time: (2, 30), after: "2026-10-24T12:00:00+02:00",
            expected: "2026-10-25T02:30:00+02:00", why: "overlap: first occurrence"),
    DSTCase(zone: "Europe/Berlin", time: (2, 30), after: "2026-10-25T02:30:00+02:00",
            expected: "2026-10-26T02:30:00+01:00", why: "overlap: never the second occurrence"),
    DSTCase(zone: "Europe/Berlin", time: (2, 30), after: "2026-10-25T02:45:00+02:00",
            expected: "2026-10-26T02:30:00+01:00", why: "between the occurrences: date already fired"),
    DSTCase(zone: "Europe/Berlin", time: (2, 0), after: "2026-10-24T12:00:00+02:00",
            expected: "2026-10-25T02:00:00+02:00", why: "overlap start edge: first occurrence"),
    DSTCase(zone: "Europe/Berlin", time: (3, 0), after: "2026-10-24T12:00:00+02:00",
            expected: "2026-10-25T03:00:00+01:00", why: "overlap end edge happens once"),
]

// New York: 2026-03-08 02:00 EST -> 03:00 EDT; 2026-11-01 02:00 EDT -> 01:00 EST.
// London: 2026-03-29 01:00 GMT -> 02:00 BST; 2026-10-25 02:00 BST -> 01:00 GMT.
let newYorkLondonCases = [
    DSTCase(zone: "America/New_York", time: (2, 30), after: "2026-03-07T12:00:00-05:00",
            expected: "2026-03-08T03:30:00-04:00", why: "gap"),
    DSTCase(zone: "America/New_York", time: (1, 30), after: "2026-10-31T12:00:00-04:00",
            expected: "2026-11-01T01:30:00-04:00", why: "overlap: first"),
    DSTCase(zone: "America/New_York", time: (1, 30), after: "2026-11-01T01:30:00-04:00",
            expected: "2026-11-02T01:30:00-05:00", why: "overlap: once"),
    DSTCase(zone: "Europe/London", time: (1, 30), after: "2026-03-28T12:00:00Z",
            expected: "2026-03-29T02:30:00+01:00", why: "gap"),
    DSTCase(zone: "Europe/London", time: (0, 59), after: "2026-03-28T12:00:00Z",
            expected: "2026-03-29T00:59:00Z", why: "before the gap"),
    DSTCase(zone: "Europe/London", time: (1, 30), after: "2026-10-24T12:00:00+01:00",
            expected: "2026-10-25T01:30:00+01:00", why: "overlap: first"),
    DSTCase(zone: "Europe/London", time: (1, 30), after: "2026-10-25T01:10:00Z",
            expected: "2026-10-26T01:30:00Z", why: "after the first, before the second occurrence"),
]

// Lord Howe, 30-minute DST: 2026-10-04 02:00 (+10:30) -> 02:30 (+11);
// 2026-04-05 02:00 (+11) -> 01:30 (+10:30).
let lordHoweCases = [
    DSTCase(zone: "Australia/Lord_Howe", time: (2, 15), after: "2026-10-03T12:00:00+10:30",
            expected: "2026-10-04T02:45:00+11:00", why: "gap: shifted by 30 min"),
    DSTCase(zone: "Australia/Lord_Howe", time: (2, 0), after: "2026-10-03T12:00:00+10:30",
            expected: "2026-10-04T02:30:00+11:00", why: "gap start edge"),
    DSTCase(zone: "Australia/Lord_Howe", time: (2, 30), after: "2026-10-03T12:00:00+10:30",
            expected: "2026-10-04T02:30:00+11:00", why: "gap end edge"),
    DSTCase(zone: "Australia/Lord_Howe", time: (1, 59), after: "2026-10-03T12:00:00+10:30",
            expected: "2026-10-04T01:59:00+10:30", why: "before the gap"),
    DSTCase(zone: "Australia/Lord_Howe", time: (1, 45), after: "2026-04-04T12:00:00+11:00",
            expected: "2026-04-05T01:45:00+11:00", why: "overlap: first"),
    DSTCase(zone: "Australia/Lord_Howe", time: (1, 45), after: "2026-04-05T01:45:00+11:00",
            expected: "2026-04-06T01:45:00+10:30", why: "overlap: once"),
    DSTCase(zone: "Australia/Lord_Howe", time: (1, 30), after: "2026-04-04T12:00:00+11:00",
            expected: "2026-04-05T01:30:00+11:00", why: "overlap start edge"),
    DSTCase(zone: "Australia/Lord_Howe", time: (2, 0), after: "2026-04-04T12:00:00+11:00",
            expected: "2026-04-05T02:00:00+10:30", why: "overlap end edge"),
]

// Troll, 2-hour DST at 01:00 UTC: 2026-03-29 01:00 (+00) -> 03:00 (+02);
// 2026-10-25 03:00 (+02) -> 01:00 (+00).
let trollCases = [
    DSTCase(zone: "Antarctica/Troll", time: (2, 0), after: "2026-03-28T12:00:00Z",
            expected: "2026-03-29T04:00:00+02:00", why: "gap: shifted by 2 h"),
    DSTCase(zone: "Antarctica/Troll", time: (1, 0), after: "2026-03-28T12:00:00Z",
            expected: "2026-03-29T03:00:00+02:00", why: "gap start edge"),
    DSTCase(zone: "Antarctica/Troll", time: (2, 59), after: "2026-03-28T12:00:00Z",
            expected: "2026-03-29T04:59:00+02:00", why: "gap last minute"),
    DSTCase(zone: "Antarctica/Troll", time: (3, 0), after: "2026-03-28T12:00:00Z",
            expected: "2026-03-29T03:00:00+02:00", why: "gap end edge"),
    DSTCase(zone: "Antarctica/Troll", time: (0, 59), after: "2026-03-28T12:00:00Z",
            expected: "2026-03-29T00:59:00Z", why: "before the gap"),
    DSTCase(zone: "Antarctica/Troll", time: (1, 30), after: "2026-10-24T12:00:00+02:00",
            expected: "2026-10-25T01:30:00+02:00", why: "overlap: first"),
    DSTCase(zone: "Antarctica/Troll", time: (1, 30), after: "2026-10-25T01:30:00+02:00",
            expected: "2026-10-26T01:30:00Z", why: "overlap: once"),
    DSTCase(zone: "Antarctica/Troll", time: (2, 59), after: "2026-10-24T12:00:00+02:00",
            expected: "2026-10-25T02:59:00+02:00", why: "overlap last minute: first"),
    DSTCase(zone: "Antarctica/Troll", time: (3, 0), after: "2026-10-24T12:00:00+02:00",
            expected: "2026-10-25T03:00:00Z", why: "overlap end edge"),
]

// Chatham, +12:45/+13:45: 2026-09-27 02:45 -> 03:45; 2026-04-05 03:45 -> 02:45.
let chathamCases = [
    DSTCase(zone: "Pacific/Chatham", time: (3, 0), after: "2026-09-26T12:00:00+12:45",
            expected: "2026-09-27T04:00:00+13:45", why: "gap"),
    DSTCase(zone: "Pacific/Chatham", time: (2, 45), after: "2026-09-26T12:00:00+12:45",
            expected: "2026-09-27T03:45:00+13:45", why: "gap start edge"),
    DSTCase(zone: "Pacific/Chatham", time: (2, 44), after: "2026-09-26T12:00:00+12:45",
            expected: "2026-09-27T02:44:00+12:45", why: "before the gap"),
    DSTCase(zone: "Pacific/Chatham", time: (3, 45), after: "2026-09-26T12:00:00+12:45",
            expected: "2026-09-27T03:45:00+13:45", why: "gap end edge"),
    DSTCase(zone: "Pacific/Chatham", time: (3, 0), after: "2026-04-04T12:00:00+13:45",
            expected: "2026-04-05T03:00:00+13:45", why: "overlap: first"),
    DSTCase(zone: "Pacific/Chatham", time: (3, 0), after: "2026-04-05T03:00:00+13:45",
            expected: "2026-04-06T03:00:00+12:45", why: "overlap: once"),
    DSTCase(zone: "Pacific/Chatham", time: (3, 45), after: "2026-04-04T12:00:00+13:45",
            expected: "2026-04-05T03:45:00+12:45", why: "overlap end edge"),
]

// Santiago, midnight changes: 2026-09-06 00:00 (-04) -> 01:00 (-03);
// 2026-04-05 00:00 (-03) -> 2026-04-04 23:00 (-04).
let santiagoCases = [
    DSTCase(zone: "America/Santiago", time: (0, 0), after: "2026-09-05T12:00:00-04:00",
            expected: "2026-09-06T01:00:00-03:00", why: "midnight does not exist"),
    DSTCase(zone: "America/Santiago", time: (0, 30), after: "2026-09-05T12:00:00-04:00",
            expected: "2026-09-06T01:30:00-03:00", why: "gap"),
    DSTCase(zone: "America/Santiago", time: (23, 59), after: "2026-09-05T12:00:00-04:00",
            expected: "2026-09-05T23:59:00-04:00", why: "before the gap"),
    DSTCase(zone: "America/Santiago", time: (23, 30), after: "2026-04-04T12:00:00-03:00",
            expected: "2026-04-04T23:30:00-03:00", why: "overlap: first"),
    DSTCase(zone: "America/Santiago", time: (23, 30), after: "2026-04-04T23:30:00-03:00",
            expected: "2026-04-05T23:30:00-04:00", why: "overlap: once"),
    DSTCase(zone: "America/Santiago", time: (0, 0), after: "2026-04-04T12:00:00-03:00",
            expected: "2026-04-05T00:00:00-04:00", why: "midnight after the overlap, once"),
]

// Cairo: 2026-04-24 (last Friday) 00:00 -> 01:00; 2026-10-29 (last Thursday) 24:00 -> 23:00.
// Nuuk (-02/-01, at 01:00 UTC): 2026-03-28 23:00 -> 03-29 00:00; 2026-10-25 00:00 -> 10-24 23:00.
let cairoNuukCases = [
    DSTCase(zone: "Africa/Cairo", time: (0, 0), after: "2026-04-23T12:00:00+02:00",
            expected: "2026-04-24T01:00:00+03:00", why: "midnight gap"),
    DSTCase(zone: "Africa/Cairo", time: (0, 30), after: "2026-04-23T12:00:00+02:00",
            expected: "2026-04-24T01:30:00+03:00", why: "gap"),
    DSTCase(zone: "Africa/Cairo", time: (23, 30), after: "2026-10-29T12:00:00+03:00",
            expected: "2026-10-29T23:30:00+03:00", why: "overlap: first"),
    DSTCase(zone: "Africa/Cairo", time: (23, 30), after: "2026-10-29T23:30:00+03:00",
            expected: "2026-10-30T23:30:00+02:00", why: "overlap: once"),
    DSTCase(zone: "America/Nuuk", time: (23, 30), after: "2026-03-28T12:00:00-02:00",
            expected: "2026-03-29T00:30:00-01:00", why: "gap shifts across midnight"),
    DSTCase(zone: "America/Nuuk", time: (23, 30), after: "2026-03-29T00:30:00-01:00",
            expected: "2026-03-29T23:30:00-01:00", why: "the next nominal date still fires"),
    DSTCase(zone: "America/Nuuk", time: (22, 59), after: "2026-03-28T12:00:00-02:00",
            expected: "2026-03-28T22:59:00-02:00", why: "before the gap"),
    DSTCase(zone: "America/Nuuk", time: (23, 30), after: "2026-10-24T12:00:00-01:00",
            expected: "2026-10-24T23:30:00-01:00", why: "overlap: first"),
    DSTCase(zone: "America/Nuuk", time: (23, 30), after: "2026-10-24T23:30:00-01:00",
            expected: "2026-10-25T23:30:00-02:00", why: "overlap: once"),
]

// Apia: 2011-12-29 24:00 (-10) -> 2011-12-31 00:00 (+14); Friday 2011-12-30 never happened.
// Kolkata: no DST at all.
let apiaKolkataCases = [
    DSTCase(zone: "Pacific/Apia", time: (7, 0), after: "2011-12-29T08:00:00-10:00",
            expected: "2011-12-31T07:00:00+14:00", why: "the lost date shifts by 24 h"),
    DSTCase(zone: "Pacific/Apia", time: (7, 0), after: "2011-12-31T07:00:00+14:00",
            expected: "2012-01-01T07:00:00+14:00", why: "the same instant is not fired twice"),
    DSTCase(zone: "Pacific/Apia", time: (23, 59), after: "2011-12-29T12:00:00-10:00",
            expected: "2011-12-29T23:59:00-10:00", why: "the last minute before the jump"),
    DSTCase(zone: "Pacific/Apia", time: (0, 0), after: "2011-12-29T23:59:00-10:00",
            expected: "2011-12-31T00:00:00+14:00", why: "midnight after the jump"),
    DSTCase(zone: "Asia/Kolkata", time: (7, 0), after: "2026-03-29T07:00:00+05:30",
            expected: "2026-03-30T07:00:00+05:30", why: "no DST"),
]

@Suite(.timeLimit(.minutes(1))) struct FireTimeDSTTests {
    @Test(arguments: berlinCases + newYorkLondonCases + lordHoweCases + trollCases + chathamCases
        + santiagoCases + cairoNuukCases + apiaKolkataCases)
    func dailyAlarmAroundTransitions(_ example: DSTCase) {
        let timeZone = zone(example.zone)
        let calendar = FireTimeCalendar(timeZone: timeZone)
        let fire = calendar.nextFire(of: dailyAt(example.time.0, example.time.1), after: instant(example.after))
        #expect(rendered(fire, in: timeZone) == rendered(instant(example.expected), in: timeZone))
        #expect(fire == instant(example.expected))
    }

    @Test func overlapFiresOnlyOnceWhenWalked() {
        // Walk every fire of 01:30 through New York's fall-back night.
        let calendar = FireTimeCalendar(timeZone: zone("America/New_York"))
        let fires = Array(calendar.fires(of: dailyAt(1, 30), after: instant("2026-10-30T12:00:00-04:00")).prefix(3))
        #expect(fires == [
            instant("2026-10-31T01:30:00-04:00"),
            instant("2026-11-01T01:30:00-04:00"),
            instant("2026-11-02T01:30:00-05:00"),
        ])
    }

    @Test func apiaLostFridayFiresOnceForFridayAndSaturday() {
        let calendar = FireTimeCalendar(timeZone: zone("Pacific/Apia"))
        // Friday's nominal 09:00 lands on Saturday 09:00, the very instant Saturday's fires at.
        let fires = Array(calendar.fires(of: weeklyAt(9, 0, [.friday, .saturday]),
                                         after: instant("2011-12-28T00:00:00-10:00")).prefix(3))
        #expect(fires == [
            instant("2011-12-31T09:00:00+14:00"),
            instant("2012-01-06T09:00:00+14:00"),
            instant("2012-01-07T09:00:00+14:00"),
        ])
        let fridayOnly = calendar.nextFire(of: weeklyAt(9, 0, [.friday]), after: instant("2011-12-28T00:00:00-10:00"))
        #expect(fridayOnly == instant("2011-12-31T09:00:00+14:00"))
        // Thursday 2011-12-29 happened normally, at -10.
        let thursday = calendar.nextFire(of: weeklyAt(9, 0, [.thursday]), after: instant("2011-12-28T00:00:00-10:00"))
        #expect(thursday == instant("2011-12-29T09:00:00-10:00"))
    }
}
