#!/usr/bin/python3
"""A real alarmd for the GUI checks, isolated as the Swift tests isolate theirs
(Tests/TestSupport/IsolatedHome.swift): XDG folders and HOME of its own under the desktop's
work folder (the runtime one 0700), no autostart, its sound into an ALSA `file` device whose
bytes the checks count. The app under test gets the same `env`, so it talks to this alarmd.
"""
import json
import os
import subprocess
import time

driver = None  # the atspi-driver module, set by load()


def load(here):
    """Loads atspi-driver.py and this file (their names have hyphens) and returns both."""
    import importlib.util
    modules = []
    for name in ("atspi-driver", "atspi-alarmd"):
        spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(here, name + ".py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules.append(module)
    modules[1].driver = modules[0]
    return modules


class AlarmDaemon:
    def __init__(self, desktop, alarmd, alarmctl, name="oak", extra_env=None, launcher=()):
        """`launcher`: a command alarmd runs under (`setpriv --bounding-set=-wake_alarm`)."""
        self.desktop = desktop
        self.launcher = list(launcher)
        self.alarmd = alarmd
        self.alarmctl = alarmctl
        self.root = os.path.join(desktop.work, name)
        self.sound_file = os.path.join(self.root, "sound.raw")
        for folder in ("home", "run", "state", "config/openalarmkit", "data"):
            os.makedirs(os.path.join(self.root, folder), exist_ok=True)
        os.chmod(os.path.join(self.root, "run"), 0o700)
        self.env = {
            "HOME": os.path.join(self.root, "home"),
            "XDG_RUNTIME_DIR": os.path.join(self.root, "run"),
            "XDG_STATE_HOME": os.path.join(self.root, "state"),
            "XDG_CONFIG_HOME": os.path.join(self.root, "config"),
            "XDG_DATA_HOME": os.path.join(self.root, "data"),
            "XDG_CACHE_HOME": os.path.join(self.root, "home", ".cache"),
            "OPENALARMKIT_AUDIO_DEVICE": f"file:FILE={self.sound_file},FORMAT=raw",
            "OPENALARMKIT_NO_AUTOSTART": "1",
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "LANGUAGE": "",
        }
        self.env.update(extra_env or {})
        self.process = None

    def start(self):
        self.process = self.desktop.spawn([*self.launcher, self.alarmd], env=self.env, log=os.path.join(self.root, "alarmd.log"))
        driver.wait_until(lambda: self.run_ctl("status").returncode == 0, 10,
                          f"alarmd to answer `alarmctl status` (log: {self.log()})")
        return self

    def log(self):
        try:
            with open(os.path.join(self.root, "alarmd.log")) as f:
                return f.read()[-2000:]
        except OSError:
            return ""

    def run_ctl(self, *args):
        env = dict(os.environ)
        env.update(self.env)
        return subprocess.run([self.alarmctl, *args], env=env, capture_output=True, text=True, timeout=20)

    def run_ctl_with(self, changes, *args):
        """alarmctl with some variables changed (a German run: LANGUAGE, LC_ALL)."""
        env = dict(os.environ)
        env.update(self.env)
        env.update(changes)
        return subprocess.run([self.alarmctl, *args], env=env, capture_output=True, text=True, timeout=20)

    def ctl(self, *args):
        """Runs alarmctl; fails with its message when it exits non-zero."""
        result = self.run_ctl(*args)
        if result.returncode != 0:
            raise driver.Failure(f"alarmctl {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
        return result.stdout

    def alarms(self):
        return json.loads(self.ctl("list", "--json") or "[]")

    def list_lines(self):
        """`alarmctl list` as a person reads it: one line per alarm (the header left out).
        Anything else than the table or "no alarms" is a failure: were it read as no alarms,
        every "it's gone" check would pass on output it cannot read."""
        text = self.ctl("list")
        lines = text.splitlines()
        if text.strip() == "no alarms":
            return []
        if not lines or not lines[0].startswith("ID "):
            raise driver.Failure(f"`alarmctl list` printed neither its table nor 'no alarms': {text[:300]!r}")
        return [line for line in lines[1:] if line.strip()]

    def sound_bytes(self):
        try:
            return os.path.getsize(self.sound_file)
        except OSError:
            return 0

    def seed(self, count):
        """`count` realistic alarms (weekday and daily wake-ups, reminders) made by alarmctl."""
        titles = ["Wake up", "Gym", "Stand-up", "Take medicine", "School run", "Water the plants",
                  "Call mum", "Bins out", "Lunch", "Pick up the kids"]
        specs = ["weekdays", "daily", "sat,sun", "mon,wed,fri", "tue,thu"]
        for i in range(count):
            hour, minute = 5 + (i * 5) % 17, (i * 13) % 60
            title = titles[i % len(titles)] + (f" {i // len(titles) + 1}" if count > len(titles) else "")
            self.ctl("add", specs[i % len(specs)], f"{hour}:{minute:02d}", "--title", title)


def wait_for_sound(daemon, timeout, what="the ring to write sound into the ALSA file device"):
    before = daemon.sound_bytes()
    return driver.wait_until(lambda: daemon.sound_bytes() > before and daemon.sound_bytes(), timeout, what)


def now():
    return time.monotonic()
