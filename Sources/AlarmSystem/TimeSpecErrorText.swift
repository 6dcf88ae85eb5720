import AlarmCore
import LinuxSupport

/// A refused time spec in the person's language: the core says what is wrong as data
/// (`TimeSpecError.Reason`), and this is the one place that words it, for alarmctl and the
/// window alike. Each sentence names the bad part and what to write instead.
extension TimeSpecError {
    public var message: String {
        switch reason {
        case .empty(let advice): tr("empty time spec (%s)", Self.words(advice))
        case .missingDurationAfterIn: tr("missing duration after 'in' (e.g. in 10m)")
        case .missingDuration: tr("missing duration (%s)", Self.words(.duration))
        case .missingTime(let after): tr("missing time after '%1$s' (e.g. %1$s 7:30)", after)
        case .expectedTime(let after, let got): tr("expected a time after '%1$s', got '%2$s' (%3$s)", after, got, Self.words(.clock))
        case .ambiguousNumber(let number):
            (Int(number) ?? 24) <= 23
                ? tr("'%1$s' could be a time or a duration: write %1$s:00 for a time, %1$sm for in %1$s minutes (a number alone counts minutes only where no time can go: timer 5, --snooze 9)", number)
                : tr("'%1$s' alone is not read here: write %1$sm for in %1$s minutes, or a time such as 7:30 (a number alone counts minutes only where no time can go: timer 5, --snooze 9)", number)
        case .ambiguousDurationNumber(let number): tr("'%1$s' needs a unit here: write %1$sm or %1$ss", number)
        case .unknownWord(let word, let suggestion):
            suggestion.map { tr("can't read '%1$s': did you mean '%2$s'?", word, $0) } ?? tr("can't read '%1$s' (%2$s)", word, Self.words(.spec))
        case .unexpectedAfterDateTime(let word, let dateTime):
            tr("unexpected '%1$s' after the date-time '%2$s' (write the offset without a space: 2026-06-09T09:41:00+02:00)", word, dateTime)
        case .unexpectedWord(let word, let spec):
            tr("unexpected '%1$s' in '%2$s' (a spec is a time, days and a time, a date and a time, or a duration: %3$s)", word, spec, Self.words(.spec))
        case .unexpectedInInstant(let word): tr("unexpected '%1$s' (%2$s)", word, Self.words(.instant))
        case .unreadableInstant(let word): tr("can't read date '%1$s' (%2$s)", word, Self.words(.instant))
        case .inPast(let spec, let instant, let now): tr("'%1$s' is %2$s, already past (now is %3$s)", spec, instant, now)
        case .clockWithSeconds(let text): tr("%1$s: a clock time has no seconds (%2$s; H:MM:SS is a duration)", text, Self.words(.clock))
        case .unreadableTime(let text): tr("can't read time '%1$s' (%2$s)", text, Self.words(.clock))
        case .hourOutOfRange(let text, let twelveHour): twelveHour ? tr("%s: hour must be 1-12 with am/pm", text) : tr("%s: hour must be 0-23", text)
        case .minuteDigits(let text): tr("%1$s: minutes are two digits, as in 7:05 (%2$s)", text, Self.words(.clock))
        case .minuteOutOfRange(let text): tr("%s: minute must be 0-59", text)
        case .unexpectedCharacter(let word, let found, let advice):
            found.map { tr("%1$s: unexpected '%2$s'; %3$s", word, $0, Self.words(advice)) } ?? tr("%1$s: unexpected end; %2$s", word, Self.words(advice))
        case .unexpectedRest(let word, let rest, let advice): tr("%1$s: unexpected '%2$s' (%3$s)", word, rest, Self.words(advice))
        case .unreadableDate(let word): tr("can't read date '%1$s' (%2$s)", word, Self.words(.date))
        case .unreadableMonth(let word): tr("can't read the month of '%1$s' (%2$s)", word, Self.words(.date))
        case .monthOutOfRange(let word): tr("%s: month must be 1-12", word)
        case .unreadableDay(let word): tr("can't read the day of '%1$s' (%2$s)", word, Self.words(.date))
        case .dayOutOfRange(let word, let lastDay, let month, let year):
            tr("%1$s: day must be 1-%2$s in %3$s %4$s", word, String(lastDay), LocalTimeText.monthName(month), String(year))
        case .twoDigits(let word, let part): tr("%1$s: %2$s must be two digits", word, Self.words(part))
        case .partOutOfRange(let word, let part, let low, let high): tr("%1$s: %2$s must be %3$s-%4$s", word, Self.words(part), String(low), String(high))
        case .fractionDigits(let word): tr("%s: expected digits after the decimal point", word)
        case .badOffset(let word): tr("%1$s: bad UTC offset; %2$s", word, Self.words(.offset))
        case .unexpectedAfterDuration(let rest, let duration): tr("unexpected '%1$s' after the duration '%2$s' (%3$s)", rest, duration, Self.words(.duration))
        case .durationTooLong(let text): tr("%s: duration must be at most 365 days", text)
        case .zeroDuration(let text): tr("'%s' is no time at all: a duration must be longer than zero (e.g. 30s or 5m)", text)
        case .negativeDuration(let text, let positive): tr("'%1$s' is negative: a duration counts forward from now (write %2$s)", text, positive)
        case .unreadableDuration(let text): tr("can't read duration '%1$s' (%2$s)", text, Self.words(.duration))
        case .expectedLeadingNumber(let text, let minutes):
            minutes ? tr("%1$s: expected a number of minutes (%2$s)", text, Self.words(.duration)) : tr("%1$s: expected a number of hours (%2$s)", text, Self.words(.duration))
        case .expectedTwoDigits(let text): tr("%1$s: expected two digits (%2$s)", text, Self.words(.duration))
        case .durationPartOutOfRange(let text, let seconds): seconds ? tr("%s: seconds must be 00-59", text) : tr("%s: minutes must be 00-59", text)
        case .expectedNumber(let text, let rest): tr("can't read duration '%1$s': expected a number at '%2$s' (%3$s)", text, rest, Self.words(.duration))
        case .expectedUnit(let text, let number, let found):
            found.map { tr("%1$s: expected a unit (d, h, m, s) after %2$s, got '%3$s'", text, String(number), $0) }
                ?? tr("%1$s: expected a unit (d, h, m, s) after %2$s", text, String(number))
        case .unknownUnit(let unit, let text, let suggestion):
            suggestion.map { tr("unknown unit '%1$s' in '%2$s': did you mean '%3$s'?", unit, text, $0) }
                ?? tr("unknown unit '%1$s' in '%2$s' (units are d, h, m, s; %3$s)", unit, text, Self.words(.duration))
        case .repeatedUnit(let text, let unit): tr("%1$s: '%2$s' given twice (write 1h30m, not 1h1h30m)", text, unit)
        case .unreadableRange(let item, let spec, let examples): tr("can't read day range '%1$s' in '%2$s' (%3$s)", item, spec, Self.dayAdvice(examples))
        case .ambiguousWeekday(let word, let spec, let meanings):
            tr("'%1$s' in '%2$s' could be %3$s; write the day in full", word, spec, meanings.joined(separator: tr(" or ")))
        case .missingWeekday(let spec, let examples): tr("missing weekday in '%1$s' (%2$s)", spec, Self.dayAdvice(examples))
        case .unknownWeekday(let word, let spec, let examples, let suggestion):
            suggestion.map { tr("unknown weekday '%1$s' in '%2$s': did you mean '%3$s'?", word, spec, $0) }
                ?? tr("unknown weekday '%1$s' in '%2$s' (%3$s)", word, spec, Self.dayAdvice(examples))
        case .unknownDay(let word, let spec, let examples, let suggestion):
            suggestion.map { tr("unknown day '%1$s' in '%2$s': did you mean '%3$s'?", word, spec, $0) }
                ?? tr("unknown day '%1$s' in '%2$s' (use today, tomorrow, a date like 2026-06-09, %3$s, or daily, weekdays, weekends)", word, spec, examples)
        case .missingUntilDate: tr("missing date after 'until' (e.g. until 2026-12-31)")
        case .unreadableUntilDate(let word): tr("can't read date '%1$s' after 'until' (%2$s)", word, Self.words(.date))
        case .untilBeforeFirst(let until, let first): tr("'until %1$s' is before the first time it would ring (%2$s)", until, first)
        case .tooManyTimes(let word, let max): tr("%1$s times: at most %2$s times", word, String(max))
        case .intervalOutOfRange(let word, let max): tr("every %1$s: write every 1 to every %2$s", word, String(max))
        case .missingRepeatTime(let spec): tr("missing time in '%1$s' (e.g. %2$s)", spec, Self.words(.repeats))
        case .missingRepeat(let spec): tr("missing how it repeats in '%1$s' (e.g. %2$s)", spec, Self.words(.repeats))
        case .neverHappens(let spec): tr("'%s' never happens", spec)
        case .missingRepeatUnit(let after): tr("missing days, weeks, months or years after '%s'", after)
        case .unknownRepeatUnit(let word, let after):
            tr("can't read '%1$s' after '%2$s' (days, weeks, months, years or a weekday; e.g. %3$s)", word, after, Self.words(.repeats))
        case .expectedMonth(let word): tr("can't read '%s' (e.g. first monday of each month 9:00)", word)
        case .unknownRepeatWord(let word): tr("can't read '%1$s' in a repeating spec (e.g. %2$s)", word, Self.words(.repeats))
        case .unreadableRepeatDays(let word, let examples): tr("can't read '%1$s' as days of the week (%2$s)", word, Self.dayAdvice(examples))
        case .unreadableMonthDay(let word): tr("can't read '%s' as a day of the month (15th, last day, first monday)", word)
        case .missingDayOrMonth(let word): tr("%s: give the day and the month (3 may, may 3)", word)
        case .unreadableMonthName(let word): tr("can't read '%s' as a month (january ... december, jan ... dec)", word)
        case .unreadableDayOfMonth(let word): tr("can't read '%s' as a day of that month", word)
        case .unexpectedInRepeat(let word, let spec): tr("unexpected '%1$s' in '%2$s' (e.g. %3$s)", word, spec, Self.words(.repeats))
        }
    }

