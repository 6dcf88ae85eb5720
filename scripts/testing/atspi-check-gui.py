#!/usr/bin/python3
"""The Alarms app driven through the accessibility bus against a real alarmd, as a screen
reader would, and through the keyboard (its accelerators) as a person would. Run by scripts/check-gui, which builds the binaries and checks the
tools; this prints one line per check and exits non-zero when any failed.

Usage: atspi-check-gui.py --app PATH --alarmd PATH --alarmctl PATH [--keep]

Each run gets its own Xvfb, private session bus (and so its own accessibility bus), XDG
folders and alarmd, whose sound goes into an ALSA `file` device (atspi-alarmd.py). The German
run starts the app again with LANGUAGE=de LC_ALL=de_DE.UTF-8 against the same alarmd, and the
clock-format run a third time with a keyfile GSettings backend in the run's own folder.
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
NEW_TIMER = "New timer"
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


def translated_msgids(po_path):
    """The msgids of a .po file whose translation differs from them (one-line entries)."""
    english, msgid = set(), None
    with open(po_path, encoding="utf-8") as po:
        for line in po:
            if line.startswith("msgid "):
                msgid = line[6:].strip().strip('"')
            elif line.startswith("msgstr ") and msgid:
                msgstr = line[7:].strip().strip('"')
                if msgstr and msgstr != msgid and "%" not in msgid:
                    english.add(msgid)
                msgid = None
    return english


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


def x_windows(app):
    """The app's mapped top-level X windows, oldest first (xdotool reads _NET_WM_PID)."""
    import subprocess
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid)],
                           capture_output=True, text=True).stdout.split()
    return sorted(found, key=lambda w: int(w))


def press(app, keys, window=None):
    """Types `keys` ("ctrl+q", "alt+2") into one of the app's windows (default: the newest) as a
    keyboard would: the X input focus moved to it, then the key events (xdotool). There is no
    window manager on the test display, so nothing else takes the focus."""
    import subprocess
    windows = x_windows(app)
    if not windows:
        raise Failure("the app has no window on screen to type into")
    target = window or windows[-1]
    subprocess.run(["xdotool", "windowfocus", "--sync", target], check=True, timeout=10)
    subprocess.run(["xdotool", "key", "--clearmodifiers", keys], check=True, timeout=10)


def focused(app, within):
    """The (role, name) of the node that has the keyboard focus under `within`, if any."""
    for node in app.nodes(within=within):
        try:
            if node.getState().contains(driver.pyatspi.STATE_FOCUSED):
                return node.getRoleName(), node.name
        except Exception:
            continue
    return None


def clickable(nodes):
    """The first node that has an action (a GtkMenuButton is a button around its toggle)."""
    for node in nodes:
        try:
            if node.queryAction().nActions > 0:
                return node
        except Exception:
            continue
    raise Failure(f"none of {[n.name for n in nodes]} can be clicked")


def window_named(app, name, timeout=5):
    return driver.wait_until(lambda: next((w for w in app.windows() if w.name == name), None), timeout,
                             f"a window named {name!r}")


def minimum_width(app):
    """The width below which GTK will not let the main window go (its WM_NORMAL_HINTS)."""
    import subprocess
    hints = subprocess.run(["xprop", "-id", x_windows(app)[0], "WM_NORMAL_HINTS"], capture_output=True, text=True).stdout
    match = re.search(r"minimum size: (\d+) by (\d+)", hints)
    if not match:
        raise Failure(f"the window states no minimum size: {hints!r}")
    return int(match.group(1))


def lines_of(label):
    """A label's text as GTK lays it out, line by line (AT-SPI's line boundaries). Asked at
    every offset: GTK 4.8 answers the offset that starts a line with the line before it."""
    text = label.queryText()
    spans = {}
    for offset in range(text.characterCount):
        line, start, end = text.getTextAtOffset(offset, driver.pyatspi.TEXT_BOUNDARY_LINE_START)
        spans[(start, end)] = line
    return [spans[span] for span in sorted(spans)]


