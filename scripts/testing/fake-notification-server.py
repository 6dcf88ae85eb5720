#!/usr/bin/python3
"""A scriptable org.freedesktop.Notifications server on a private D-Bus session bus.

Used by the AlarmNotify tests, scripts/check-vm and by hand. It starts its own dbus-daemon (with
a generated config that has no service directories, so nothing on the machine gets
D-Bus-activated into the test; or serves on an existing one, --bus ADDRESS), prints `address ADDRESS` and `log PATH`, owns the notifications name
(unless --no-server) and prints `ready`.

Every call it receives is appended to the --log file as one JSON object per line, with the
caller's unique bus name (`sender`); hints are recorded as [D-Bus type code, value] so tests can
check that urgency really is a byte. A caller that leaves the bus is logged as a
`{"method": "Disconnected", "sender": NAME}` line: the bus delivers every message a connection
sent before it announces that the connection is gone, so after that line nothing more can come
from it (what a test waits for instead of a pause before a "nothing else happened" check).

Commands, one per line on stdin; each is answered with `ok ...` or `error ...` on stdout:
  invoke ID KEY         emit ActionInvoked(ID, KEY) (and NotificationClosed(ID, 2) in the
                        close-after-action quirk mode, like GNOME Shell and notification-daemon)
  close ID REASON       emit NotificationClosed(ID, REASON) and forget ID
  caps CAP,CAP,...      change what GetCapabilities answers (`caps -` for none)
  quirk close-after-action on|off
  vanish | own          release / take the org.freedesktop.Notifications name
  stall on|off          on: Notify and CloseNotification calls wait, unanswered, as on a
                        server that hangs (the caller's call times out after 25 s); off: the
                        waiting calls are carried out in order and answered late, as a
                        server that catches up does
End of stdin stops the server and its bus: the tests' process cannot leak them.
"""
import argparse, ctypes, json, os, shutil, signal, subprocess, sys, tempfile

import dbus, dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"

TYPE_CODES = [
    (dbus.Boolean, "b"), (dbus.Byte, "y"), (dbus.Int16, "n"), (dbus.UInt16, "q"),
    (dbus.Int32, "i"), (dbus.UInt32, "u"), (dbus.Int64, "x"), (dbus.UInt64, "t"),
    (dbus.Double, "d"), (dbus.String, "s"), (dbus.ObjectPath, "o"), (dbus.Array, "a"),
    (dbus.Struct, "r"),
]


def typed(value):
    for cls, code in TYPE_CODES:
        if isinstance(value, cls):
            if code in ("b",):
                return [code, bool(value)]
            if code in ("y", "n", "q", "i", "u", "x", "t"):
                return [code, int(value)]
            if code == "d":
                return [code, float(value)]
            if code in ("s", "o"):
                return [code, str(value)]
            return [code, repr(value)]
    return ["?", repr(value)]


class Server(dbus.service.Object):
    def __init__(self, bus, log_path, caps, close_after_action):
        super().__init__(bus, PATH)
        self.log_path = log_path
        self.caps = caps
        self.close_after_action = close_after_action
        self.next_id = 1
        self.live = set()
        self.stalled = False
        self.waiting = []  # (carry out, reply, error) of the calls a stall holds

    def log(self, record):
        with open(self.log_path, "a") as f:
            f.write(json.dumps(record) + "\n")

    @dbus.service.method(NAME, in_signature="", out_signature="as", sender_keyword="sender")
    def GetCapabilities(self, sender=None):
        self.log({"method": "GetCapabilities", "sender": str(sender)})
        return self.caps

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("oak-fake-server", "OpenAlarmKit", "1.0", "1.2")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u", sender_keyword="sender", async_callbacks=("reply", "error"))
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout, reply, error, sender=None):
        call = lambda: self.notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout, sender)  # noqa: E731
        if self.stalled:
            self.waiting.append((call, reply, error))
        else:
            reply(call())

    def catch_up(self):
        """The stall ends: every held call is carried out and answered, in order."""
        waiting, self.waiting = self.waiting, []
        for call, reply, error in waiting:
            try:
                reply(*[r for r in [call()] if r is not None])
            except Exception as e:  # noqa: BLE001: the caller gave up long ago; its reply may go nowhere
                self.log({"late-reply-failed": repr(e)})

    def notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout, sender):
        if replaces_id != 0 and replaces_id in self.live:
            nid = int(replaces_id)
        else:
            nid = self.next_id
            self.next_id += 1
        self.live.add(nid)
        self.log({
            "method": "Notify", "id": nid, "app_name": str(app_name),
            "replaces_id": int(replaces_id), "app_icon": str(app_icon),
            "summary": str(summary), "body": str(body),
            "actions": [str(a) for a in actions],
            "hints": {str(k): typed(v) for k, v in hints.items()},
            "expire_timeout": int(expire_timeout), "sender": str(sender),
        })
        return nid

    @dbus.service.method(NAME, in_signature="u", out_signature="", sender_keyword="sender", async_callbacks=("reply", "error"))
    def CloseNotification(self, nid, reply, error, sender=None):
        if self.stalled:
            self.waiting.append((lambda: self.close_notification(nid, sender), reply, error))
        else:
            self.close_notification(nid, sender)
            reply()

    def close_notification(self, nid, sender):
        self.log({"method": "CloseNotification", "id": int(nid), "sender": str(sender)})
        if nid in self.live:
            self.live.discard(nid)
            self.NotificationClosed(nid, 3)

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, nid, key):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", help="default: calls.jsonl in the server's own temporary folder, "
                        "which is removed when it stops; the path is printed as `log PATH`")
    parser.add_argument("--caps", default="actions,body,body-markup,persistence")
    parser.add_argument("--no-server", action="store_true",
                        help="only run the bus: nobody owns the notifications name")
    parser.add_argument("--close-after-action", action="store_true")
    parser.add_argument("--bus", help="serve on this existing bus (an address) instead of a private one "
                        "(scripts/check-vm: the user's session bus)")
    args = parser.parse_args()
    # A parent (the Swift test runner) may block signals; the mask is inherited through exec,
    # and a dbus-daemon that cannot receive SIGTERM would outlive us.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])

    tmp = tempfile.mkdtemp(prefix="oak-fake-bus-")
    if args.log is None:
        args.log = os.path.join(tmp, "calls.jsonl")
        open(args.log, "w").close()
    config = os.path.join(tmp, "session.conf")
    with open(config if not args.bus else os.devnull, "w") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={tmp}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
