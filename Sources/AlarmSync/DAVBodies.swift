import LinuxSupport

/// The XML bodies of the requests CalDAVClient sends. Constant but for hrefs and tokens,
/// which are escaped: a handful of fixed documents need no XML writer.
enum DAVBodies {
    static let header = #"<?xml version="1.0" encoding="utf-8"?>"#

    static let collectionProperties = header + #"<d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:sync-token/><d:supported-report-set/><d:getetag/></d:prop></d:propfind>"#

    static let etags = header + #"<d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>"#

    static func syncCollection(token: String?) -> String {
        header + #"<d:sync-collection xmlns:d="DAV:"><d:sync-token>"# + MarkupText.escaped(token ?? "")
            + #"</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"#
    }

    static func multiget(_ hrefs: [String]) -> String {
        header + #"<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>"#
            + hrefs.map { "<d:href>" + MarkupText.escaped($0) + "</d:href>" }.joined() + "</c:calendar-multiget>"
    }

    static let makeCalendar = header + #"<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>Alarms</d:displayname><c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>"#
}
