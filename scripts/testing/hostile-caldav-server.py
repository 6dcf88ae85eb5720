#!/usr/bin/python3
"""A CalDAV collection that lies: what a broken or malicious server could send alarmd
(Tests/AlarmDaemonTests/HostileServerTests.swift, docs/SECURITY.md "A hostile server").

Usage: hostile-caldav-server.py PORT CONTROL_FILE REQUEST_LOG
Serves /cal/ on 127.0.0.1:PORT (0: a free port) and 127.0.0.2:PORT, the "other host" of the
redirect; prints "ready PORT" when it listens. CONTROL_FILE names the attack, read at every
request; REQUEST_LOG gets one line per request: "HOST METHOD PATH AUTHORIZATION".

Attacks (the collection also holds every object alarmd PUT, and one honest meeting):
  none                 an honest server
  body-1g              a sync-collection reply of 1 GB
  line-100m            an event with one 100 MB line
  object-5m            an event of 5 MB (over the 4 MiB cap of one object)
  object-300k          a meeting of 300 KB that rings (too large to be changed from alarmd)
  entity-bomb          a multistatus reply with an XML entity bomb (billion laughs)
  nesting              10,000 levels of nested elements in a response
  hrefs-1m             a sync-collection reply listing a million objects
  hrefs-200k           the same with 200,000 (under the reply cap)
  redirect-other-host  every request sent to 127.0.0.2 (the password must never follow)
  redirect-loop        every request sent back to itself
  slow                 a reply at one byte a second
  invalid-utf8         an event whose SUMMARY is not UTF-8
  valarms-100k         an event with 100,000 VALARMs (5.6 MB: over the cap of one object)
  valarms-70k          an event with 70,000 VALARMs, under the cap
  secondly             RRULE:FREQ=SECONDLY
  count-1e9            RRULE:FREQ=DAILY;COUNT=1000000000
  exdates-100k         an event with 100,000 EXDATEs
  vtimezone-100k       an event in a VTIMEZONE with 100,000 transitions (RDATE lists, under the cap)
Each attack's objects have ETags and a sync token of their own, so alarmd fetches them anew.
"""
import http.server
import re
import socketserver
import sys
import threading
import time

PORT, CONTROL, LOG = int(sys.argv[1]), sys.argv[2], sys.argv[3]
BASE = "/cal/"
stored = {}  # href -> (etag, text): what alarmd PUT
stored_lock = threading.Lock()
generation = [0]


def attack():
    try:
        with open(CONTROL) as file:
            return file.read().strip() or "none"
    except OSError:
        return "none"


def vcalendar(uid, summary, body, extra_components=()):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Hostile//Server//EN", *extra_components,
             "BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20261101T080000Z", f"SUMMARY:{summary}", *body,
             "END:VEVENT", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def reminder(minutes=10):
    return ["BEGIN:VALARM", "ACTION:DISPLAY", f"TRIGGER:-PT{minutes}M", "DESCRIPTION:Reminder", "END:VALARM"]


HONEST = vcalendar("honest@hostile.example", "Honest meeting",
                   ["DTSTART:20301104T090000Z", "RRULE:FREQ=WEEKLY;BYDAY=MO", *reminder()])


