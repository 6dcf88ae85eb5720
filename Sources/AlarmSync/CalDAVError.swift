import AlarmSystem

/// What went wrong talking to a CalDAV server. Data first (the daemon hands it to its clients
/// typed, and they word it in the person's language); `description` is the log's English.
package enum CalDAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL is not one we may talk to: not http(s), or plain http to another machine.
    case badURL(String, reason: URLRefusal)
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
    case tls(host: String, detail: String, reason: TLSRefusal)
    /// The reply was not the XML or iCalendar we asked for.
    case malformedReply(host: String, detail: String)

    package var description: String {
        switch self {
        case .badURL(let url, let reason): "cannot use \(url): \(reason.description)"
        case .unauthorized(let host, let status): "\(status) from \(host): check the username and password"
        case .preconditionFailed(let href): "\(href) changed on the server meanwhile (412); it is read again at the next sync"
        case .notFound(let host, let href): "404 from \(host): \(href) does not exist; check the calendar URL"
        case .syncTokenExpired: "the server forgot our sync token; everything is listed again"
        case .http(let host, let status, let method): "\(status) from \(host) for \(method): the server refused the request"
        case .offline(let host, let detail): "offline: cannot reach \(host) (\(detail)); changes wait and go out when it answers"
        case .tls(let host, let detail, let reason): "TLS failure with \(host): \(reason.description) (\(detail)); check the server's certificate or the URL"
        case .malformedReply(let host, let detail): "\(host) sent a reply that is not CalDAV: \(detail)"
        }
    }
}

/// Why a TLS connection was refused, as data: from OpenSSL's verification result
/// (CURLINFO_SSL_VERIFYRESULT) and curl's own host name check.
package enum TLSRefusal: String, Hashable, Sendable {
    /// The certificate's validity has ended.
    case expired
    /// Its validity has not begun (or this machine's clock is wrong).
    case notYetValid
    /// It names another host than the URL's.
    case wrongHost
    /// No authority this machine trusts signed it (self-signed, a private CA: see ca_file).
    case untrusted
    /// The handshake failed otherwise (an old protocol, no common cipher, a broken server).
    case handshake

    /// OpenSSL's X509_V_ERR_* values are stable ABI; curl's error 60 with a verification
    /// result of 0 is its host name check.
    init(curlCode: Int, verifyResult: Int, detail: String) {
        switch verifyResult {
        case 10: self = .expired  // CERT_HAS_EXPIRED
        case 9: self = .notYetValid  // CERT_NOT_YET_VALID
        case 62: self = .wrongHost  // HOSTNAME_MISMATCH
        case 2, 18, 19, 20, 21, 27: self = .untrusted  // no issuer, self-signed, not trusted, unable to verify
        default:
            if curlCode == 60, detail.contains("subject name") || detail.contains("host name") { self = .wrongHost } else if curlCode == 60 { self = .untrusted } else { self = .handshake }
        }
    }

    package var description: String {
        switch self {
        case .expired: "the server's certificate has expired"
        case .notYetValid: "the server's certificate is not valid yet (or this computer's clock is wrong)"
        case .wrongHost: "the server's certificate is for another host name than the URL's"
        case .untrusted: "the server's certificate is not signed by an authority this computer trusts (self-signed? see ca_file)"
        case .handshake: "the secure connection could not be set up"
        }
    }
}
