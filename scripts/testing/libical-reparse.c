/* Reads an iCalendar file with libical 3 and writes it back as libical serialises it, after
 * counting the errors libical found (X-LIC-ERROR properties, which it adds for what it could
 * not parse). Exit 1 when there were any. AlarmCalendarTests check that our export reads
 * cleanly here, and that libical's rewrite of it reads back to the same alarms with ours:
 * the "tested against libical's output" of docs/ICALENDAR.md.
 * Build: cc libical-reparse.c $(pkg-config --cflags --libs libical) */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: libical-reparse FILE\n"); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc((size_t)size + 1);
    if (fread(text, 1, (size_t)size, file) != (size_t)size) { perror("read"); return 2; }
    text[size] = 0;
    fclose(file);
    icalcomponent *calendar = icalparser_parse_string(text);
    if (!calendar) { fprintf(stderr, "libical parsed nothing\n"); return 1; }
    int errors = icalcomponent_count_errors(calendar);
    /* Also the TZID each DTSTART resolved to, for the test to compare. */
    for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); event;
         event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        struct icaltimetype start = icalcomponent_get_dtstart(event);
        fprintf(stderr, "%s %s %s\n", icalcomponent_get_uid(event), icaltime_as_ical_string(start),
                icaltime_get_tzid(start) ? icaltime_get_tzid(start) : "-");
    }
    fputs(icalcomponent_as_ical_string(calendar), stdout);
    icalcomponent_free(calendar);
    free(text);
    return errors > 0 ? 1 : 0;
}