""")
    def die_with_parent():
        # Linux: the bus gets SIGTERM when this script dies, however it dies.
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG

    daemon = None if args.bus else subprocess.Popen(["dbus-daemon", "--config-file", config, "--nofork", "--print-address=1"],
                                                    stdout=subprocess.PIPE, text=True, preexec_fn=die_with_parent)
    address = args.bus or daemon.stdout.readline().strip()

    def out(line):
        try:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        except BrokenPipeError:  # whoever drove us is gone
            stop(0)

    def stop(code=0):
        if daemon:
            daemon.terminate()
            try:
                daemon.wait(5)
            except subprocess.TimeoutExpired:
                daemon.kill()
        shutil.rmtree(tmp, ignore_errors=True)
        os._exit(code)

    signal.signal(signal.SIGTERM, lambda *_: stop(0))
    signal.signal(signal.SIGINT, lambda *_: stop(0))

    if not address:
        out("error dbus-daemon gave no address")
        stop(1)
    out("address " + address)
    out("log " + args.log)

    DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    caps = [c for c in args.caps.split(",") if c and c != "-"]
    server = Server(bus, args.log, caps, args.close_after_action)
    def owner_changed(bus_name, old, new):
        if bus_name.startswith(":") and old and not new:
            server.log({"method": "Disconnected", "sender": str(bus_name)})
    bus.add_signal_receiver(owner_changed, signal_name="NameOwnerChanged", dbus_interface="org.freedesktop.DBus",
                            bus_name="org.freedesktop.DBus", path="/org/freedesktop/DBus")
    name = None
    if not args.no_server:
        name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    out("ready")

    def command(line):
        nonlocal name
        words = line.split()
        if not words:
            return "ok"
        if words[0] == "invoke":
            nid, key = int(words[1]), words[2]
            server.ActionInvoked(dbus.UInt32(nid), key)
            if server.close_after_action:
                server.live.discard(nid)
                server.NotificationClosed(dbus.UInt32(nid), dbus.UInt32(2))
        elif words[0] == "close":
            nid, reason = int(words[1]), int(words[2])
            server.live.discard(nid)
            server.NotificationClosed(dbus.UInt32(nid), dbus.UInt32(reason))
        elif words[0] == "caps":
            server.caps = [c for c in words[1].split(",") if c and c != "-"]
        elif words[0] == "quirk" and words[1] == "close-after-action":
            server.close_after_action = words[2] == "on"
        elif words[0] == "stall":
            server.stalled = words[1] == "on"
            if not server.stalled:
                server.catch_up()
        elif words[0] == "vanish":
            if name is not None:
                bus.release_name(NAME)
                name = None
                server.live.clear()
        elif words[0] == "own":
            if name is None:
                name = dbus.service.BusName(NAME, bus, do_not_queue=True)
        else:
            return "error unknown command: " + line.strip()
        return "ok " + line.strip()

    # Raw reads split into lines here: a buffered readline() could swallow a second command
    # into Python's buffer, where the GLib watch would never see it.
    pending = b""

    def on_stdin(fd, condition):
        nonlocal pending
        chunk = os.read(fd, 65536)
        if not chunk:
            stop(0)
            return False
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            try:
                out(command(line.decode()))
            except Exception as e:  # a bad command must not kill the server mid-test
                out("error " + repr(e))
        return True

    GLib.io_add_watch(sys.stdin.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, on_stdin)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
