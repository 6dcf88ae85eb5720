import AlarmSync
import AlarmSystem
import Foundation
import Testing
import TestSupport

/// The CalDAV client against real servers on loopback (Radicale and Xandikos, each started per
/// test): every request the sync engine and the subscriptions use, with ETags, sync tokens and
/// the errors a person sees.
@Suite(.timeLimit(.minutes(2)), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale and xandikos (scripts/setup)"))
struct CalDAVClientTests {
    static func event(_ uid: String, summary: String = "Wake up") -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//OpenAlarmKit//tests//EN", "BEGIN:VEVENT", "UID:\(uid)",
         "DTSTAMP:20261126T120000Z", "DTSTART:20261127T063000Z", "SUMMARY:\(summary)", "BEGIN:VALARM", "ACTION:AUDIO",
         "TRIGGER:PT0S", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func createReadReplaceDelete(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer.start(kind)
        let client = try CalDAVClient(url: server.calendarURL(), username: "u", password: "x")
        try client.makeCalendar()
        let info = try client.collectionInfo()
        #expect(info.isCalendar)
        #expect(info.supportsSyncCollection, "\(kind) has sync-collection")
        #expect(try client.list().isEmpty)

        let href = client.href(forName: "A1B2-c3 d4")
        #expect(href.hasSuffix("/A1B2-c3%20d4.ics"))
        let firstTag = try client.put(href, calendarData: Self.event("A1B2-c3 d4"), condition: .create)
        // Creating it again must not overwrite: If-None-Match: *.
        #expect(throws: CalDAVError.preconditionFailed(href: href)) {
            try client.put(href, calendarData: Self.event("A1B2-c3 d4", summary: "Other"), condition: .create)
        }
        let listed = try client.list()
        #expect(listed.map(\.href) == [href])
        if let firstTag { #expect(listed.first?.etag == firstTag) }
        let etag = try #require(listed.first?.etag)

        let fetched = try client.objects([href])
        #expect(fetched.count == 1)
        #expect(fetched.first?.calendarData.contains("UID:A1B2-c3 d4") == true)
        #expect(fetched.first?.etag == etag)
        #expect(try client.object(href).calendarData.contains("SUMMARY:Wake up"))

        // A replace with the version we saw works once; with a stale ETag it is refused (412).
        try client.put(href, calendarData: Self.event("A1B2-c3 d4", summary: "Edited"), condition: .replace(etag: etag))
        #expect(throws: CalDAVError.preconditionFailed(href: href)) {
            try client.put(href, calendarData: Self.event("A1B2-c3 d4", summary: "Lost"), condition: .replace(etag: etag))
        }
        let newTag = try #require(try client.list().first?.etag)
        #expect(newTag != etag)
        #expect(try client.object(href).calendarData.contains("SUMMARY:Edited"))
        #expect(throws: CalDAVError.preconditionFailed(href: href)) { try client.delete(href, ifMatch: etag) }
        try client.delete(href, ifMatch: newTag)
        #expect(try client.list().isEmpty)
        try client.delete(href, ifMatch: nil)  // gone already: fine
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func syncCollectionReportsChangesAndRemovals(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer.start(kind)
        let client = try CalDAVClient(url: server.calendarURL(), username: "u", password: "x")
        try client.makeCalendar()
        let a = client.href(forName: "a")
        let b = client.href(forName: "b")
        try client.put(a, calendarData: Self.event("a"), condition: .create)
        let first = try client.changes(since: nil)
        #expect(first.changed.map(\.href) == [a])
        #expect(first.removed.isEmpty)

        try client.put(b, calendarData: Self.event("b"), condition: .create)
        let tagA = try #require(first.changed.first?.etag)
        try client.delete(a, ifMatch: tagA)
        let second = try client.changes(since: first.token)
        #expect(second.changed.map(\.href) == [b])
        #expect(second.removed == [a])
        #expect(second.token != first.token)

        let none = try client.changes(since: second.token)
        #expect(none.changed.isEmpty && none.removed.isEmpty)
        // A token the server never gave: told to list again, not an error to show.
        #expect(throws: CalDAVError.syncTokenExpired) {
            try client.changes(since: second.token.replacingOccurrences(of: "sync", with: "snyc") + "0")
        }
    }

    @Test func manyObjectsInBatches() throws {
        let server = try CalDAVServer.start(.radicale)
        let client = try CalDAVClient(url: server.calendarURL(), username: "u", password: "x")
        try client.makeCalendar()
        let hrefs = (0..<150).map { client.href(forName: "alarm-\($0)") }
        for (index, href) in hrefs.enumerated() {
            try client.put(href, calendarData: Self.event("alarm-\(index)"), condition: .create)
        }
        let objects = try client.objects(hrefs)
        #expect(objects.count == 150)
        #expect(Set(objects.map(\.href)) == Set(hrefs))
    }

    @Test func wrongPasswordSaysSo() throws {
        let server = try CalDAVServer.start(.radicale, password: "right")
        let good = try CalDAVClient(url: server.calendarURL(), username: "u", password: "right")
        try good.makeCalendar()
        let bad = try CalDAVClient(url: server.calendarURL(), username: "u", password: "wrong")
        #expect(throws: CalDAVError.unauthorized(host: "127.0.0.1", status: 401)) { try bad.list() }
        #expect(CalDAVError.unauthorized(host: "dav.example.org", status: 401).description == "401 from dav.example.org: check the username and password")
    }

    @Test func aStoppedServerIsOffline() throws {
        let server = try CalDAVServer.start(.radicale)
        let client = try CalDAVClient(url: server.calendarURL(), username: "u", password: "x")
        try client.makeCalendar()
        server.kill()
        do {
            _ = try client.list()
            Issue.record("a killed server answered")
        } catch {
            guard case .offline(let host, _) = error else { Issue.record("\(error)"); return }
            #expect(host == "127.0.0.1")
            #expect(error.description.hasPrefix("offline: cannot reach 127.0.0.1"))
        }
        try server.restart()
        #expect(try client.list().isEmpty, "the same client works again once the server is back")
    }
}

