#!/usr/bin/python3
"""Drives a GTK 4 app through the accessibility bus (AT-SPI), as a screen reader would.

A `Desktop` is an Xvfb display with a PRIVATE session bus: at-spi-bus-launcher is started on
demand by that bus (D-Bus activation of org.a11y.Bus), so nothing of the caller's session is
read or changed. GTK 4 always exports its tree to the accessibility bus (there is no switch to
turn on); it only stays silent when NO_AT_BRIDGE is set or GTK_A11Y=none, so both are removed
from the app's environment.

An `App` is one running program found by its pid (its accessible name is its program name or
application id, which differ between apps; the pid does not). It offers what a test needs:
find by role and name (the name or, for icon buttons, the description GTK takes from the
tooltip), click (the first AT-SPI action), toggle a switch (GTK 4.8 shows a GtkSwitch as role
"check box" or "toggle button"; its state is STATE_CHECKED), type text, and wait-until with a
timeout.

Other scripts load this file with `load_driver()` below (its name has a hyphen, as scripts here
do). Run alone, it proves itself on GNOME Clocks: `scripts/testing/atspi-driver.py clocks`.
"""
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

pyatspi = None  # imported once the private bus is in the environment (it connects at import)


class Failure(Exception):
    """A check that did not hold; the message says what was expected and what was seen."""