def ends_app(app, keys, what):
    """Presses `keys` and expects the app to exit by itself, with status 0."""
    press(app, keys, x_windows(app)[0])
    try:
        status = app.process.wait(10)
    except Exception:
        raise Failure(f"{keys} did not end the app within 10 s ({what})")
    if status != 0:
        raise Failure(f"the app exited with status {status} after {keys}")
    return f"{keys}: the app exited with status 0"


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
        # Not a GNOME session, whatever the caller's is: GNOME's clock-format then speaks only
        # where a run sets it (clock_format), and en_US keeps its 12 h clock elsewhere.
        env["XDG_CURRENT_DESKTOP"] = ""
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
            self.clock_format(desktop, daemon)
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

        def pages_by_keys():
            window = app.windows()[0]
            press(app, "alt+2")
            app.find("push button", NEW_TIMER, timeout=3, within=window)
            press(app, "alt+1")
            app.find("push button", ADD, timeout=3, within=window)
            return f"Alt+2: the header's + is {NEW_TIMER!r}; Alt+1: {ADD!r} again"
        self.check("Alt+2 switches to the Timers page and Alt+1 back", pages_by_keys)

        def plus_starts_a_timer():
            press(app, "alt+2")
            window = app.windows()[0]
            driver.click(app.find("push button", NEW_TIMER, timeout=3, within=window))
            dialog = window_named(app, "New Timer")
            first = focused(app, dialog)
            driver.set_value(app.find("spin button", "Minutes", within=dialog), 2)
            driver.type_text(app.find("text", "Title", within=dialog), "Tea")
            driver.click(app.find("push button", "Start timer", within=dialog))
            line = driver.wait_until(lambda: line_for(daemon, "Tea"), 3, "a timer 'Tea' in `alarmctl list`")
            driver.wait_until(lambda: "New Timer" not in [w.name for w in app.windows()], 3, "the New Timer dialog to close")
            if "countdown" not in line:
                raise Failure(f"'Tea' is not counting down: {line.strip()}")
            driver.click(app.find("push button", "Stop Tea", timeout=3, within=window))
            driver.wait_until(lambda: not line_for(daemon, "Tea"), 3, "'Tea' to go after 'Stop Tea'")
            if first != ("spin button", "Minutes"):
                raise Failure(f"New Timer opened with the focus on {first}, not the minutes")
            return f"New Timer (focus on the minutes) started: {line.strip()}"
        self.check("the Timers page's + opens New Timer, whose Start starts a timer in alarmd", plus_starts_a_timer)

        def add_focuses_the_hour():
            press(app, "alt+1")
            app.find("push button", ADD, timeout=3, within=app.windows()[0])
            press(app, "ctrl+n")
            dialog = window_named(app, "Add Alarm")
            first = driver.wait_until(lambda: focused(app, dialog), 3, "a focused widget in the Add Alarm dialog")
            press(app, "Escape")
            driver.wait_until(lambda: "Add Alarm" not in [w.name for w in app.windows()], 3, "Escape to close the dialog")
            if first != ("spin button", "Hour"):
                raise Failure(f"the first focus is {first}, not the hour")
            return "Ctrl+N opened Add Alarm with the focus on the hour; Escape closed it"
        self.check("Ctrl+N opens Add Alarm with the keyboard on the hour (not Cancel)", add_focuses_the_hour)

        def shortcuts_window():
            press(app, "ctrl+question")
            window = window_named(app, "Keyboard Shortcuts")
            for title in ("Quit", "Close Window", "Go to Timers", "Keyboard Shortcuts"):
                app.find("label", title, timeout=3, within=window)
            press(app, "Escape")
            driver.wait_until(lambda: "Keyboard Shortcuts" not in [w.name for w in app.windows()], 3, "Escape to close it")
            return "Ctrl+? opened 'Keyboard Shortcuts' (Quit, Close Window, Go to Timers...)"
        self.check("Ctrl+? opens the keyboard shortcuts window", shortcuts_window)

        def about_has_the_version():
            version = daemon.ctl("--version").split()[-1]
            window = app.windows()[0]
            driver.click(clickable(app.find_all("push button", "Main menu", within=window)))
            driver.click(app.find("menu item", "About Alarms", timeout=3, within=window))
            about = window_named(app, "About")
            app.find("label", "Alarms", timeout=3, within=about)
            app.find("label", version, timeout=3, within=about)
            press(app, "Escape")
            driver.wait_until(lambda: "About" not in [w.name for w in app.windows()], 3, "Escape to close About")
            return f"Main menu > About Alarms shows version {version} (alarmctl --version)"
        self.check("the main menu's About Alarms shows the package's version", about_has_the_version)

        self.check("the window's minimum width is at most GNOME Clocks' 399 px, and a row's detail line wraps "
                   "only between phrases", lambda: self.narrow_window(app, daemon, "Gym"))

        self.check("Ctrl+W closes the window (the app ends, alarmd keeps the alarms)",
                   lambda: ends_app(app, "ctrl+w", "win.close") + f"; alarmd still lists {len(daemon.list_lines())} alarms")

    def narrow_window(self, app, daemon, title):
        """At its minimum width (at most 399 px, GNOME Clocks'), the row of `title` (a repeating
        alarm with a skip, the longest detail line) wraps only after a comma or a "·" or before
        a parenthesis, never inside "in 1 d 15 h"."""
        import subprocess
        if not line_for(daemon, title):
            made = daemon.ctl("add", "mon,wed,fri", "6:30", "--title", title).split()[1]
            daemon.ctl("skip", made)
        width = minimum_width(app)
        if width > 399:
            raise Failure(f"the window cannot be narrower than {width} px")
        window = x_windows(app)[0]
        subprocess.run(["xdotool", "windowsize", "--sync", window, str(width), "640"], check=True, timeout=10)
        row = app.find("list item", re.compile("^" + re.escape(title) + ", "), timeout=5, within=app.windows()[0])
        detail = driver.wait_until(lambda: next((label for label in app.find_all("label", None, within=row)
                                                 if "·" in (label.name or "")), None), 3, "the row's detail line")
        lines = driver.wait_until(lambda: len(lines_of(detail)) > 1 and lines_of(detail), 3,
                                  f"the detail {detail.name!r} to wrap at {width} px (a check that cannot fail otherwise)")
        broken = [line for line in lines[:-1] if not line.endswith(" ")]
        if broken:
            raise Failure(f"the detail line broke inside a phrase: {lines}")
        subprocess.run(["xdotool", "windowsize", "--sync", window, "520", "640"], check=True, timeout=10)
        return f"minimum {width} px; at it, {title!r} reads {lines}"

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
            # differs: one that shows is a string the app did not translate.
            english = translated_msgids(os.path.join(here, "..", "..", "po", "de.po"))
            shown = set(app.texts())
            driver.click(app.find("page tab", "Timer"))
            app.find("table", re.compile(r"^(Timer-Vorgaben|Timer presets)$"), timeout=5, within=app.windows()[0])
            shown |= set(app.texts())
            left = sorted(shown & english)
            if left:
                raise Failure(f"English strings in the German window: {left}")
            return f"{len(shown)} texts on both pages, none of the {len(english)} English msgids"
        self.check("LANGUAGE=de: no English text left on either page", untranslated)

        def narrow():
            width = minimum_width(app)
            if width > 399:
                raise Failure(f"the German window cannot be narrower than {width} px")
            return f"minimum {width} px"
        self.check("LANGUAGE=de: the minimum width is at most 399 px too", narrow)
        self.check("LANGUAGE=de: Ctrl+Q quits", lambda: ends_app(app, "ctrl+q", "app.quit"))

    # GNOME's clock format, from a keyfile GSettings backend in the app's own config folder (the
    # machine's settings are never read or written): 24 h under en_US, then 12 h, live.
    def clock_format(self, desktop, daemon):
        app = None
        keyfile = os.path.join(daemon.env["XDG_CONFIG_HOME"], "glib-2.0", "settings", "keyfile")
        os.makedirs(os.path.dirname(keyfile), exist_ok=True)

        def write(value):
            with open(keyfile + ".new", "w") as f:
                f.write(f"[org/gnome/desktop/interface]\nclock-format='{value}'\n")
            os.replace(keyfile + ".new", keyfile)

        def twenty_four():
            nonlocal app
            write("24h")
            app = self.start_app(desktop, daemon, {"LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8", "GSETTINGS_BACKEND": "keyfile"},
                                 "app-clock")
            alarms_list = app.find("list", "Alarms", timeout=20)
            app.find(None, re.compile(r"^19:30$"), timeout=5, within=alarms_list)
            if app.find_all(None, re.compile(r"\b7:30\s?PM\b"), within=alarms_list):
                raise Failure("7:30 PM shown beside 19:30")
            return "en_US with clock-format '24h': 19:30"
        if not self.check("GNOME's clock-format '24h' shows 19:30 under en_US", twenty_four):
            return

        def twelve_live():
            write("12h")
            app.find(None, re.compile(r"^7:30\s?PM$"), timeout=5, within=app.find("list", "Alarms"))
            return "clock-format changed to '12h' while open: 7:30 PM"
        self.check("a change of clock-format to '12h' shows 7:30 PM at once", twelve_live)
        self.check("Ctrl+Q quits (the clock-format run)", lambda: ends_app(app, "ctrl+q", "app.quit"))


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
