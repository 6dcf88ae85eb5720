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
        guard parts.count == 2 else {
            throw .badURL(text, reason: "write it as https://host/path/to/calendar/")
        }
        let scheme = parts[0].lowercased()
        let rest = parts[1]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        if let at = authority.lastIndex(of: "@") {
            // user:password@ in the URL would put the password in config.toml.
            authority = String(authority[authority.index(after: at)...])
            throw .badURL(text, reason: "leave the user name out of the URL and set username (and password_command) instead")
        }
        var host = authority
        if host.hasPrefix("[") {
            host = String(host.prefix { $0 != "]" }.dropFirst())
        } else if let colon = host.firstIndex(of: ":") {
            host = String(host[..<colon])
        }
        guard !host.isEmpty, !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }) else {
            throw .badURL(text, reason: "it has no host, or spaces or control characters")
        }
        switch scheme {
        case "https": break
        case "http":
            guard CalDAVURL.isLoopback(host) else {
                throw .badURL(text, reason: "plain http would send the password in clear; use https (http only to this machine)")
            }
        default: throw .badURL(text, reason: "only https:// (or http:// to this machine) is supported")
        }
        var path = String(rest[authorityEnd...])
        if path.isEmpty { path = "/" }
        if !path.hasSuffix("/") { path += "/" }
        self.scheme = scheme
        self.authority = authority
        self.host = host.lowercased()
        self.path = path
    }

    package static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
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
        package var reason: String

        package static func badURL(_ url: String, reason: String) -> Refusal { Refusal(url: url, reason: reason) }

        package var description: String { "cannot use \(url): \(reason)" }
    }
}