def hostile_event(name):
    """The attack's one calendar object as bytes, or None when the attack is elsewhere."""
    uid = f"{name}@hostile.example"
    start = "DTSTART:20301104T090000Z"
    if name == "line-100m":
        return vcalendar(uid, "A long line", [start, "X-PAD:" + "x" * 100_000_000, *reminder()]).encode()
    if name == "object-300k":
        return vcalendar(uid, "A large meeting", [start, *(["X-PAD:" + "x" * 70] * 4_200), *reminder()]).encode()
    if name == "object-5m":
        return vcalendar(uid, "A large object", [start, *(["X-PAD:" + "x" * 70] * 70_000), *reminder()]).encode()
    if name == "invalid-utf8":
        return vcalendar(uid, "Bad \udcff bytes", [start, *reminder()]).encode("utf-8", "surrogateescape")
    if name in ("valarms-100k", "valarms-70k"):
        count = 100_000 if name == "valarms-100k" else 70_000
        compact = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1M", "END:VALARM"]
        return vcalendar(uid, "Many reminders", [start, *(compact * count)]).encode()
    if name == "secondly":
        return vcalendar(uid, "Every second", ["DTSTART:20261101T000000Z", "RRULE:FREQ=SECONDLY", *reminder(0)]).encode()
    if name == "count-1e9":
        return vcalendar(uid, "A billion times", ["DTSTART:20261101T000000Z", "RRULE:FREQ=DAILY;COUNT=1000000000", *reminder(0)]).encode()
    if name == "exdates-100k":
        exdates = [f"EXDATE:{time.strftime('%Y%m%dT090000Z', time.gmtime(1_700_000_000 + day * 86400))}" for day in range(100_000)]
        return vcalendar(uid, "Skipped a lot", ["DTSTART:20231115T090000Z", "RRULE:FREQ=DAILY", *exdates, *reminder()]).encode()
    if name == "vtimezone-100k":
        # 50,000 onsets of summer time and 50,000 of winter time, a day apart, from 1900 on.
        # (RDATE lines of 10,000 values: a line stays under the 256 KiB a content line may have.)
        def onsets(first):
            dates = [time.strftime("%Y%m%dT020000", time.gmtime(-2_208_988_800 + (first + 2 * n) * 86400)) for n in range(50_000)]
            return ["RDATE:" + ",".join(dates[at:at + 10_000]) for at in range(0, len(dates), 10_000)]
        zone = ["BEGIN:VTIMEZONE", "TZID:Hostile/Zone",
                "BEGIN:STANDARD", "DTSTART:19000101T020000", *onsets(0), "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "END:STANDARD",
                "BEGIN:DAYLIGHT", "DTSTART:19000102T020000", *onsets(1), "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "END:DAYLIGHT",
                "END:VTIMEZONE"]
        return vcalendar(uid, "A zone of many changes", ["DTSTART;TZID=Hostile/Zone:20301104T090000", *reminder()], zone).encode()
    return None  # the attack is in the listing or the reply itself


def escape(data: bytes) -> bytes:
    return data.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b">", b"&gt;")


def objects(name):
    """href -> (etag, bytes) of the collection under this attack."""
    result = {f"{BASE}honest.ics": ('"honest-1"', HONEST.encode())}
    with stored_lock:
        for href, (etag, text) in stored.items():
            result[href] = (etag, text)
    return result


PREFIX = (b'<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">')
SUFFIX = b"</d:multistatus>"


