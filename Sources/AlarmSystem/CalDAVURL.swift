import Glibc

/// Why a calendar URL is not used, as data (clients word it; `description` is the log's).
package enum URLRefusal: String, Hashable, Sendable {
    /// Not `scheme://host/path`.
    case notAURL
    /// `user:password@` in the URL, which would put the password in config.toml.
    case credentials
    /// No host, or spaces or control characters.
    case noHost
    /// Plain http to a host that is not this machine's loopback.
    case plainHTTP
    /// Neither https nor http.
    case scheme

    package var description: String {
        switch self {
        case .notAURL: "write it as https://host/path/to/calendar/"
        case .credentials: "leave the user name out of the URL and set username (and password_command) instead"
        case .noHost: "it has no host, or spaces or control characters"
        case .plainHTTP:
            "plain http would send the password in clear; use https (http only to 127.0.0.0/8, ::1 or localhost: a name such as 127.example.org is not this machine)"
        case .scheme: "only https:// (or http:// to this machine) is supported"
        }
    }
}

/// A calendar collection's URL, split as the client needs it: the origin that hrefs in
/// replies are relative to, the collection's path, and the host for messages. Only `https`,
/// or `http` to this machine (loopback), so a password never crosses a network in clear.
/// The value of `[sync] url` and `[[calendars]] url`: config.toml is judged as the client
/// (AlarmSync) will use it.
package struct CalDAVURL: Hashable, Sendable {
    package let scheme: String
    /// `host` or `host:port`, as written (IPv6 in brackets).
    package let authority: String
    package let host: String
    /// The collection's path, always ending in `/`.
    package let path: String

    package var origin: String { "\(scheme)://\(authority)" }
    package var text: String { origin + path }

    package init(_ text: String) throws(Refusal) {
        let parts = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .badURL(text, reason: .notAURL) }
        let scheme = parts[0].lowercased()
        let rest = parts[1]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        // user:password@ in the URL would put the password in config.toml.
        if authority.contains("@") { throw .badURL(text, reason: .credentials) }
        var host = authority
        if host.hasPrefix("[") {
            host = String(host.prefix { $0 != "]" }.dropFirst())
        } else if let colon = host.firstIndex(of: ":") {
            host = String(host[..<colon])
        }
        guard !host.isEmpty, !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }) else {
            throw .badURL(text, reason: .noHost)
        }
        switch scheme {
        case "https": break
        case "http": guard CalDAVURL.isLoopback(host) else { throw .badURL(text, reason: .plainHTTP) }
        default: throw .badURL(text, reason: .scheme)
        }
        var path = String(rest[authorityEnd...])
        if path.isEmpty { path = "/" }
        if !path.hasSuffix("/") { path += "/" }
        self.scheme = scheme
        self.authority = authority
        self.host = host.lowercased()
        self.path = path
    }

    /// This machine, and nothing a resolver could make another: the name `localhost` (curl
    /// answers it with the loopback addresses itself), an IPv4 literal in 127.0.0.0/8, or
    /// `::1`. A name that merely starts with "127." is any host on the internet.
    package static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        }
        return false
    }

    /// The absolute URL of an href from a reply (a path, or already absolute).
    package func absolute(_ href: String) -> String {
        href.contains("://") ? href : href.hasPrefix("/") ? origin + href : origin + path + href
    }
}

extension CalDAVURL {
    /// A URL the client may not use, and what to write instead.
    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        package var url: String
        package var reason: URLRefusal

        package static func badURL(_ url: String, reason: URLRefusal) -> Refusal { Refusal(url: url, reason: reason) }

        package var description: String { "cannot use \(url): \(reason.description)" }
    }
}
