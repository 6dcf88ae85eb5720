#!/usr/bin/python3
"""A private PipeWire sound server with a null sink, for tests and for trying things by hand.

Starts, in FOLDER (created if missing), its own session bus (for WirePlumber), pipewire,
wireplumber and pipewire-pulse with private XDG_RUNTIME_DIR / XDG_CONFIG_HOME /
XDG_STATE_HOME, and a null sink `oak-test-sink` declared in a pipewire.conf.d drop-in (so it
comes back after a server restart) with monitor.channel-volumes = true (its monitor carries
the sink's volume and mute, as a speaker would). No systemd, no sound card, nothing outside
FOLDER is touched. ALSA is routed to it only for processes that get the printed environment:
ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:FOLDER/asound.conf, where that file sends
`default` (pcm and ctl) to PipeWire.

Prints `env NAME=VALUE` lines, then `ready T` (T: CLOCK_MONOTONIC seconds when the sink
exists). Commands, one per line on stdin, each answered with `ok ...` or `error ...`:
  kill                   SIGKILL the server (pipewire, wireplumber, pipewire-pulse), as a crash
  start                  start it again and wait for the sink; answers `ok T`
  restart                kill then start, as systemd would after a crash
  record PATH            record what the sink plays (pw-record --target, s16 stereo 48 kHz)
                         into PATH; a server that dies ends the recording
  stoprecord             end the recording (SIGINT, so the WAV header is written)
  pactl ARGS...          run pactl against the server; answers `ok <its output on one line>`
  pids                   the server's process ids
End of stdin stops everything it started.

Usage: pipewire-session.py FOLDER [--alsa-pulse | --pulseaudio]
  --alsa-pulse  PipeWire as above, but ALSA goes through the pulse plugin to pipewire-pulse
                (the PulseAudio protocol, as on a desktop whose ALSA default is `pulse`)
  --pulseaudio  run PulseAudio itself (module-null-sink), routed through the ALSA pulse plugin
                (Debian's pulseaudio conflicts with pipewire-alsa: one or the other is installed;
                without /usr/bin/pulseaudio, the package as scripts/setup unpacks it into
                /opt/openalarmkit-test/pulseaudio, run from there: root is fine, with a warning)
"""
import glob, os, signal, subprocess, sys, time

# Where scripts/setup unpacks Debian's pulseaudio package (not installed: it would remove
# pipewire-alsa, which the PipeWire tests and a desktop need).
PULSEAUDIO_COPY = "/opt/openalarmkit-test/pulseaudio"


def pulseaudio_command():
    """The daemon's argv start and the environment it needs: the installed one, else the copy
    (its modules and libpulsecore found through --dl-search-path and LD_LIBRARY_PATH)."""
    if os.path.exists("/usr/bin/pulseaudio"):
        return ["/usr/bin/pulseaudio"], {}
    modules = sorted(glob.glob(PULSEAUDIO_COPY + "/usr/lib/pulse-*/modules"))
    core = sorted(glob.glob(PULSEAUDIO_COPY + "/usr/lib/*/pulseaudio"))
    if not modules or not core or not os.path.exists(PULSEAUDIO_COPY + "/usr/bin/pulseaudio"):
        raise RuntimeError("no PulseAudio: neither /usr/bin/pulseaudio nor %s (run scripts/setup)" % PULSEAUDIO_COPY)
    return ([PULSEAUDIO_COPY + "/usr/bin/pulseaudio", "--dl-search-path=" + modules[-1]],
            {"LD_LIBRARY_PATH": core[-1] + ":" + modules[-1]})

SINK = "oak-test-sink"

NULL_SINK_DROPIN = """context.objects = [
  { factory = adapter
    args = {
      factory.name = support.null-audio-sink
      node.name = "%s"
      node.description = "OpenAlarmKit test sink"
      media.class = Audio/Sink
      audio.position = [ FL FR ]
      monitor.channel-volumes = true
      object.linger = true
    }
  }
]
""" % SINK

ASOUND_PIPEWIRE = """pcm.!default { type pipewire playback_node "-1" capture_node "-1" hint { show on description "PipeWire (test)" } }
ctl.!default { type pipewire }
"""

ASOUND_PULSE = """pcm.!default { type pulse hint { show on description "PulseAudio (test)" } }
ctl.!default { type pulse }
"""


