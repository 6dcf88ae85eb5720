#!/usr/bin/python3
"""Takes the README's and the metainfo's screenshots of the real Alarms app under Xvfb (run by
scripts/screenshots): docs/images/alarms-{alarms,skipped,timers,ringing,edit}-{light,dark}.png,
alarms-{repeat,menu,shortcuts,new-timer}-light.png, and on a phone's 360 x 640 screen in English
and German alarms-phone-{alarms,edit,ringing}-{en,de}.png.

A real alarmd is seeded with a few everyday alarms (one skipping its next date, a dated one
turned off, one snoozed) and two timers; the app is driven to each page through the
accessibility bus, and the window (or the dialog) is grabbed with ImageMagick's `import`:
the list, the Undo toast after Skip Next, the editor of the dated alarm, Add Alarm with a
monthly repeat, the main menu and
the shortcuts window, the timers and New Timer, and the ringing view. Dark is libadwaita's own switch, ADW_DEBUG_COLOR_SCHEME=prefer-dark.

Usage: atspi-screenshots.py --app PATH --alarmd PATH --alarmctl PATH --out DIR [--phone-only]
"""
import argparse
import datetime
import os
import re
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
from importlib import util as _util  # noqa: E402

_spec = _util.spec_from_file_location("atspi_alarmd", os.path.join(here, "atspi-alarmd.py"))
_module = _util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
driver, oak = _module.load(here)


def windows_of(pid):
    """The app's mapped top-level windows, newest last (xdotool reads _NET_WM_PID)."""
    result = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True, text=True)
    return result.stdout.split()


def grab(window, path):
    subprocess.run(["import", "-window", window, "-strip", path], check=True)
    # 8-bit palette where it loses nothing visible: the PNGs live in git.
    subprocess.run(["convert", path, "-strip", "-define", "png:compression-level=9", path], check=True)


def grab_with_popup(window, path):
    """The screen over the window's area (no window manager: windows sit at 0,0), so a menu (a
    popup surface of its own, with transparent margins) is in the picture. xcompmgr composites
    the screen meanwhile, as a desktop would; without it those margins reach the screen black."""
    info = subprocess.run(["xwininfo", "-id", window], capture_output=True, text=True).stdout
    width, height = (re.search(name + r": (\d+)", info).group(1) for name in ("Width", "Height"))
    subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+0+0", "+repage", "-strip",
                    "-define", "png:compression-level=9", path], check=True)


def phone_size(app, index, window):
    """Resizes an X window so that its content is a phone's 360 x 640 (the solid CSD frame GTK
    draws on this display, without a compositor, around it), and returns that frame's width a
    side, to be cropped from the picture."""
    P = driver.pyatspi
    frame = app.windows()[index].queryComponent()
    info = subprocess.run(["xwininfo", "-id", window], capture_output=True, text=True).stdout
    border = (int(re.search(r"Width: (\d+)", info).group(1)) - frame.getExtents(P.WINDOW_COORDS).width) // 2
    subprocess.run(["xdotool", "windowsize", "--sync", window, str(360 + 2 * border), str(640 + 2 * border)], check=True)
    driver.wait_until(lambda: frame.getExtents(P.WINDOW_COORDS).width == 360, 5, "the window to take a phone's width")
    return border


def grab_phone(window, border, path):
    subprocess.run(["import", "-window", window, "-crop", f"360x640+{border}+{border}", "+repage", "-strip", path], check=True)
    subprocess.run(["convert", path, "-strip", "-define", "png:compression-level=9", path], check=True)