class Desktop:
    """Xvfb plus a private session bus; `env` is what a child needs to use both."""

    def __init__(self, size="1024x768", work=None):
        self.work = work or tempfile.mkdtemp(prefix="oak-atspi-")
        self.size = size
        self.processes = []
        self.env = {}

    def start(self):
        global pyatspi
        # pyatspi connects once, to the accessibility bus of the first session bus it sees:
        # a second desktop in the same process would be looked at through the first one's bus.
        if pyatspi is not None:
            raise Failure("one Desktop per process: pyatspi stays on the first one's accessibility bus")
        # A display number of its own from a high range, not -displayfd's first free one that
        # other checks on this machine race for; and the abstract socket too ("local"), which
        # libxcb tries first: a cleanup elsewhere that empties /tmp/.X11-unix does not cut us off.
        display = None
        for _ in range(20):
            number = random.randint(200, 2000)
            if os.path.exists(f"/tmp/.X11-unix/X{number}") or os.path.exists(f"/tmp/.X{number}-lock"):
                continue
            with open(os.path.join(self.work, "xvfb.log"), "w") as log:
                xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", self.size + "x24", "-nolisten", "tcp",
                                         "-listen", "local"],
                                        stderr=log, stdout=log)
            try:
                wait_until(lambda: xvfb.poll() is not None or subprocess.run(
                    ["xwininfo", "-root", "-display", f":{number}"], capture_output=True).returncode == 0, 10,
                    f"Xvfb :{number} to answer")
            except Failure:
                end(xvfb)
                continue
            if xvfb.poll() is None:
                self.processes.append(xvfb)
                display = str(number)
                break
        if display is None:
            raise Failure(f"no Xvfb would start: {open(os.path.join(self.work, 'xvfb.log')).read()[-500:]}")
        # The bus, and the a11y bus launcher it activates, get a runtime folder and HOME of their
        # own: the launcher puts its socket at $XDG_RUNTIME_DIR/at-spi/bus (else ~/.cache/at-spi/bus),
        # one path for every display, which another run as the same user would take over.
        bus_env = dict(os.environ)
        for folder in ("bus-run", "bus-home"):
            os.makedirs(os.path.join(self.work, folder), mode=0o700)
        bus_env.update(XDG_RUNTIME_DIR=os.path.join(self.work, "bus-run"), HOME=os.path.join(self.work, "bus-home"),
                       DISPLAY=":" + display)
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env=bus_env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.processes.append(bus)
        address = bus.stdout.readline().strip()
        if not address:
            raise Failure("dbus-daemon --session printed no address")
        self.env = {"DISPLAY": ":" + display, "DBUS_SESSION_BUS_ADDRESS": address}
        os.environ.update(self.env)
        for name in ("NO_AT_BRIDGE", "GTK_A11Y"):
            os.environ.pop(name, None)
        # The a11y bus launcher would read GNOME's settings from dconf in HOME; a throwaway
        # dconf keeps the caller's untouched.
        os.environ["GSETTINGS_BACKEND"] = "memory"
        if pyatspi is None:
            import pyatspi as module
            pyatspi = module
        return self

    def spawn(self, argv, env=None, log=None):
        """Starts a program on this display and bus; it is ended by `stop`."""
        child_env = dict(os.environ)
        child_env.update(env or {})
        for name in ("NO_AT_BRIDGE", "GTK_A11Y"):
            child_env.pop(name, None)
        out = open(log, "w") if log else subprocess.DEVNULL
        process = subprocess.Popen(argv, env=child_env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        self.processes.append(process)
        return process

    def stop(self):
        for process in reversed(self.processes):
            end(process)
        self.processes = []
        shutil.rmtree(self.work, ignore_errors=True)


def end(process, grace=3):
    """Ends a child (and what it started in its session) and reaps it."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()
        process.wait()


def wait_until(probe, timeout, what, interval=0.05):
    """Calls probe until it returns something true, and returns that; else fails naming `what`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = probe()
            if value:
                return value
        except Failure:
            raise
        except Exception as error:  # a node that went away between two calls: try again
            last_error = error
        if time.monotonic() >= deadline:
            detail = f" (last error: {last_error})" if last_error else ""
            raise Failure(f"waited {timeout:g} s for {what}{detail}")
        time.sleep(interval)


def matches(pattern, text):
    """A string pattern matches the name a person would read: GTK 4.8 names a labelled button
    by its label twice, once with its mnemonic ("Add A_larm Add Alarm"); both forms count."""
    if pattern is None:
        return True
    text = text or ""
    if isinstance(pattern, re.Pattern):
        return pattern.search(text) is not None
    plain = text.replace("_", "")
    return text == pattern or plain == pattern or plain == pattern + " " + pattern


class App:
    """One running program's accessibility tree, found by pid."""

    def __init__(self, pid):
        self.pid = pid

    def root(self, timeout=45):
        def find():
            desktop = pyatspi.Registry.getDesktop(0)
            for index in range(desktop.childCount):
                app = desktop.getChildAtIndex(index)
                if app is not None and app.get_process_id() == self.pid:
                    return app
            return None
        return wait_until(find, timeout, f"the accessible application of pid {self.pid}")

    def windows(self):
        """The app's top-level windows (frames), the main window first, dialogs after it."""
        root = self.root()
        return [root.getChildAtIndex(i) for i in range(root.childCount)]

    def dialog(self, timeout=5):
        """The newest window other than the main one: search in it, not in the whole app (a walk
        of a whole window takes seconds: GTK 4.8 has no AT-SPI cache, each property is a call)."""
        return wait_until(lambda: self.windows()[1:] and self.windows()[-1], timeout, "a dialog window")

    def nodes(self, showing_only=True, within=None):
        """Every node, depth first; hidden widgets' subtrees left out. GTK 4.8 sets STATE_SHOWING
        on windows only (and STATE_VISIBLE from the widget's visible property, so a stack's
        other pages stay in): tests name what they look for precisely enough to tell pages apart."""
        stack = [within or self.root()]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            try:
                if showing_only and node.getRoleName() not in ("application",):
                    state = node.getState()
                    if not state.contains(pyatspi.STATE_VISIBLE):
                        continue
                children = [node.getChildAtIndex(i) for i in range(node.childCount)]
            except Exception:
                continue
            yield node
            stack.extend(reversed(children))

    def find_all(self, role=None, name=None, showing_only=True, within=None):
        found = []
        for node in self.nodes(showing_only, within):
            try:
                if role is not None and node.getRoleName() != role:
                    continue
                if matches(name, node.name) or (name is not None and matches(name, node.description)):
                    found.append(node)
            except Exception:
                continue
        return found

    def find(self, role=None, name=None, timeout=5, showing_only=True, within=None):
        """The first node with this role and name (a string, exact, or a compiled regex),
        searched for under `within` (default: the whole app, its dialogs included)."""
        what = f"{role or 'a node'} named {name.pattern if isinstance(name, re.Pattern) else repr(name)}"
        return wait_until(lambda: next(iter(self.find_all(role, name, showing_only, within)), None), timeout, what)

    def absent(self, role, name, timeout=5):
        what = f"{role} named {name.pattern if isinstance(name, re.Pattern) else repr(name)} to go away"
        wait_until(lambda: not self.find_all(role, name), timeout, what)

    def texts(self, showing_only=True):
        """The names of every showing label and button: what a screen reader would read out."""
        out = []
        for node in self.nodes(showing_only):
            try:
                if node.name:
                    out.append(node.name)
                if node.getRoleName() == "label":
                    text = node.queryText()
                    content = text.getText(0, text.characterCount)
                    if content and content != node.name:
                        out.append(content)
            except Exception:
                continue
        return out

    def dump(self, showing_only=True, file=sys.stderr, within=None):
        for node in self.nodes(showing_only, within):
            try:
                depth, parent = 0, node.parent
                while parent is not None and depth < 40:
                    depth, parent = depth + 1, parent.parent
                print("  " * depth + f"{node.getRoleName()} {node.name!r} {node.description!r} {[pyatspi.stateToString(s) for s in node.getState().getStates()] if os.environ.get('ATSPI_STATES') else ''}", file=file)
            except Exception:
                continue


def click(node):
    """Runs the node's first action (click for buttons, toggle for switches and check boxes)."""
    action = node.queryAction()
    if action.nActions < 1:
        raise Failure(f"{node.getRoleName()} {node.name!r} has no action to click")
    if not action.doAction(0):
        raise Failure(f"{node.getRoleName()} {node.name!r} refused its action {action.getName(0)!r}")


def activate(node):
    """Activates a node as a person would: its AT-SPI action if it has one, else a mouse click
    in the middle of it (GTK 4.8 gives an activatable list row no action and no grabFocus, but
    its extents; xdotool clicks on this display, whose windows sit at 0,0 without a window
    manager, so screen and desktop coordinates agree)."""
    action = node.queryAction() if "Action" in pyatspi.listInterfaces(node) else None
    if action is not None and action.nActions > 0:
        click(node)
        return
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    if box.width <= 0 or box.height <= 0:
        raise Failure(f"{node.getRoleName()} {node.name!r} has no action and no size to click")
    subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2), "sleep", "0.2", "click", "1"],
                   check=True)