/// HTTPS against real servers with a test certificate authority (scripts/testing/test-ca.sh):
/// a certificate the trusted authority signed for this host works, over one kept connection;
/// a wrong host name, an expired certificate, a self-signed one and an authority this machine
/// does not trust are each refused before anything is sent, and say which it was.
@Suite(.timeLimit(.minutes(5)), .serialized, .enabled(if: CalDAVServer.canRun && TestCertificates.canMake, "needs radicale, xandikos and openssl (scripts/setup)"))
struct CalDAVTLSTests {
    @Test(arguments: CalDAVServer.Kind.allCases)
    func aCertificateOfTheTrustedAuthorityWorks(kind: CalDAVServer.Kind) throws {
        let certificates = try TestCertificates.shared()
        let server = try CalDAVServer.start(kind, tls: certificates.server)
        for host in ["127.0.0.1", "localhost"] {
            let client = try CalDAVClient(url: server.calendarURL(host: host), username: "u", password: "x", caFile: certificates.ca)
            if host == "127.0.0.1" { try client.makeCalendar() }
            let href = client.href(forName: "tls-\(host)")
            try client.put(href, calendarData: CalDAVClientTests.event("tls-\(host)"), condition: .create)
            #expect(try client.object(href).calendarData.contains("UID:tls-\(host)"), "\(kind) over https://\(host)")
        }
    }

    static let refusals: [(String, TLSRefusal, String)] = [
        ("wrong-host", .wrongHost, "the server's certificate is for another host name than the URL's"),
        ("expired", .expired, "the server's certificate has expired"),
        ("self-signed", .untrusted, "the server's certificate is not signed by an authority this computer trusts"),
    ]

    @Test(arguments: 0..<3)
    func aBadCertificateIsRefusedAndSaysWhy(index: Int) throws {
        let (name, reason, words) = Self.refusals[index]
        let certificates = try TestCertificates.shared()
        let pair = [certificates.wrongHost, certificates.expired, certificates.selfSigned][index]
        let server = try CalDAVServer.start(.radicale, tls: pair)
        let client = try CalDAVClient(url: server.calendarURL(), username: "u", password: "x", caFile: certificates.ca)
        do {
            _ = try client.list()
            Issue.record("\(name): accepted")
        } catch {
            guard case .tls(let host, _, let refused) = error else { Issue.record("\(name): \(error)"); return }
            #expect(host == "127.0.0.1")
            #expect(refused == reason, "\(name): \(error.description)")
            #expect(error.description.hasPrefix("TLS failure with 127.0.0.1: \(words)"), "\(error.description)")
        }
    }

    /// Without ca_file only the system's authorities count: the test CA's server is refused.
    @Test func anAuthorityNotTrustedHereIsRefused() throws {
        let certificates = try TestCertificates.shared()
        let server = try CalDAVServer.start(.radicale, tls: certificates.server)
        let client = try CalDAVClient(url: server.calendarURL(), username: "u", password: "x")
        #expect {
            _ = try client.list()
        } throws: { error in
            guard case .tls(_, _, .untrusted)? = error as? CalDAVError else { return false }
            return true
        }
    }
}

/// What the client refuses before it sends anything, and replies it cannot read.
@Suite(.timeLimit(.minutes(2))) struct CalDAVInputTests {
    @Test func plainHTTPOnlyToThisMachine() throws {
        for url in ["http://dav.example.org/cal/", "ftp://127.0.0.1/cal/", "dav.example.org/cal", "https://me:pw@dav.example.org/cal/", "https:///cal/"] {
            #expect(throws: CalDAVURL.Refusal.self, "\(url)") { try CalDAVURL(url) }
        }
        let local = try CalDAVURL("http://[::1]:5232/u/alarms")
        #expect(local.host == "::1")
        #expect(local.path == "/u/alarms/")
        #expect(local.absolute("/u/alarms/x.ics") == "http://[::1]:5232/u/alarms/x.ics")
        let remote = try CalDAVURL("https://cloud.example.org/remote.php/dav/calendars/me/alarms/")
        #expect(remote.host == "cloud.example.org")
        #expect(remote.origin == "https://cloud.example.org")
    }

    @Test func malformedRepliesAreErrorsNotCrashes() {
        let bodies = ["", "not xml", "<a/>", "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\"><d:response>",
                      "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><multistatus xmlns=\"DAV:\">&e;</multistatus>"]
        for body in bodies {
            do {
                let reply = try Multistatus(Array(body.utf8), host: "h")
                // The entity is not expanded: nothing of /etc/passwd appears.
                #expect(reply.responses.isEmpty, "\(body)")
            } catch {
                #expect(error.description.hasPrefix("h sent a reply that is not CalDAV"), "\(body)")
            }
        }
    }

    /// A reply that is not XML says where and why, in libxml2's words: "not proper UTF-8" is
    /// something a server's admin can find; "could not be read" was not.
    @Test func aReplyThatIsNotXMLSaysWhereAndWhy() {
        let body = Array("<?xml version=\"1.0\"?>\n<d:multistatus xmlns:d=\"DAV:\">\n<d:response><d:href>/a-".utf8) + [0xFF, 0x20]
            + Array("</d:href></d:response></d:multistatus>".utf8)
        #expect {
            _ = try Multistatus(body, host: "h")
        } throws: { error in
            "\(error)".contains("not XML: line 3: Input is not proper UTF-8")
        }
    }
}
