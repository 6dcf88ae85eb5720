#!/usr/bin/python3
"""The Alarms app driven through the accessibility bus against a real alarmd, as a screen
reader would (issue 22). Run by scripts/check-gui, which builds the binaries and checks the
tools; this prints one line per check and exits non-zero when any failed.

Usage: atspi-check-gui.py --app PATH --alarmd PATH --alarmctl PATH [--keep]

Each run gets its own Xvfb, private session bus (and so its own accessibility bus), XDG
folders and alarmd, whose sound goes into an ALSA `file` device (atspi-alarmd.py). The German
run starts the app again with LANGUAGE=de LC_ALL=de_DE.UTF-8 against the same alarmd.
"""
import argparse
import os
import re
import sys
import time
import traceback

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from importlib import util as _util  # noqa: E402

_spec = _util.spec_from_file_location("atspi_alarmd", os.path.join(here, "atspi-alarmd.py"))
_module = _util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
driver, oak = _module.load(here)
Failure = driver.Failure

# What the app calls things (its .ui files and AlarmsWindow): one place to read them.
ADD = "Add alarm"
SWITCH_ROLES = ("check box", "toggle button", "switch")


def switch_named(app, pattern, timeout=3):
    """The switch whose accessible name matches (e.g. "Wake up, on"), whatever role GTK gives it."""
    def probe():
        for role in SWITCH_ROLES:
            found = app.find_all(role, pattern)
            if found:
                return found[0]
        return None
    return driver.wait_until(probe, timeout, f"a switch named {pattern.pattern if hasattr(pattern, 'pattern') else pattern!r}")


def translated(po_path):
    """msgid -> msgstr of a .po file's one-line entries whose translation differs from them."""
    catalogue, msgid = {}, None
    with open(po_path, encoding="utf-8") as po:
        for line in po:
            if line.startswith("msgid "):
                msgid = line[6:].strip().strip('"')
            elif line.startswith("msgstr ") and msgid:
                msgstr = line[7:].strip().strip('"')
                if msgstr and msgstr != msgid and "%" not in msgid:
                    catalogue[msgid] = msgstr
                msgid = None
    return catalogue


def viewable_windows():
    """The names of the top-level X windows that are mapped (what is really on the screen,
    which a window gone from the accessibility tree may still be)."""
    import subprocess
    tree = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True).stdout
    names = []
    for line in tree.splitlines():
        match = re.match(r'\s+(0x[0-9a-f]+) "([^"]*)"', line)
        if match:
            info = subprocess.run(["xwininfo", "-id", match.group(1)], capture_output=True, text=True).stdout
            if "IsViewable" in info:
                names.append(match.group(2))
    return names


def line_for(daemon, title):
    lines = [line for line in daemon.list_lines() if re.search(r"\s" + re.escape(title) + r"(\s|$)", line)]
    return lines[0] if lines else None


