#!/usr/bin/python3
"""Finds the buttons of Phosh's lock screen through the accessibility bus (AT-SPI), for
scripts/check-phosh.

Phosh is a GTK 3 app: it exports its widgets to the accessibility bus of the session bus in its
environment (at-spi-bus-launcher, started by that bus on demand). This looks at the app named
"phosh" only, in its window "phosh lockscreen" only (the panel and the overview are windows of
their own), and only at push buttons that are on screen: STATE_SHOWING, with real extents (GTK 3
keeps hidden widgets in the tree at -2147483648), inside the output (the carousel's keypad page
is mapped beside the visible one).

Positions are in the surface's coordinates (WINDOW_COORDS). On Wayland GTK knows no global
position; Phosh's lock screen is a layer surface covering the whole output from its top left
corner, so these are the output's logical pixels, which scripts/testing/virtual-pointer.py
takes.

Usage (with DBUS_SESSION_BUS_ADDRESS of phosh's bus):
    atspi-phosh.py shown LABEL... [--timeout S]   waits until a button with each label shows;
                                                  prints "LABEL X Y W H" for each
    atspi-phosh.py gone LABEL... [--timeout S]    waits until no button with these labels shows
    atspi-phosh.py dump                           prints every showing button and label
Exits 1 (saying what it saw) when the wait runs out.
"""
import sys
import time

import pyatspi

HIDDEN = -(2 ** 31)
WIDTH, HEIGHT = 360, 720  # the output, in logical pixels (scripts/check-phosh's phoc.ini)


def phosh():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == "phosh":
            return app
    return None


def showing(roles=("push button",)):
    """(role, name, x, y, w, h) of every widget with one of `roles` that is on screen."""
    found = []
    app = phosh()
    if app is None:
        return found

    def walk(node, depth):
        if node is None or depth > 40:
            return
        try:
            states = node.getState()
            if not states.contains(pyatspi.STATE_SHOWING):
                return  # nothing below a hidden widget shows either
            role = node.getRoleName()
            if role in roles:
                box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                # On the output, not a page of the lock screen's carousel beside or below it
                # (the keypad is mapped, and showing, out of sight).
                if box.x != HIDDEN and box.width > 1 and box.height > 1 and \
                        0 <= box.x and box.x + box.width <= WIDTH and 0 <= box.y and box.y + box.height <= HEIGHT:
                    found.append((role, node.name, box.x, box.y, box.width, box.height))
            for child in node:
                walk(child, depth + 1)
        except Exception:  # a widget that went away while we looked
            return

    for window in app:
        if window is not None and window.name == "phosh lockscreen":
            walk(window, 0)
    return found


def windows():
    app = phosh()
    for index, window in enumerate(app or []):
        try:
            box = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            print(f"window {index}\t{window.getRoleName()}\t{window.name!r}\t{box.x} {box.y} {box.width} {box.height}\t"
                  f"showing={window.getState().contains(pyatspi.STATE_SHOWING)} children={window.childCount}")
        except Exception as error:
            print(f"window {index}\t{error}")


def main():
    args = sys.argv[1:]
    timeout = 10.0
    if "--timeout" in args:
        i = args.index("--timeout")
        timeout = float(args[i + 1])
        del args[i:i + 2]
    if not args:
        sys.exit(__doc__)
    command, labels = args[0], args[1:]
    if command == "dump":
        windows()
        for role, name, x, y, w, h in showing(("push button", "label")):
            print(f"{role}\t{name}\t{x} {y} {w} {h}")
        return
    deadline = time.monotonic() + timeout
    while True:
        buttons = showing()
        names = [b[1] for b in buttons]
        if command == "shown" and all(label in names for label in labels):
            for label in labels:
                _, name, x, y, w, h = next(b for b in buttons if b[1] == label)
                print(f"{name} {x} {y} {w} {h}")
            return
        if command == "gone" and not any(label in names for label in labels):
            return
        if time.monotonic() > deadline:
            seen = ", ".join(repr(n) for n in names) or "none"
            app = "phosh is on the accessibility bus" if phosh() is not None else "phosh is NOT on the accessibility bus"
            sys.exit(f"atspi-phosh: after {timeout:g} s the buttons {'shown' if command == 'shown' else 'still shown'}: {seen} ({app})")
        time.sleep(0.2)


if __name__ == "__main__":
    main()
