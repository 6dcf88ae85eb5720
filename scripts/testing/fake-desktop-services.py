#!/usr/bin/python3
"""Fake logind and MPRIS media players on a private D-Bus bus, for alarmd's desktop tests.

Starts its own dbus-daemon (no service directories: nothing real gets activated), prints
`address ADDRESS` and `ready`. alarmd is then given that address as both its session and its
system bus. On it:
  org.freedesktop.login1          Manager.Inhibit(what, who, why, mode) -> a descriptor;
                                  the inhibitor counts as held until every copy is closed;
                                  with --refuse-inhibit it answers AccessDenied to block
                                  locks, as logind does when polkit refuses (a user with no
                                  session; delay locks are allowed to anyone by default);
                                  while a suspend is under way (`sleep true` to `resume`) it
                                  answers OperationInProgress to sleep locks, as logind does;
                                  the signal Manager.PrepareForSleep(b) on command
  org.sigxcpu.Feedback            with --feedback, feedbackd (phones' vibration and LED):
                                  TriggerFeedback(app, event, hints, timeout) -> an id, and
                                  EndFeedback(id); recorded as `Feedback.Trigger:APP:EVENT:
                                  PROFILE:TIMEOUT:ID` and `Feedback.End:ID`
  org.gnome.SessionManager        with --session-manager, gnome-session's Inhibit(app, xid,
                                  reason, flags) -> a cookie, and Uninhibit(cookie); recorded
                                  as `Session.Inhibit:APP:FLAGS:COOKIE`, `Session.Uninhibit:COOKIE`
  org.mpris.MediaPlayer2.NAME     one player per --player NAME=STATUS (Playing, Paused,
                                  Stopped): Player.Play/Pause/PlayPause/Stop and the
                                  PlaybackStatus property
Commands on stdin, each answered with `ok ...` or `error ...`:
  status NAME       the player's PlaybackStatus
  set NAME STATUS   change it (as the person would)
  inhibitors        how many block inhibitors are held, and their `what:why` list
  delays            the same for delay inhibitors
  calls             every call received so far, in order: `NAME.Play`, `NAME.Pause`, ...
                    for the players, `Inhibit:WHY` (spaces as _) for logind's block locks,
                    refused ones too, `Delay:WHY` for its delay locks
  sleep true        as logind starts a suspend: sleep locks are refused from now on, and
                    PrepareForSleep(true) is emitted
  resume SECONDS    as the suspend's job ends after resume: sleep locks are allowed again;
                    waits (at most SECONDS) for a block lock, answers `ok taken SECONDS` (how
                    long after) or `ok none`, and only then emits PrepareForSleep(false), so
                    what it measures is alarmd's asking, not its answer to the signal
  sleep false       ends the suspend and emits PrepareForSleep(false) at once
End of stdin stops everything.
"""
import argparse, os, select, shutil, subprocess, sys, tempfile, threading, time

import dbus, dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PLAYER_IFACE = "org.mpris.MediaPlayer2.Player"
CALLS = []  # what was asked of us, in order (the `calls` command): what a negative check reads


class Player(dbus.service.Object):
    def __init__(self, connection, name, status):
        super().__init__(connection, "/org/mpris/MediaPlayer2")
        self.name = name
        self.status = status

    @dbus.service.method(PLAYER_IFACE)
    def Play(self):
        CALLS.append(self.name + ".Play")
        self.status = "Playing"

    @dbus.service.method(PLAYER_IFACE)
    def Pause(self):
        CALLS.append(self.name + ".Pause")
        if self.status == "Playing":
            self.status = "Paused"

    @dbus.service.method(PLAYER_IFACE)
    def PlayPause(self):
        CALLS.append(self.name + ".PlayPause")
        self.status = "Paused" if self.status == "Playing" else "Playing"

    @dbus.service.method(PLAYER_IFACE)
    def Stop(self):
        CALLS.append(self.name + ".Stop")
        self.status = "Stopped"

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if interface == PLAYER_IFACE and name == "PlaybackStatus":
            return dbus.String(self.status)
        raise dbus.exceptions.DBusException("no such property", name="org.freedesktop.DBus.Error.UnknownProperty")


class Login1(dbus.service.Object):
    def __init__(self, connection, refuse=False):
        super().__init__(connection, "/org/freedesktop/login1")
        self.held = []  # (read end, what, why, mode)
        self.refuse = refuse
        self.suspending = False

    @dbus.service.method("org.freedesktop.login1.Manager", in_signature="ssss", out_signature="h")
    def Inhibit(self, what, who, why, mode):
        CALLS.append(("Inhibit:" if mode == "block" else "Delay:") + str(why).replace(" ", "_"))
        if self.suspending and "sleep" in str(what).split(":"):  # logind-dbus.c, systemd issue 14045
            raise dbus.exceptions.DBusException("The operation inhibition has been requested for is already running",
                                                name="org.freedesktop.login1.OperationInProgress")
        if self.refuse and mode == "block":  # logind's words when polkit says no
            raise dbus.exceptions.DBusException("Permission denied", name="org.freedesktop.DBus.Error.AccessDenied")
        read, write = os.pipe()
        self.held.append((read, str(what), str(why), str(mode)))
        fd = dbus.types.UnixFd(write)  # dbus-python keeps its own copy
        os.close(write)
        return fd

    @dbus.service.signal("org.freedesktop.login1.Manager", signature="b")
    def PrepareForSleep(self, start):
        pass

    def count(self, mode="block"):
        alive = []
        for lock in self.held:
            ready, _, _ = select.select([lock[0]], [], [], 0)
            if ready:  # EOF: every copy of the write end is closed
                os.close(lock[0])
            else:
                alive.append(lock)
        self.held = alive
        return [(read, what, why) for read, what, why, m in alive if m == mode]