def shoot_phone(args, desktop, language):
    """The Alarms page, the editor of a repeating alarm and the ringing view on a phone's
    360 x 640 screen, in `language` (en or de): what issue 41 asks to fit."""
    daemon = oak.AlarmDaemon(desktop, args.alarmd, args.alarmctl, name="oak-phone-" + language).start()
    seed(daemon)
    env = dict(daemon.env, LC_ALL="en_US.UTF-8", LANG="en_US.UTF-8")
    if language == "de":
        env.update(LANGUAGE="de", LC_ALL="de_DE.UTF-8", LANG="de_DE.UTF-8")
    process = desktop.spawn([args.app], env=env, log=os.path.join(desktop.work, "app-phone.log"))
    app = driver.App(process.pid)
    app.root(timeout=60)
    app.find("list item", re.compile(r"^Wake up, "), timeout=30)
    window = driver.wait_until(lambda: windows_of(process.pid), 10, "the app's window")[-1]
    out = lambda page: os.path.join(args.out, f"alarms-phone-{page}-{language}.png")  # noqa: E731
    border = phone_size(app, 0, window)
    time.sleep(1)
    grab_phone(window, border, out("alarms"))

    # The editor of a weekly alarm: its day toggles, title, sound and the rest.
    driver.activate(app.find("list item", re.compile(r"^Gym, "), timeout=5, within=app.windows()[0]))
    app.dialog(timeout=5)
    dialog = driver.wait_until(lambda: [w for w in windows_of(process.pid) if w != window], 5, "the edit dialog's X window")[-1]
    dialog_border = phone_size(app, 1, dialog)
    time.sleep(1)
    grab_phone(dialog, dialog_border, out("edit"))
    press(dialog, "Escape")
    time.sleep(0.5)

    daemon.ctl("add", "1s", "--title", "Time to leave")
    stop = app.find("push button", re.compile(r"^(Stop|Stopp): Time to leave"), timeout=8, within=app.windows()[0])
    time.sleep(1)
    grab_phone(window, border, out("ringing"))
    driver.click(stop)
    driver.end(process)
    driver.end(daemon.process)


def press(window, keys):
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True, timeout=10)
    subprocess.run(["xdotool", "key", "--clearmodifiers", keys], check=True, timeout=10)


def clickable(nodes):
    return next(node for node in nodes if node.queryAction().nActions > 0)


def seed(daemon):
    daemon.ctl("add", "weekdays", "6:30", "--title", "Wake up")
    daemon.ctl("add", "mon,wed,fri", "18:00", "--title", "Gym")
    daemon.ctl("skip", "Gym")
    daemon.ctl("add", "daily", "8:00", "--title", "Take medicine")
    daemon.ctl("add", "sat,sun", "9:00", "--title", "Weekend lie-in")
    dentist = (datetime.date.today() + datetime.timedelta(days=12)).isoformat()
    daemon.ctl("add", dentist, "14:30", "--title", "Dentist")
    daemon.ctl("disable", "Dentist")
    # A one-off that rang and was snoozed: its row says until when.
    daemon.ctl("add", "1s", "--title", "Call mum", "--snooze", "9m")
    driver.wait_until(lambda: any("ringing" in line for line in daemon.list_lines()), 8, "'Call mum' to ring")
    daemon.ctl("snooze", "Call mum")


