/// What went wrong talking to a CalDAV server, in words a person can act on: `status` and
/// `alarmctl sync` print `description` as it is.
package enum CalDAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL is not one we may talk to: not http(s), or plain http to another machine.
    case badURL(String, reason: String)
    /// 401 or 403: the server refused the credentials.
    case unauthorized(host: String, status: Int)
    /// 412: the resource changed on the server since we read it (or exists, for a create).
    case preconditionFailed(href: String)
    /// 404 or 410 for a resource or the collection.
    case notFound(host: String, href: String)
    /// The server's sync token is no longer valid (RFC 6578 3.2): list everything again.
    case syncTokenExpired
    /// Any other HTTP status.
    case http(host: String, status: Int, method: String)
    /// The server could not be reached: no network, refused, timed out.
    case offline(host: String, detail: String)
    /// TLS failed: an unknown certificate authority, a wrong host name, an old protocol.
    case tls(host: String, detail: String)
    /// The reply was not the XML or iCalendar we asked for.
    case malformedReply(host: String, detail: String)

    package var description: String {
        switch self {
        case .badURL(let url, let reason): "cannot use \(url): \(reason)"
        case .unauthorized(let host, let status): "\(status) from \(host): check the username and password"
        case .preconditionFailed(let href): "\(href) changed on the server meanwhile (412); it is read again at the next sync"
        case .notFound(let host, let href): "404 from \(host): \(href) does not exist; check the calendar URL"
        case .syncTokenExpired: "the server forgot our sync token; everything is listed again"
        case .http(let host, let status, let method): "\(status) from \(host) for \(method): the server refused the request"
        case .offline(let host, let detail): "offline: cannot reach \(host) (\(detail)); changes wait and go out when it answers"
        case .tls(let host, let detail): "TLS failure with \(host): \(detail); check the server's certificate or the URL"
        case .malformedReply(let host, let detail): "\(host) sent a reply that is not CalDAV: \(detail)"
        }
    }
}