class Suite:
    def __init__(self, args):
        self.args = args
        self.failed = []
        self.passed = 0

    def check(self, name, function):
        started = time.monotonic()
        try:
            detail = function()
        except Failure as failure:
            self.failed.append(name)
            print(f"check-gui: FAIL  {name}: {failure}", flush=True)
            return False
        except Exception as error:  # a bug in the check or a vanished app: a failure, with its trace
            self.failed.append(name)
            print(f"check-gui: FAIL  {name}: {type(error).__name__}: {error}", flush=True)
            traceback.print_exc()
            return False
        self.passed += 1
        took = time.monotonic() - started
        print(f"check-gui: ok    {name}" + (f" ({detail})" if detail else "") + f" [{took:.1f} s]", flush=True)
        return True

    def start_app(self, desktop, daemon, extra_env=None, name="app"):
        env = dict(daemon.env)
        env.update(extra_env or {})
        process = desktop.spawn([self.args.app], env=env, log=os.path.join(desktop.work, name + ".log"))
        app = driver.App(process.pid)
        app.process = process
        app.log = os.path.join(desktop.work, name + ".log")
        app.root(timeout=30)
        return app

    def run(self):
        desktop = driver.Desktop().start()
        try:
            daemon = oak.AlarmDaemon(desktop, self.args.alarmd, self.args.alarmctl).start()
            self.english(desktop, daemon)
            self.german(desktop, daemon)
        finally:
            if self.args.keep:
                print(f"check-gui: kept {desktop.work}")
                desktop.work = "/nonexistent-kept"
            desktop.stop()
        total = self.passed + len(self.failed)
        if self.failed:
            print(f"check-gui: FAILED {len(self.failed)} of {total}: {', '.join(self.failed)}")
            return 1
        print(f"check-gui: OK, all {total} checks")
        return 0

    # The English run (C.UTF-8 is the daemon's; the app gets en_US for its 12 h clock).
    def english(self, desktop, daemon):
        app = None

        def starts():
            nonlocal app
            # Every preset lasts 5 s (docs/GUI-TIMERS.md), so "1 minute" rings within the check.
            app = self.start_app(desktop, daemon, {"LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8",
                                                   "OPENALARMKIT_TIMER_PRESET_SECONDS": "5"})
            app.find("push button", ADD, timeout=20)
            return f"pid {app.process.pid}, named {app.root().name!r}, with an {ADD!r} button"
        if not self.check("the window opens, its tree on the accessibility bus", starts):
            return

        def appears():
            # Only the list is searched, so that one look takes milliseconds, not a walk of the
            # whole window (GTK 4.8 has no AT-SPI cache: every property is a D-Bus round trip).
            alarms_list = app.find("list", "Alarms")
            daemon.ctl("add", "weekdays", "19:30", "--title", "Dentist")
            made = time.monotonic()
            app.find(None, re.compile(r"^Dentist\b"), timeout=2.0, within=alarms_list)
            took = time.monotonic() - made
            if took > 1.0:
                raise Failure(f"it took {took * 1000:.0f} ms")
            return f"{took * 1000:.0f} ms after alarmctl returned"
        self.check("an alarm made by alarmctl appears in the window within 1 s", appears)

        def twelve_hour():
            app.find(None, re.compile(r"\b7:30\s?PM\b"), timeout=2)
            return "7:30 PM"
        self.check("en_US shows the 12 h form of 19:30", twelve_hour)

        def switch_off():
            switch = switch_named(app, "Dentist, on")
            driver.toggle(switch)
            driver.wait_until(lambda: "off" in (line_for(daemon, "Dentist") or ""), 3,
                              "`alarmctl list` to show Dentist off")
            switch_named(app, "Dentist, off")
            return line_for(daemon, "Dentist").strip()
        self.check("flipping the switch 'Dentist, on' turns the alarm off in alarmd", switch_off)

        def add_through_dialog():
            driver.click(app.find("push button", ADD))
            dialog = app.dialog()
            title = app.find("text", "Title", timeout=10, within=dialog)
            driver.type_text(title, "Morning run")
            driver.click(app.find("push button", "Weekdays", within=dialog))
            for field, value in (("Hour", 6), ("Minute", 45)):
                driver.set_value(app.find("spin button", field, within=dialog), value)
            driver.click(app.find("push button", "Save", within=dialog))
            line = driver.wait_until(lambda: line_for(daemon, "Morning run"), 3, "`alarmctl list` to show 'Morning run'")
            if "weekdays" not in line or not re.search(r"\b0?6:45\b", daemon.ctl("show", line.split()[0])):
                raise Failure(f"expected a weekday alarm at 06:45, alarmctl shows: {line.strip()}")
            return line.strip()
        self.check("an alarm added through the dialog (weekdays 6:45) is in `alarmctl list`", add_through_dialog)

        def row_opens_editor():
            row = app.find("list item", re.compile(r"^Morning run, "), timeout=10, within=app.windows()[0])
            driver.activate(row)  # a click, as most people would
            try:
                dialog = app.dialog(timeout=3)
            except Failure as failure:
                raise Failure(f"{failure}; X windows on screen: {viewable_windows()}")
            # The editor of that alarm: its window's name, and its time in the spin buttons (GTK
            # 4.8 gives an AdwEntryRow's text no AT-SPI Text interface to read the title back).
            shown = tuple(int(app.find("spin button", field, within=dialog).queryValue().currentValue)
                          for field in ("Hour", "Minute"))
            name = dialog.name
            driver.click(app.find("push button", "Cancel", within=dialog))
            if name != "Edit Alarm" or shown != (6, 45):
                raise Failure(f"expected the editor of the 06:45 alarm, got window {name!r} showing {shown}")
            return "the editor of 'Morning run'"
        self.check("clicking an alarm's row opens its editor", row_opens_editor)

        def delete_and_undo():
            before = line_for(daemon, "Morning run")
            if not before:
                raise Failure("no 'Morning run' alarm to delete (the dialog check failed)")
            driver.click(app.find("push button", "Delete Morning run", timeout=10))
            driver.wait_until(lambda: not line_for(daemon, "Morning run"), 3, "'Morning run' to leave `alarmctl list`")
            undo = app.find("push button", "Undo", timeout=10)
            driver.click(undo)
            after = driver.wait_until(lambda: line_for(daemon, "Morning run"), 3, "'Morning run' back in `alarmctl list` after Undo")
            app.find(None, "Morning run", timeout=2)
            return f"back as: {after.strip()}"
        self.check("delete an alarm, then Undo brings it back", delete_and_undo)

        def custom_starts():
            driver.click(app.find("page tab", "Timers"))
            window = app.windows()[0]
            for field, value in (("Hours", 0), ("Minutes", 3), ("Seconds", 0)):
                driver.set_value(app.find("spin button", field, timeout=10, within=window), value)
            driver.click(app.find("push button", "Start custom timer", within=window))
            line = driver.wait_until(lambda: [l for l in daemon.list_lines() if "countdown" in l], 3,
                                     "a countdown in `alarmctl list` after Start")[0]
            # OPENALARMKIT_TIMER_PRESET_SECONDS shortens this one too: stopped before it rings.
            row = app.find("list item", re.compile(r", .*left$"), timeout=5, within=window)
            shown = row.name
            title = shown.split(",")[0]
            driver.click(app.find("push button", f"Stop {title}", within=row))
            driver.wait_until(lambda: not [l for l in daemon.list_lines() if "countdown" in l], 3,
                              f"the timer to go after 'Stop {title}'")
            return f"{line.split()[0]} counted down in alarmd, shown as {shown!r}, stopped from its row"
        self.check("a custom timer starts in alarmd; its row's Stop ends it", custom_starts)

        def preset_rings_and_stops():
            window = app.windows()[0]
            driver.click(app.find("push button", "1 minute", within=window))
            running = app.find("list", "Running timers", within=window)
            # The row's accessible name changes once a minute (no AT-SPI event a second); its
            # countdown label is what ticks.
            countdown = app.find("label", re.compile(r"^00:0[1-5]$"), timeout=3, within=running)
            first = countdown.name
            driver.wait_until(lambda: countdown.name != first, 2.5, f"the countdown to tick from {first!r}")
            ticked = countdown.name
            driver.wait_until(lambda: any("alerting" in line for line in daemon.list_lines()), 8, "the timer to ring in alarmd")
            written = oak.wait_for_sound(daemon, 5)
            stop = app.find("push button", re.compile(r"^Stop: "), timeout=5, within=window)
            driver.click(stop)
            driver.wait_until(lambda: not any("alerting" in line for line in daemon.list_lines()), 3,
                              f"the alarm to stop after {stop.name!r} in the ringing view")
            return f"{first!r} -> {ticked!r}, rang ({written} bytes into the ALSA file device), {stop.name!r} stopped it"
        self.check("a 5 s timer from a preset ticks, rings with sound, and Stop in the ringing view stops it",
                   preset_rings_and_stops)

        driver.end(app.process)

    # The German run: the same alarms, in German and in the 24 h form.
    def german(self, desktop, daemon):
        app = None

        def starts():
            nonlocal app
            app = self.start_app(desktop, daemon, {"LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"}, "app-de")
            app.find("push button", "Wecker hinzufügen", timeout=20)
            return "'Wecker hinzufügen'"
        if not self.check("LANGUAGE=de: the window speaks German", starts):
            return

        def twenty_four_hour():
            app.find(None, re.compile(r"\b19:30\b"), timeout=3)
            if app.find_all(None, re.compile(r"\b(AM|PM)\b")):
                raise Failure("an AM/PM time in the German window")
            return "19:30, no AM/PM"
        self.check("LANGUAGE=de: times in the 24 h form", twenty_four_hour)

        def untranslated():
            # Every text the window shows (both pages), against po/de.po's msgids whose German
            # differs: one that shows is a string the app did not translate. The check must see
            # what it judges: the catalogue read, and on each page texts, German ones among them
            # (an empty or unreadable dump would otherwise leave nothing English to find).
            catalogue = translated(os.path.join(here, "..", "..", "po", "de.po"))
            english, german = set(catalogue), set(catalogue.values())
            if len(english) < 100:
                raise Failure(f"read only {len(english)} translated msgids from po/de.po")
            alarms_page = set(app.texts())
            driver.click(app.find("page tab", "Timer"))
            app.find("table", re.compile(r"^(Timer-Vorgaben|Timer presets)$"), timeout=5, within=app.windows()[0])
            timers_page = set(app.texts())
            for page, shown in (("Alarms", alarms_page), ("Timers", timers_page)):
                if len(shown) < 5 or not shown & german:
                    raise Failure(f"the {page} page's text dump has {len(shown)} texts, {len(shown & german)} of them "
                                  f"German: nothing to judge ({sorted(shown)[:10]})")
            shown = alarms_page | timers_page
            left = sorted(shown & english)
            if left:
                raise Failure(f"English strings in the German window: {left}")
            return (f"{len(shown)} texts on both pages ({len(shown & german)} German msgstrs), "
                    f"none of the {len(english)} English msgids")
        self.check("LANGUAGE=de: no English text left on either page", untranslated)
        driver.end(app.process)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--alarmd", required=True)
    parser.add_argument("--alarmctl", required=True)
    parser.add_argument("--keep", action="store_true", help="keep the work folder (logs) for a look")
    args = parser.parse_args()
    return Suite(args).run()


if __name__ == "__main__":
    sys.exit(main())
