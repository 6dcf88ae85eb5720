#!/usr/bin/python3
"""The server's floor for a first sync (scripts/bench-sync): the same calendar objects alarmd
uploaded, PUT back to back over one kept-alive HTTPS connection into another calendar, as a
20-line client does it. Prints the seconds the PUTs took.

Usage: put-floor.py PORT SOURCE_PATH TARGET_PATH CAFILE
"""
import base64
import http.client
import re
import ssl
import sys
import time

port, source, target, cafile = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
connection = http.client.HTTPSConnection("127.0.0.1", port, context=ssl.create_default_context(cafile=cafile))
auth = {"Authorization": "Basic " + base64.b64encode(b"u:x").decode()}


def request(method, path, body=b"", headers=None):
    connection.request(method, path, body=body, headers={**auth, **(headers or {})})
    response = connection.getresponse()
    return response.status, response.read()


# The objects as the server has them (not timed).
_, listing = request("PROPFIND", source, b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
                     {"Depth": "1", "Content-Type": "application/xml"})
hrefs = [href for href in re.findall(r"<(?:\w+:)?href>([^<]+)</(?:\w+:)?href>", listing.decode()) if href.endswith(".ics")]
texts = []
for href in hrefs:
    status, body = request("GET", href)
    assert status == 200, (status, href)
    texts.append((href.rsplit("/", 1)[1], body))

started = time.monotonic()
for name, body in texts:
    status, _ = request("PUT", target + name, body, {"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"})
    assert status in (201, 204), status
print(f"{time.monotonic() - started:.2f} {len(texts)}")