class Feedback(dbus.service.Object):
    def __init__(self, connection):
        super().__init__(connection, "/org/sigxcpu/Feedback")
        self.next = 0

    @dbus.service.method("org.sigxcpu.Feedback", in_signature="ssa{sv}i", out_signature="u")
    def TriggerFeedback(self, app, event, hints, timeout):
        self.next += 1
        CALLS.append("Feedback.Trigger:%s:%s:%s:%d:%d" % (app, event, hints.get("profile", "-"), timeout, self.next))
        return dbus.UInt32(self.next)

    @dbus.service.method("org.sigxcpu.Feedback", in_signature="u")
    def EndFeedback(self, event):
        CALLS.append("Feedback.End:%d" % event)


class SessionManager(dbus.service.Object):
    def __init__(self, connection):
        super().__init__(connection, "/org/gnome/SessionManager")
        self.next = 0

    @dbus.service.method("org.gnome.SessionManager", in_signature="susu", out_signature="u")
    def Inhibit(self, app, xid, reason, flags):
        self.next += 1
        CALLS.append("Session.Inhibit:%s:%d:%d" % (app, flags, self.next))
        return dbus.UInt32(self.next)

    @dbus.service.method("org.gnome.SessionManager", in_signature="u")
    def Uninhibit(self, cookie):
        CALLS.append("Session.Uninhibit:%d" % cookie)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--player", action="append", default=[], help="NAME=STATUS")
    parser.add_argument("--refuse-inhibit", action="store_true", help="Inhibit answers AccessDenied")
    parser.add_argument("--feedback", action="store_true", help="own org.sigxcpu.Feedback (feedbackd)")
    parser.add_argument("--session-manager", action="store_true", help="own org.gnome.SessionManager")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="oak-fake-desktop-")
    config = os.path.join(folder, "bus.conf")
    with open(config, "w") as f:
        f.write("""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=%s</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>""" % folder)
    bus = subprocess.Popen(["dbus-daemon", "--config-file", config, "--print-address", "--nofork"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = bus.stdout.readline().strip()
    try:
        DBusGMainLoop(set_as_default=True)
        login_connection = dbus.bus.BusConnection(address)
        login_name = dbus.service.BusName("org.freedesktop.login1", login_connection)
        login = Login1(login_connection, refuse=args.refuse_inhibit)
        if args.feedback:
            feedback_connection = dbus.bus.BusConnection(address)
            feedback = (dbus.service.BusName("org.sigxcpu.Feedback", feedback_connection), Feedback(feedback_connection))
        if args.session_manager:
            session_connection = dbus.bus.BusConnection(address)
            session = (dbus.service.BusName("org.gnome.SessionManager", session_connection), SessionManager(session_connection))
        players = {}
        for spec in args.player:
            name, status = spec.split("=", 1)
            connection = dbus.bus.BusConnection(address)
            players[name] = (dbus.service.BusName("org.mpris.MediaPlayer2." + name, connection), Player(connection, name, status))
        loop = GLib.MainLoop()

        def command(line):
            words = line.split()
            if not words:
                return ""
            if words[0] == "status" and words[1] in players:
                return "ok " + players[words[1]][1].status
            if words[0] == "set" and words[1] in players:
                players[words[1]][1].status = words[2]
                return "ok"
            if words[0] == "calls":
                return "ok " + " ".join(CALLS)
            if words[0] in ("inhibitors", "delays"):
                held = login.count("block" if words[0] == "inhibitors" else "delay")
                return "ok %d %s" % (len(held), " ".join("%s:%s" % (w, y.replace(" ", "_")) for _, w, y in held))
            if words[0] == "sleep" and words[1] == "false":
                login.suspending = False
                login.PrepareForSleep(False)
                return "ok"
            if words[0] == "sleep" and words[1] == "true":
                login.suspending = True
                login.PrepareForSleep(True)
                return "ok"
            if words[0] == "resume":
                login.suspending = False
                started, limit = time.monotonic(), float(words[1])

                def poll():  # until a block lock is held, then the signal
                    held = login.count("block")
                    if not held and time.monotonic() - started < limit:
                        return True
                    print("ok taken %.3f" % (time.monotonic() - started) if held else "ok none", flush=True)
                    login.PrepareForSleep(False)
                    return False
                GLib.timeout_add(2, poll)
                return ""
            return "error unknown command " + line.strip()

        def on_input(source, condition):
            line = sys.stdin.readline()
            if not line:
                loop.quit()
                return False
            answer = command(line)
            if answer:
                print(answer, flush=True)
            return True

        GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_input)
        print("address " + address, flush=True)
        print("ready", flush=True)
        loop.run()
    finally:
        sys.stdout.flush()
        bus.kill()
        bus.wait()
        shutil.rmtree(folder, ignore_errors=True)
        os._exit(0)  # the names' destructors would call the bus that is gone


if __name__ == "__main__":
    main()