def is_checked(node):
    state = node.getState()
    return state.contains(pyatspi.STATE_CHECKED) or state.contains(pyatspi.STATE_PRESSED)


def toggle(node, timeout=3):
    """Flips a switch (role check box / toggle button / switch) and waits for its new state."""
    before = is_checked(node)
    click(node)
    wait_until(lambda: is_checked(node) != before, timeout, f"{node.name!r} to change from {'on' if before else 'off'}")
    return not before


def set_value(node, value, timeout=2):
    """Sets a spin button or slider through the Value interface, as a screen reader's arrow keys
    would end up; waits until the widget reports it."""
    node.queryValue().currentValue = float(value)
    wait_until(lambda: abs(node.queryValue().currentValue - float(value)) < 1e-6, timeout,
               f"{node.name!r} to take the value {value}")


def type_text(node, text):
    """Replaces an editable text's contents, as typing would (the app sees the change signals)."""
    editable = node.queryEditableText()
    if not editable.setTextContents(text):
        raise Failure(f"{node.getRoleName()} {node.name!r} refused the text {text!r}")


def choose(app, within, row, item):
    """Picks `item` in the combo row named `row` as the keyboard does: its popover opened, the
    arrow keys, Return (GTK 4.8 reports a popover's items at wrong x coordinates, so a click
    on them misses). The keys go to the X input focus: the popover's, on a display without a
    window manager."""
    combo = app.find("combo box", row, timeout=5, within=within)
    activate(combo)
    popover = app.find("filler", "GtkPopover", timeout=3, within=combo)
    items = [label.name for label in app.find_all("label", None, within=popover)]
    if item not in items:
        raise Failure(f"{row!r} offers {items}, not {item!r}")

    def current():
        return next((label.name for label in app.find_all("label", None, within=combo) if label.name in items), None)
    steps = items.index(item) - items.index(current())
    keys = ["Down"] * steps if steps > 0 else ["Up"] * -steps
    subprocess.run(["xdotool", "key", "--clearmodifiers", *keys, "Return"], check=True, timeout=10)
    wait_until(lambda: current() == item, 3, f"{row!r} to show {item!r}")


def load_driver():
    return sys.modules[__name__]


def prove_on_gnome_clocks():
    """The driver on a real app it did not write: GNOME Clocks' Add Alarm button and dialog."""
    desktop = Desktop().start()
    try:
        home = os.path.join(desktop.work, "home")
        os.makedirs(home)
        clocks = desktop.spawn(["gnome-clocks"], env={"HOME": home, "XDG_CONFIG_HOME": home + "/.config"},
                               log=os.path.join(desktop.work, "clocks.log"))
        app = App(clocks.pid)
        try:
            print("atspi-driver: found", app.root().name, "by pid", clocks.pid)
        except Failure:
            with open(os.path.join(desktop.work, "clocks.log")) as log:
                print(f"atspi-driver: gnome-clocks ({'running' if clocks.poll() is None else f'exited {clocks.returncode}'}) "
                      f"said: {log.read()[-1500:]}", file=sys.stderr)
            raise
        click(app.find("page tab", "Alarms", timeout=45))
        add = app.find("push button", "Add Alarm", timeout=10)
        print(f"atspi-driver: found push button {add.name!r}")
        click(add)
        app.find("push button", "Add", timeout=10)
        print("atspi-driver: clicking it opened the dialog with its 'Add' button")
    finally:
        desktop.stop()
    print("atspi-driver: OK on gnome-clocks")


if __name__ == "__main__":
    if sys.argv[1:] == ["clocks"]:
        try:
            prove_on_gnome_clocks()
        except Failure as failure:
            print(f"atspi-driver: FAIL: {failure}", file=sys.stderr)
            sys.exit(1)
    else:
        print("usage: atspi-driver.py clocks   (proves the driver on gnome-clocks)", file=sys.stderr)
        sys.exit(2)
