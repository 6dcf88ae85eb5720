import AlarmSystem
import LinuxSupport

/// A calendar object on the server: where it is and its version.
package struct RemoteResource: Hashable, Sendable {
    package var href: String
    package var etag: String
}

/// A calendar object with its iCalendar text.
package struct RemoteObject: Hashable, Sendable {
    package var href: String
    package var etag: String
    package var calendarData: String
}

/// What a collection says about itself (PROPFIND Depth 0).
package struct CollectionInfo: Sendable {
    /// The current RFC 6578 token, when the server has one.
    package var syncToken: String?
    /// `REPORT sync-collection` is in the supported-report-set.
    package var supportsSyncCollection: Bool
    /// The resource is a CalDAV calendar (resourcetype holds `C:calendar`).
    package var isCalendar: Bool
}

/// What changed since a sync token (RFC 6578).
package struct CollectionChanges: Sendable {
    package var changed: [RemoteResource]
    package var removed: [String]
    package var token: String
}

/// How a PUT guards against overwriting someone else's change.
package enum WriteCondition: Hashable, Sendable {
    /// `If-None-Match: *`: only if nothing is there (a new alarm).
    case create
    /// `If-Match: etag`: only if the server still has the version we last saw.
    case replace(etag: String)
}

/// A WebDAV/CalDAV client for one calendar collection: list, get, put, delete with ETags,
/// sync-collection, calendar-multiget, and MKCALENDAR (tests, first setup). Synchronous, over
/// one connection; errors say what to do (`CalDAVError`). Used by the [sync] engine and the
/// read-only [[calendars]] subscriptions.
package final class CalDAVClient {
    package let collection: CalDAVURL
    private let http: HTTPTransport
    /// The most objects a listing may name: more is refused (a hostile or broken server's
    /// million hrefs), not fetched for minutes. 50,000 events is over 60 years at two a day.
    package static let maximumObjects = 50_000

    package init(url: String, username: String?, password: String?, timeoutSeconds: Int = 30, caFile: String? = nil) throws(CalDAVError) {
        do { collection = try CalDAVURL(url) } catch { throw .badURL(error.url, reason: error.reason) }
        http = HTTPTransport(username: username, password: password, timeoutSeconds: timeoutSeconds, caFile: caFile)
    }

    /// The href of the object named `name` (an alarm's UID, made safe for a path) + `.ics`.
    package func href(forName name: String) -> String {
        var safe = ""
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isAlphabetic && byte < 0x80 || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x2E {
                safe.unicodeScalars.append(scalar)
            } else {
                safe += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2, with: "0")
            }
        }
        return collection.path + safe + ".ics"
    }

    package func collectionInfo() throws(CalDAVError) -> CollectionInfo {
        let reply = try multistatus("PROPFIND", collection.path, depth: "0", body: DAVBodies.collectionProperties)
        guard let own = reply.responses.first else { throw .malformedReply(host: collection.host, detail: "no response for the collection") }
        let reports = own.properties[.dav("supported-report-set")]?.elements ?? []
        return CollectionInfo(
            syncToken: own.properties[.dav("sync-token")]?.text,
            supportsSyncCollection: reports.contains(.dav("sync-collection")),
            isCalendar: own.properties[.dav("resourcetype")]?.elements.contains(.caldav("calendar")) ?? false)
    }

    /// Every calendar object in the collection with its ETag (PROPFIND Depth 1).
    package func list() throws(CalDAVError) -> [RemoteResource] {
        let reply = try multistatus("PROPFIND", collection.path, depth: "1", body: DAVBodies.etags)
        return reply.responses.compactMap { response in
            guard !isCollectionItself(response.href), response.properties[.dav("resourcetype")]?.elements.contains(.dav("collection")) != true,
                  let etag = response.properties[.dav("getetag")]?.text else { return nil }
            return RemoteResource(href: response.href, etag: etag)
        }
    }

    /// What changed since `token` (nil: everything, with the first token). Throws
    /// `.syncTokenExpired` when the server no longer knows the token: list() then.
    package func changes(since token: String?) throws(CalDAVError) -> CollectionChanges {
        let reply: Multistatus
        do {
            reply = try multistatus("REPORT", collection.path, depth: "0", body: DAVBodies.syncCollection(token: token))
        } catch {
            // RFC 6578 3.2: an unknown token fails the DAV:valid-sync-token precondition (403;
            // some servers say 409 or 400, Xandikos 500). A full listing is always right, and a
            // real 403 or 500 shows again there.
            switch error {
            case .unauthorized(_, 403) where token != nil, .http where token != nil:
                throw .syncTokenExpired
            default: throw error
            }
        }
        guard let next = reply.syncToken else { throw .malformedReply(host: collection.host, detail: "sync-collection without a sync-token") }
        var changed: [RemoteResource] = []
        var removed: [String] = []
        for response in reply.responses where !isCollectionItself(response.href) {
            if response.status == 404 {
                removed.append(response.href)
            } else if let etag = response.properties[.dav("getetag")]?.text {
                changed.append(RemoteResource(href: response.href, etag: etag))
            }
        }
        return CollectionChanges(changed: changed, removed: removed, token: next)
    }

    /// The objects at `hrefs` with their data, in one calendar-multiget REPORT per 100.
    package func objects(_ hrefs: [String]) throws(CalDAVError) -> [RemoteObject] {
        var result: [RemoteObject] = []
        try objects(hrefs) { result.append($0) }
        return result
    }

    /// The objects at `hrefs`, each handed to `each` as its part of the reply arrives (one
    /// calendar-multiget REPORT per 100): a large calendar is never all in memory. An object
    /// whose data is larger than `MultistatusReader.defaultMaxPropertyBytes` goes to `tooLarge`.
    package func objects(_ hrefs: [String], tooLarge: (String) -> Void = { _ in }, each: (RemoteObject) -> Void) throws(CalDAVError) {
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(start + 100, hrefs.count)])
            start += batch.count
            _ = try withoutActuallyEscaping(each) { each throws(CalDAVError) in
                try withoutActuallyEscaping(tooLarge) { tooLarge throws(CalDAVError) in
                    try streamedMultistatus("REPORT", collection.path, depth: "1", body: DAVBodies.multiget(batch)) { response in
                        if response.oversized.contains(.caldav("calendar-data")) { return tooLarge(response.href) }
                        guard let etag = response.properties[.dav("getetag")]?.text,
                              let data = response.properties[.caldav("calendar-data")]?.text else { return }
                        each(RemoteObject(href: response.href, etag: etag, calendarData: data))
                    }
                }
            }
        }
    }

    /// One object (GET).
    package func object(_ href: String) throws(CalDAVError) -> RemoteObject {
        let reply = try http.send("GET", collection.absolute(href), host: collection.host)
        try check(reply, "GET", href)
        return RemoteObject(href: href, etag: reply.etag ?? "", calendarData: reply.text)
    }

    /// Writes `calendarData` to `href` under `condition`; returns the new ETag when the server
    /// says it (else nil: read it with the next listing). 412 is `.preconditionFailed`.
    @discardableResult
    package func put(_ href: String, calendarData: String, condition: WriteCondition) throws(CalDAVError) -> String? {
        var headers = ["Content-Type: text/calendar; charset=utf-8"]
        switch condition {
        case .create: headers.append("If-None-Match: *")
        case .replace(let etag): headers.append("If-Match: \(etag)")
        }
        let reply = try http.send("PUT", collection.absolute(href), host: collection.host, headers: headers, body: Array(calendarData.utf8))
        try check(reply, "PUT", href)
        return reply.etag
    }

    /// Deletes `href`, only if it is still at `etag` when one is given. Gone already is fine.
    package func delete(_ href: String, ifMatch etag: String?) throws(CalDAVError) {
        let headers = etag.map { ["If-Match: \($0)"] } ?? []
        let reply = try http.send("DELETE", collection.absolute(href), host: collection.host, headers: headers)
        if reply.status == 404 || reply.status == 410 { return }
        try check(reply, "DELETE", href)
    }

    /// Creates the collection as a calendar (MKCALENDAR): for tests and a first setup.
    package func makeCalendar() throws(CalDAVError) {
        let reply = try http.send("MKCALENDAR", collection.text, host: collection.host, headers: ["Content-Type: application/xml; charset=utf-8"], body: Array(DAVBodies.makeCalendar.utf8))
        try check(reply, "MKCALENDAR", collection.path)
    }

    private func multistatus(_ method: String, _ href: String, depth: String, body: String) throws(CalDAVError) -> Multistatus {
        var responses: [DAVResponse] = []
        var more = false
        let token = try streamedMultistatus(method, href, depth: depth, body: body) { response in
            if responses.count <= Self.maximumObjects { responses.append(response) } else { more = true }
        }
        if more {
            throw .malformedReply(host: collection.host, detail: "it lists more than \(Self.maximumObjects) objects, more than alarmd syncs in one calendar")
        }
        return Multistatus(responses: responses, syncToken: token)
    }

    /// A multistatus request whose responses go to `each` as they are read; the sync token.
    private func streamedMultistatus(_ method: String, _ href: String, depth: String, body: String, each: @escaping (DAVResponse) -> Void) throws(CalDAVError) -> String? {
        let headers = ["Content-Type: application/xml; charset=utf-8", "Depth: \(depth)"]
        let reader = MultistatusReader(host: collection.host, onResponse: each)
        let reply: HTTPResponse
        do {
            reply = try http.send(method, collection.absolute(href), host: collection.host, headers: headers, body: Array(body.utf8)) { reader.feed($0) }
        } catch {
            // Not XML: libxml2's words say where and why.
            if case .malformedReply = error, let problem = reader.problem { throw .malformedReply(host: collection.host, detail: problem) }
            throw error
        }
        try check(reply, method, href)
        guard reply.status == 207 else {
            throw .malformedReply(host: collection.host, detail: "\(method) answered \(reply.status), not 207 Multi-Status")
        }
        return try reader.finish()
    }

    private func check(_ reply: HTTPResponse, _ method: String, _ href: String) throws(CalDAVError) {
        switch reply.status {
        case 200..<300: return
        case 401, 403: throw .unauthorized(host: collection.host, status: reply.status)
        case 404, 410: throw .notFound(host: collection.host, href: href)
        case 412: throw .preconditionFailed(href: href)
        default: throw .http(host: collection.host, status: reply.status, method: method)
        }
    }

    private func isCollectionItself(_ href: String) -> Bool {
        let path = href.contains("://") ? String(href.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }) : href
        return path == collection.path || path + "/" == collection.path
    }
}