    private static func words(_ advice: Advice) -> String {
        switch advice {
        case .spec: tr("try 7:30, weekdays 6:30, tomorrow 7am, 2026-06-09 09:41 or 10m")
        case .clock: tr("use 7:30, 07:30, 7am, 7:30pm, noon or midnight")
        case .date: tr("write dates as YYYY-MM-DD, e.g. 2026-06-09")
        case .dateThenTime: tr("after the date (write dates as YYYY-MM-DD, e.g. 2026-06-09, then a time)")
        case .dateTimeSeparator: tr("expected 'T' between date and time, as in 2026-06-09T09:41:00+02:00")
        case .hourColon: tr("expected ':' after the hour, as in 2026-06-09T09:41:00+02:00")
        case .afterUTC: tr("nothing may follow Z")
        case .offset: tr("end with Z, +HH:MM or -HH:MM, as in 2026-06-09T09:41:00+02:00")
        case .instant: tr("use 2026-06-09T09:41:00+02:00, 2026-06-09 09:41 or 2026-06-09")
        case .duration: tr("use 90s, 5m, 1h30m or 1:30:00")
        case .repeats:
            tr("every 2 weeks mon 7:00, monthly on the 15th 9:00, first monday of each month 9:00, yearly on 3 may 9:00; end with until 2026-12-31 or 10 times")
        }
    }

    private static func words(_ part: Part) -> String {
        switch part {
        case .hour: tr("the hour")
        case .minute: tr("the minute")
        case .second: tr("the second")
        }
    }

    private static func dayAdvice(_ examples: String) -> String { tr("use %s, or daily, weekdays, weekends", examples) }
}
