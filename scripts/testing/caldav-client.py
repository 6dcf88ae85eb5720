#!/opt/openalarmkit-test/caldav/bin/python3
"""Another program editing the calendar alarmd syncs with: python-caldav (PyPI `caldav`, in the
venv scripts/setup makes), as Thunderbird, GNOME Calendar or DAVx5 would. For the sync tests
(ForeignEventSyncTests).

Usage: caldav-client.py URL CAFILE COMMAND ARGS...
  put FILE              store the iCalendar text of FILE as a new event
  get UID               print the event's text exactly as the server has it
  set UID NAME VALUE    set a property of the event (the VEVENT), as a calendar program's edit
  delete UID            delete the event
  put-task FILE         store the iCalendar text of FILE as a new task (VTODO), as a task app would
  get-task UID          print the task's text exactly as the server has it
  set-task UID NAME VALUE  set a property of the task (the VTODO), as a task app's edit
CAFILE is the authority to trust for https ("-" for http). User "u", password "x".
"""
import sys

import caldav


def main():
    url, cafile, command, *args = sys.argv[1:]
    options = {"url": url, "username": "u", "password": "x"}
    if cafile != "-":
        options["ssl_verify_cert"] = cafile
    with caldav.DAVClient(**options) as client:
        calendar = client.calendar(url=url)
        # "put", "get", "set" on an event; "put-task", "get-task", "set-task" on a task (VTODO).
        verb, _, kind = command.partition("-")
        add, by_uid = (calendar.add_todo, calendar.todo_by_uid) if kind == "task" else (calendar.add_event, calendar.event_by_uid)
        if verb == "put" and kind in ("", "task"):
            with open(args[0], encoding="utf-8") as file:
                add(file.read())
        elif verb == "get" and kind in ("", "task"):
            # The bytes the server holds (the library's `data` is its own re-serialisation).
            raw = client.request(str(by_uid(args[0]).url), "GET").raw
            sys.stdout.write(raw if isinstance(raw, str) else raw.decode("utf-8"))
        elif verb == "set" and kind in ("", "task"):
            item = by_uid(args[0])
            component = item.icalendar_component
            component.pop(args[1], None)
            component.add(args[1], args[2])
            item.save()
        elif command == "delete":
            calendar.event_by_uid(args[0]).delete()
        else:
            sys.exit(f"unknown command {command}")


main()