def shoot(args, desktop, scheme):
    """One app, with an alarmd of its own, on the shared desktop (pyatspi stays connected to
    the accessibility bus of the first session bus it saw, so there is one desktop per run)."""
    daemon = oak.AlarmDaemon(desktop, args.alarmd, args.alarmctl, name="oak-" + scheme).start()
    seed(daemon)
    env = dict(daemon.env, LC_ALL="en_US.UTF-8", LANG="en_US.UTF-8")
    if scheme == "dark":
        env["ADW_DEBUG_COLOR_SCHEME"] = "prefer-dark"
    process = desktop.spawn([args.app], env=env, log=os.path.join(desktop.work, "app.log"))
    app = driver.App(process.pid)
    app.root(timeout=60)  # a loaded machine (a build beside it) can take its time
    app.find("list item", re.compile(r"^Wake up, "), timeout=30)
    window = driver.wait_until(lambda: windows_of(process.pid), 10, "the app's window")[-1]
    time.sleep(1)
    out = lambda page: os.path.join(args.out, f"alarms-{page}-{scheme}.png")  # noqa: E731
    grab(window, out("alarms"))

    # Skip Next, and the toast that offers Undo.
    driver.click(app.find("push button", "Skip next Wake up", timeout=5, within=app.windows()[0]))
    app.find("label", re.compile(r"^“Wake up” skips "), timeout=5, within=app.windows()[0])
    time.sleep(1)
    grab(window, out("skipped"))
    driver.click(app.find("push button", "Undo", timeout=5, within=app.windows()[0]))
    time.sleep(0.5)

    # The edit dialog of the dated, turned-off alarm (its row opens it): its date, off.
    driver.activate(app.find("list item", re.compile(r"^Dentist, "), timeout=5, within=app.windows()[0]))
    app.dialog(timeout=5)
    dialog = driver.wait_until(lambda: [w for w in windows_of(process.pid) if w != window], 5, "the edit dialog's X window")[-1]
    time.sleep(1)
    grab(dialog, out("edit"))
    driver.click(app.find("push button", "Cancel", within=app.dialog()))
    time.sleep(0.5)

    if scheme == "light":
        # Add Alarm with a monthly repeat: the first Monday of each month, 5 times.
        driver.click(app.find("push button", "Add alarm", within=app.windows()[0]))
        editor = app.dialog(timeout=5)
        driver.type_text(app.find("text", "Title", timeout=5, within=editor), "Book club")
        for field, value in (("Hour", 19), ("Minute", 30)):
            driver.set_value(app.find("spin button", field, within=editor), value)
        driver.choose(app, editor, "Repeat", "Monthly by Weekday")
        driver.choose(app, editor, "Ends", "After a Number of Times")
        driver.set_value(app.find("spin button", "Number of times", within=editor), 5)
        app.find("label", "Monthly on the first Monday, 5 times", timeout=5, within=editor)
        dialog = driver.wait_until(lambda: [w for w in windows_of(process.pid) if w != window], 5, "the Add Alarm X window")[-1]
        time.sleep(1)
        grab(dialog, out("repeat"))
        driver.click(app.find("push button", "Cancel", within=editor))
        time.sleep(0.5)

        # The primary menu, and the shortcuts window it opens.
        compositor = desktop.spawn(["xcompmgr", "-n"])
        time.sleep(1)
        driver.click(clickable(app.find_all("push button", "Main menu", within=app.windows()[0])))
        app.find("menu item", "About Alarms", timeout=5)
        time.sleep(1)
        grab_with_popup(window, out("menu"))
        press(window, "Escape")
        driver.end(compositor)
        time.sleep(0.5)
        press(window, "ctrl+question")
        shortcuts = driver.wait_until(lambda: [w for w in windows_of(process.pid) if w != window], 5, "the shortcuts window")[-1]
        time.sleep(1.5)
        grab(shortcuts, out("shortcuts"))
        press(shortcuts, "Escape")
        time.sleep(0.5)

    daemon.ctl("timer", "25m", "--title", "Focus")
    daemon.ctl("timer", "4m", "--title", "Tea")
    driver.click(app.find("page tab", "Timers"))
    app.find("list item", re.compile(r"^Tea, "), timeout=5, within=app.windows()[0])
    time.sleep(1.5)
    grab(window, out("timers"))
    if scheme == "light":
        # New Timer, from the Timers page's +.
        driver.click(app.find("push button", "New timer", within=app.windows()[0]))
        dialog = driver.wait_until(lambda: [w for w in windows_of(process.pid) if w != window], 5, "New Timer")[-1]
        time.sleep(1)
        grab(dialog, out("new-timer"))
        press(dialog, "Escape")
        time.sleep(0.5)

    # An alarm (not a timer), so the ringing view shows Snooze beside Stop.
    daemon.ctl("add", "1s", "--title", "Time to leave")
    driver.wait_until(lambda: any("ringing" in line for line in daemon.list_lines()), 5, "the timer to ring")
    stop = app.find("push button", re.compile(r"^Stop: "), timeout=5, within=app.windows()[0])
    time.sleep(1)
    grab(window, out("ringing"))
    driver.click(stop)
    driver.end(process)
    driver.end(daemon.process)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--alarmd", required=True)
    parser.add_argument("--alarmctl", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--phone-only", action="store_true", help="only the phone's 360 x 640 pictures")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    desktop = driver.Desktop(size="1024x900").start()
    try:
        for scheme in () if args.phone_only else ("light", "dark"):
            shoot(args, desktop, scheme)
            print(f"screenshots: {scheme} done")
        for language in ("en", "de"):
            shoot_phone(args, desktop, language)
            print(f"screenshots: phone {language} done")
    finally:
        desktop.stop()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except driver.Failure as failure:
        print(f"screenshots: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
