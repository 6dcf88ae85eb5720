/* The dates libical 3's own recurrence iterator gives for a rule, the second oracle of the
 * recurrence corpus (scripts/recurrence-corpus): for each line "RRULE DTSTART END" on stdin
 * (DTSTART a date or a floating date-time, END a date), one line of the dates (YYYYMMDD, space
 * separated) from DTSTART to END, or "ERROR" when libical refuses the rule. Dates only: the
 * times, zones and DST are zoneinfo's in the corpus (DESIGN.md: libical's iterator is not
 * trusted across DST gaps, and is never used for fire times in the product).
 * Build: cc libical-recur.c $(pkg-config --cflags --libs libical) */
#include <libical/ical.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[1024], rule[900], start[32], end[32];
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%899s %31s %31s", rule, start, end) != 3) { puts("ERROR"); continue; }
        struct icalrecurrencetype recurrence = icalrecurrencetype_from_string(rule);
        struct icaltimetype first = icaltime_from_string(start);
        struct icaltimetype last = icaltime_from_string(end);
        icalrecur_iterator *dates = recurrence.freq == ICAL_NO_RECURRENCE ? NULL : icalrecur_iterator_new(recurrence, first);
        if (!dates) { puts("ERROR"); fflush(stdout); continue; }
        int written = 0;
        for (int i = 0; i < 100000; i++) {
            struct icaltimetype date = icalrecur_iterator_next(dates);
            if (icaltime_is_null_time(date)) break;
            if (icaltime_compare_date_only(date, last) > 0) break;
            printf("%s%04d%02d%02d", written++ ? " " : "", date.year, date.month, date.day);
        }
        putchar('\n');
        fflush(stdout);
        icalrecur_iterator_free(dates);
    }
    return 0;
}