def response(href, etag, data=None, status=None):
    if status:
        return f"<d:response><d:href>{href}</d:href><d:status>HTTP/1.1 {status}</d:status></d:response>".encode()
    props = f"<d:getetag>{etag.replace('&', '&amp;').replace('<', '&lt;')}</d:getetag>".encode()
    if data is not None:
        props += b"<c:calendar-data>" + escape(data) + b"</c:calendar-data>"
    return (f"<d:response><d:href>{href}</d:href><d:propstat><d:prop>".encode() + props
            + b"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def log_request_line(self):
        host = self.connection.getsockname()[0]
        with open(LOG, "a") as file:
            file.write(f"{host} {self.command} {self.path} {self.headers.get('Authorization', '-')}\n")

    def send(self, status, body: bytes, content_type="application/xml; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in headers:
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def stream(self, status, chunks):
        """A reply of unknown length, chunk by chunk (HTTP/1.1 chunked); ends when the client goes."""
        self.send_response(status)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for chunk in chunks:
                if chunk:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def body(self):
        length = int(self.headers.get("Content-Length", "0"))
        return self.rfile.read(length) if length else b""

    def hostile_first(self, name):
        """Attacks that answer every request the same way; True when answered."""
        if self.connection.getsockname()[0] == "127.0.0.2":
            self.send(404, b"the other host")
            return True
        if name == "redirect-other-host":
            self.send(302, b"", headers=[("Location", f"http://127.0.0.2:{PORT}{self.path}")])
            return True
        if name == "redirect-loop":
            self.send(301, b"", headers=[("Location", self.path)])
            return True
        if name == "slow":
            self.send_response(207)
            self.send_header("Content-Type", "application/xml; charset=utf-8")
            self.send_header("Content-Length", str(len(PREFIX) + 1000))
            self.end_headers()
            try:
                for byte in PREFIX + b" " * 1000:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
            return True
        return False

    def do_PROPFIND(self):
        self.log_request_line()
        self.body()
        name = attack()
        if self.hostile_first(name):
            return
        token = f"{name}-{generation[0]}"
        own = (f"<d:response><d:href>{BASE}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
               f"<d:supported-report-set><d:supported-report><d:report><d:sync-collection/></d:report></d:supported-report></d:supported-report-set>"
               f"<d:sync-token>{token}</d:sync-token></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>").encode()
        parts = [own]
        if self.headers.get("Depth") == "1":
            parts += [response(href, etag) for href, (etag, _) in objects(name).items()]
        self.send(207, PREFIX + b"".join(parts) + SUFFIX)

    def do_REPORT(self):
        self.log_request_line()
        request = self.body()
        name = attack()
        if self.hostile_first(name):
            return
        if b"sync-collection" in request:
            return self.sync_collection(name)
        hrefs = [h.decode() for h in re.findall(rb"<(?:\w+:)?href>([^<]*)</(?:\w+:)?href>", request)]
        all_objects = objects(name)
        hostile = hostile_event(name)

        def chunks():
            yield PREFIX
            for href in hrefs:
                if href == f"{BASE}{name}.ics" and hostile is not None:
                    yield f"<d:response><d:href>{href}</d:href><d:propstat><d:prop><d:getetag>\"{name}-{generation[0]}\"</d:getetag><c:calendar-data>".encode()
                    data = escape(hostile)
                    for at in range(0, len(data), 1 << 20):
                        yield data[at:at + (1 << 20)]
                    yield b"</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
                elif href in all_objects:
                    etag, text = all_objects[href]
                    yield response(href, etag, text)
                elif name.startswith("hrefs-"):
                    yield response(href, f'"{href}"', vcalendar(href, "Listed", ["DTSTART:20301104T090000Z"]).encode())
                else:
                    yield response(href, None, status="404 Not Found")
            yield SUFFIX
        self.stream(207, chunks())

    def sync_collection(self, name):
        token = f"{name}-{generation[0]}"
        listed = [response(href, etag) for href, (etag, _) in objects(name).items()]
        if hostile_event(name) is not None:
            listed.append(response(f"{BASE}{name}.ics", f'"{name}-{generation[0]}"'))
        head = PREFIX + b"".join(listed)
        tail = f"<d:sync-token>{token}</d:sync-token>".encode() + SUFFIX
        if name == "body-1g":
            filler = b"<!-- " + b"x" * (1 << 20) + b" -->"

            def chunks():
                yield head
                for _ in range(1024):
                    yield filler
                yield tail
            return self.stream(207, chunks())
        if name == "entity-bomb":
            bomb = (b'<?xml version="1.0"?>\n<!DOCTYPE d:multistatus [\n<!ENTITY a "aaaaaaaaaa">\n'
                    + b"".join(b'<!ENTITY %c "%s">\n' % (ord("a") + i, (b"&%c;" % (ord("a") + i - 1)) * 10) for i in range(1, 10))
                    + b']>\n<d:multistatus xmlns:d="DAV:"><d:response><d:href>/cal/bomb.ics</d:href><d:propstat><d:prop><d:getetag>&j;</d:getetag>'
                    + b"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>" + tail)
            return self.send(207, bomb)
        if name == "nesting":
            deep = b"<x>" * 10_000 + b"</x>" * 10_000
            return self.send(207, head + b"<d:response><d:href>/cal/deep.ics</d:href>" + deep + b"</d:response>" + tail)
        if name.startswith("hrefs-"):
            count = 1_000_000 if name == "hrefs-1m" else 200_000

            def chunks():
                yield head
                batch = []
                for index in range(count):
                    batch.append(response(f"{BASE}many-{index}.ics", f'"{index}"'))
                    if len(batch) == 10_000:
                        yield b"".join(batch)
                        batch = []
                yield b"".join(batch)
                yield tail
            return self.stream(207, chunks())
        self.send(207, head + tail)

    def do_PUT(self):
        self.log_request_line()
        data = self.body()
        if self.hostile_first(attack()):
            return
        with stored_lock:
            generation[0] += 1
            etag = f'"put-{generation[0]}"'
            stored[self.path] = (etag, data)
        self.send(201, b"", headers=[("ETag", etag)])

    def do_DELETE(self):
        self.log_request_line()
        if self.hostile_first(attack()):
            return
        with stored_lock:
            stored.pop(self.path, None)
            generation[0] += 1
        self.send(204, b"")

    def do_GET(self):
        self.log_request_line()
        if self.hostile_first(attack()):
            return
        found = objects(attack()).get(self.path)
        if found is None:
            return self.send(404, b"")
        self.send(200, found[1], "text/calendar; charset=utf-8", [("ETag", found[0])])


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


first = Server(("127.0.0.1", PORT), Handler)
PORT = first.server_address[1]
other = Server(("127.0.0.2", PORT), Handler)
threading.Thread(target=other.serve_forever, daemon=True).start()
print(f"ready {PORT}", flush=True)
first.serve_forever()
