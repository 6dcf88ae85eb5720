#!/usr/bin/env python3
"""A pointer for a headless wlroots compositor (phoc), through the wlr virtual-pointer protocol.

A headless phoc has no input device, so it has no wl_seat either, and phosh (which binds the
seat when it starts) crashes without one. A virtual pointer made with no seat is added to the
compositor's default seat, which makes that seat: start this first, then phosh. It then moves
and clicks as a mouse would, so what it presses goes through the compositor's input path and
GTK's own event handling, like a finger.

Speaks the Wayland wire protocol itself (a Unix socket, 32-bit words), so it needs nothing but
Python. Only the requests it sends are described here, by their opcodes in
wlr-virtual-pointer-unstable-v1 (version 1) and the core protocol.

Usage: virtual-pointer.py WIDTHxHEIGHT   (the output's size in logical pixels)
Reads commands from stdin, one a line, and answers each with "ok ..." once the compositor has
handled it (a wl_display.sync round trip):
    move X Y      put the pointer at X,Y (logical pixels)
    click X Y     move there, press and release the left button
Prints "ready" once the pointer exists. Exits when stdin closes.
"""
import os
import socket
import struct
import sys
import time

BTN_LEFT = 0x110


class Wayland:
    def __init__(self):
        path = os.environ["WAYLAND_DISPLAY"]
        if not path.startswith("/"):
            path = os.path.join(os.environ["XDG_RUNTIME_DIR"], path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 2  # 1 is wl_display
        self.buffer = b""
        self.globals = {}  # interface -> (name, version)
        self.done_callbacks = set()
        self.registry = None

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def send(self, obj, opcode, payload=b""):
        size = 8 + len(payload)
        self.sock.sendall(struct.pack("<II", obj, (size << 16) | opcode) + payload)

    @staticmethod
    def string(text):
        data = text.encode() + b"\0"
        data += b"\0" * (-len(data) % 4)
        return struct.pack("<I", len(text) + 1) + data

    def read_event(self):
        while len(self.buffer) < 8 or len(self.buffer) < (struct.unpack_from("<I", self.buffer, 4)[0] >> 16):
            chunk = self.sock.recv(65536)
            if not chunk:
                raise SystemExit("virtual-pointer: the compositor closed the connection")
            self.buffer += chunk
        obj, word = struct.unpack_from("<II", self.buffer)
        size, opcode = word >> 16, word & 0xFFFF
        payload, self.buffer = self.buffer[8:size], self.buffer[size:]
        return obj, opcode, payload

    def roundtrip(self):
        callback = self.new_id()
        self.send(1, 0, struct.pack("<I", callback))  # wl_display.sync
        while callback not in self.done_callbacks:
            obj, opcode, payload = self.read_event()
            if obj == 1 and opcode == 0:  # wl_display.error(object, code, message)
                _, code, length = struct.unpack_from("<III", payload)
                message = payload[12:12 + length - 1].decode(errors="replace")
                raise SystemExit(f"virtual-pointer: protocol error {code}: {message}")
            if obj == self.registry and opcode == 0:  # wl_registry.global(name, interface, version)
                name, length = struct.unpack_from("<II", payload)
                interface = payload[8:8 + length - 1].decode()
                version = struct.unpack_from("<I", payload, 8 + ((length + 3) & ~3))[0]
                self.globals[interface] = (name, version)
            if opcode == 0 and obj not in (1, self.registry):  # wl_callback.done
                self.done_callbacks.add(obj)


def main():
    width, height = (int(n) for n in sys.argv[1].split("x"))
    wl = Wayland()
    wl.registry = wl.new_id()
    wl.send(1, 1, struct.pack("<I", wl.registry))  # wl_display.get_registry
    wl.roundtrip()
    interface = "zwlr_virtual_pointer_manager_v1"
    if interface not in wl.globals:
        raise SystemExit(f"virtual-pointer: the compositor offers no {interface}")
    manager = wl.new_id()
    name, _ = wl.globals[interface]
    wl.send(wl.registry, 0, struct.pack("<I", name) + wl.string(interface) + struct.pack("<II", 1, manager))
    pointer = wl.new_id()
    wl.send(manager, 0, struct.pack("<II", 0, pointer))  # create_virtual_pointer(seat: null, id)
    wl.roundtrip()
    print("ready", flush=True)
    start = time.monotonic()

    def now():
        return int((time.monotonic() - start) * 1000) & 0xFFFFFFFF

    def move(x, y):
        # motion_absolute(time, x, y, x_extent, y_extent), then frame
        wl.send(pointer, 1, struct.pack("<IIIII", now(), x, y, width, height))
        wl.send(pointer, 4)

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] in ("move", "click") and len(words) == 3:
            x, y = int(float(words[1])), int(float(words[2]))
            move(x, y)
            wl.roundtrip()
            if words[0] == "click":
                time.sleep(0.05)
                wl.send(pointer, 2, struct.pack("<III", now(), BTN_LEFT, 1))  # button(time, button, pressed)
                wl.send(pointer, 4)
                wl.roundtrip()
                time.sleep(0.05)
                wl.send(pointer, 2, struct.pack("<III", now(), BTN_LEFT, 0))  # released
                wl.send(pointer, 4)
                wl.roundtrip()
            print(f"ok {words[0]} {x} {y}", flush=True)
        else:
            print(f"virtual-pointer: unknown command {line.strip()!r}", file=sys.stderr, flush=True)
            print("error", flush=True)


if __name__ == "__main__":
    main()
