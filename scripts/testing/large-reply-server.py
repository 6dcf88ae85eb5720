#!/usr/bin/python3
"""A CalDAV collection that answers with replies of a chosen size, for alarmd's memory figures
(scripts/bench-sync): 100 events (other programs' weekly meetings, each padded with X-
properties of 74 octets) whose calendar-multiget reply is about SIZE megabytes. Each new
size gives every event a new ETag, so alarmd's next round fetches them all again in one reply.

Usage: large-reply-server.py PORT CERT KEY CONTROL_FILE
CONTROL_FILE holds the size in MB (0: small events); read at every request. HTTPS on 127.0.0.1.
"""
import http.server
import re
import ssl
import sys

PORT, CERT, KEY, CONTROL = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
COUNT = 100
BASE = "/u/alarms/"


def size():
    try:
        with open(CONTROL) as file:
            return int(file.read().strip() or "0")
    except (OSError, ValueError):
        return 0


def event(index, megabytes):
    pad = []
    if megabytes:
        per_event = megabytes * 1_000_000 // COUNT
        line = "X-BENCH-PAD:" + "x" * 60
        pad = [line] * (per_event // (len(line) + 2))
    minute = index % 60
    hour = 6 + index // 60
    lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Bench//Large replies//EN", "BEGIN:VEVENT",
        f"UID:large-{index}@bench.example", "DTSTAMP:20261101T080000Z", f"SUMMARY:Meeting {index}",
        f"DTSTART:20261102T{hour:02d}{minute:02d}00Z", "RRULE:FREQ=WEEKLY;BYDAY=MO", *pad,
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M", "DESCRIPTION:Meeting", "END:VALARM",
        "END:VEVENT", "END:VCALENDAR", "",
    ]
    return "\r\n".join(lines)


def etag(index, megabytes):
    return f'"{index}-{megabytes}"'


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, content_type="application/xml; charset=utf-8"):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length", "0"))
        return self.rfile.read(length).decode("utf-8") if length else ""

    def do_PROPFIND(self):
        self.body()
        megabytes = size()
        responses = [f"<d:response><d:href>{BASE}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
                     f"<d:supported-report-set><d:supported-report><d:report><d:sync-collection/></d:report></d:supported-report></d:supported-report-set>"
                     f"<d:sync-token>token-{megabytes}</d:sync-token></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"]
        if self.headers.get("Depth") == "1":
            for index in range(COUNT):
                responses.append(f"<d:response><d:href>{BASE}{index}.ics</d:href><d:propstat><d:prop><d:getetag>{escape(etag(index, megabytes))}</d:getetag>"
                                 "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")
        self.multistatus(responses, None)

    def do_REPORT(self):
        request = self.body()
        megabytes = size()
        if "sync-collection" in request:
            responses = [f"<d:response><d:href>{BASE}{index}.ics</d:href><d:propstat><d:prop><d:getetag>{escape(etag(index, megabytes))}</d:getetag>"
                         "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>" for index in range(COUNT)]
            self.multistatus(responses, f"token-{megabytes}")
            return
        responses = []
        for href in re.findall(r"<d:href>([^<]+)</d:href>", request):
            index = int(href.rsplit("/", 1)[1].split(".")[0])
            responses.append(f"<d:response><d:href>{href}</d:href><d:propstat><d:prop><d:getetag>{escape(etag(index, megabytes))}</d:getetag>"
                             f"<c:calendar-data>{escape(event(index, megabytes))}</c:calendar-data></d:prop>"
                             "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")
        self.multistatus(responses, None)

    def multistatus(self, responses, token):
        token_element = f"<d:sync-token>{token}</d:sync-token>" if token else ""
        self.reply(207, '<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
                   + "".join(responses) + token_element + "</d:multistatus>")

    def do_PUT(self):
        self.body()
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()


server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(CERT, KEY)
server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