class Session:
    def __init__(self, folder, pulseaudio, alsa_pulse):
        self.folder = os.path.abspath(folder)
        self.pulseaudio = pulseaudio
        self.procs = {}
        self.recorder = None
        for sub in ("run", "config/pipewire/pipewire.conf.d", "state", "logs"):
            os.makedirs(os.path.join(self.folder, sub), exist_ok=True)
        os.chmod(os.path.join(self.folder, "run"), 0o700)
        with open(os.path.join(self.folder, "config/pipewire/pipewire.conf.d/oak-null-sink.conf"), "w") as f:
            f.write(NULL_SINK_DROPIN)
        with open(os.path.join(self.folder, "asound.conf"), "w") as f:
            f.write(ASOUND_PULSE if pulseaudio or alsa_pulse else ASOUND_PIPEWIRE)
        self.env = {
            "XDG_RUNTIME_DIR": os.path.join(self.folder, "run"),
            "XDG_CONFIG_HOME": os.path.join(self.folder, "config"),
            "XDG_STATE_HOME": os.path.join(self.folder, "state"),
            "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + os.path.join(self.folder, "asound.conf"),
            "PULSE_SERVER": "unix:" + os.path.join(self.folder, "run/pulse/native"),
        }
        self.env["DBUS_SESSION_BUS_ADDRESS"] = self.start_bus()

    def child_env(self):
        env = dict(os.environ)
        env.update(self.env)
        env.pop("DISPLAY", None)
        return env

    def start_bus(self):
        config = os.path.join(self.folder, "bus.conf")
        with open(config, "w") as f:
            f.write("""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=%s</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>""" % os.path.join(self.folder, "run"))
        bus = subprocess.Popen(["dbus-daemon", "--config-file", config, "--print-address", "--nofork"],
                               stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        self.procs["dbus"] = bus
        return bus.stdout.readline().strip()

    def spawn(self, name, argv, extra_env=None):
        log = open(os.path.join(self.folder, "logs", name + ".log"), "a")
        env = self.child_env()
        env.update(extra_env or {})
        self.procs[name] = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=subprocess.STDOUT)

    def start(self):
        if self.pulseaudio:
            argv, extra = pulseaudio_command()
            # -n: no default.pa, only these modules; the socket is XDG_RUNTIME_DIR/pulse/native.
            self.spawn("pulseaudio", argv + ["-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
                                             "--disable-shm=yes", "-L", "module-native-protocol-unix",
                                             "-L", "module-null-sink sink_name=%s" % SINK,
                                             "-L", "module-always-sink"], extra)
        else:
            self.spawn("pipewire", ["pipewire"])
            time.sleep(0.2)
            self.spawn("wireplumber", ["wireplumber"])
            self.spawn("pipewire-pulse", ["pipewire-pulse"])
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.sink_ready():
                return time.monotonic()
            time.sleep(0.05)
        raise RuntimeError("the sink did not appear within 15 s; see " + os.path.join(self.folder, "logs"))

    def sink_ready(self):
        try:
            out = subprocess.run(["pactl", "get-default-sink"], env=self.child_env(), capture_output=True,
                                 text=True, timeout=2).stdout
        except subprocess.TimeoutExpired:
            return False
        if out.strip() != SINK:
            return False
        if self.pulseaudio:
            return True
        # WirePlumber restores the volume and routes streams; wait until it runs too.
        out = subprocess.run(["pw-cli", "ls", "Client"], env=self.child_env(), capture_output=True, text=True).stdout
        return "wireplumber" in out.lower()

    def kill(self):
        for name in ("pipewire-pulse", "wireplumber", "pipewire", "pulseaudio"):
            proc = self.procs.pop(name, None)
            if proc is not None:
                proc.kill()
                proc.wait()

    def record(self, path):
        self.stop_recording()
        tool = ["parecord", "--device=%s.monitor" % SINK, "--file-format=wav", "--format=s16le",
                "--rate=48000", "--channels=2", path] if self.pulseaudio else \
            ["pw-record", "--target", SINK, "--format", "s16", "--rate", "48000", "--channels", "2", path]
        log = open(os.path.join(self.folder, "logs", "recorder.log"), "a")
        self.recorder = subprocess.Popen(tool, env=self.child_env(), stdin=subprocess.DEVNULL, stdout=log, stderr=log)

    def stop_recording(self):
        if self.recorder is not None:
            self.recorder.send_signal(signal.SIGINT)
            try:
                self.recorder.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.recorder.kill()
                self.recorder.wait()
            self.recorder = None

    def pactl(self, args):
        done = subprocess.run(["pactl"] + args, env=self.child_env(), capture_output=True, text=True, timeout=5)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip() or "pactl failed")
        return " ".join(done.stdout.split())

    def stop(self):
        self.stop_recording()
        self.kill()
        bus = self.procs.pop("dbus", None)
        if bus is not None:
            bus.kill()
            bus.wait()


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    session = Session(args[0], "--pulseaudio" in sys.argv, "--alsa-pulse" in sys.argv)
    try:
        for name, value in session.env.items():
            print("env %s=%s" % (name, value))
        print("ready %.6f" % session.start(), flush=True)
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            try:
                command = words[0]
                if command == "kill":
                    session.kill()
                    print("ok")
                elif command == "start":
                    print("ok %.6f" % session.start())
                elif command == "restart":
                    session.kill()
                    print("ok %.6f" % session.start())
                elif command == "record":
                    session.record(words[1])
                    print("ok %.6f" % time.monotonic())
                elif command == "stoprecord":
                    session.stop_recording()
                    print("ok")
                elif command == "pactl":
                    print("ok " + session.pactl(words[1:]))
                elif command == "pids":
                    print("ok " + " ".join("%s=%d" % (n, p.pid) for n, p in session.procs.items()))
                else:
                    print("error unknown command " + command)
            except Exception as error:  # a bad command must not take the server down
                print("error %s" % error)
            sys.stdout.flush()
    finally:
        session.stop()


if __name__ == "__main__":
    main()
