import CXML

/// An XML element's name with its namespace, as WebDAV compares them.
package struct DAVName: Hashable, Sendable, CustomStringConvertible {
    package var namespace: String
    package var local: String
    package init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }
    package static func dav(_ local: String) -> DAVName { DAVName("DAV:", local) }
    package static func caldav(_ local: String) -> DAVName { DAVName("urn:ietf:params:xml:ns:caldav", local) }
    package var description: String { "{\(namespace)}\(local)" }
}

/// A property from a 200 propstat: its text, and the names of the elements inside it
/// (`resourcetype` holds `collection`, `supported-report-set` holds `sync-collection`).
package struct DAVProperty: Sendable {
    package var text: String
    package var elements: Set<DAVName>
}

/// One `response` of a 207 Multi-Status reply.
package struct DAVResponse: Sendable {
    package var href: String
    /// The response's own status (sync-collection says 404 for a removed member), if any.
    package var status: Int?
    /// The properties the server found (propstat 200); missing ones are left out.
    package var properties: [DAVName: DAVProperty]
}

/// A 207 Multi-Status reply (RFC 4918 13), read with libxml2: the responses and, for a
/// sync-collection report, the new sync token. The parser never fetches anything (no DTDs,
/// no network, no entity expansion), so a hostile server cannot make it read files.
package struct Multistatus: Sendable {
    package var responses: [DAVResponse] = []
    package var syncToken: String?

    package init(_ body: [UInt8], host: String) throws(CalDAVError) {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        let document: xmlDocPtr? = body.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32(clamping: $0.count), "reply.xml", nil, options) }
        }
        guard let document else { throw .malformedReply(host: host, detail: "not XML") }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), Multistatus.name(of: root) == .dav("multistatus") else {
            throw .malformedReply(host: host, detail: "no DAV:multistatus")
        }
        for child in Multistatus.elements(of: root) {
            switch Multistatus.name(of: child) {
            case .dav("response"): if let response = Multistatus.response(child) { responses.append(response) }
            case .dav("sync-token"): syncToken = Multistatus.text(of: child)
            default: break
            }
        }
    }

    private static func response(_ node: xmlNodePtr) -> DAVResponse? {
        var href: String?
        var status: Int?
        var properties: [DAVName: DAVProperty] = [:]
        for child in elements(of: node) {
            switch name(of: child) {
            case .dav("href"): href = text(of: child)
            case .dav("status"): status = statusCode(text(of: child))
            case .dav("propstat"):
                let parts = elements(of: child)
                let code = parts.first { name(of: $0) == .dav("status") }.map { statusCode(text(of: $0)) } ?? nil
                guard code == 200, let prop = parts.first(where: { name(of: $0) == .dav("prop") }) else { continue }
                for property in elements(of: prop) {
                    properties[name(of: property)] = DAVProperty(text: text(of: property), elements: descendantNames(of: property))
                }
            default: break
            }
        }
        guard let href, !href.isEmpty else { return nil }
        return DAVResponse(href: href, status: status, properties: properties)
    }

    /// "HTTP/1.1 404 Not Found" → 404.
    private static func statusCode(_ line: String) -> Int? {
        let words = line.split(separator: " ")
        return words.count >= 2 ? Int(words[1]) : nil
    }

    private static func elements(of node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    private static func name(of node: xmlNodePtr) -> DAVName {
        let local = node.pointee.name.map { String(cString: $0) } ?? ""
        let namespace = node.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
        return DAVName(namespace, local)
    }

    /// The element's text and CDATA, its descendants' included, trimmed (calendar-data keeps
    /// its inner line breaks).
    private static func text(of node: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        func collect(_ node: xmlNodePtr) {
            var child = node.pointee.children
            while let current = child {
                switch current.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content {
                        var pointer = content
                        while pointer.pointee != 0 {
                            bytes.append(pointer.pointee)
                            pointer += 1
                        }
                    }
                case XML_ELEMENT_NODE: collect(current)
                default: break
                }
                child = current.pointee.next
            }
        }
        collect(node)
        let text = String(decoding: bytes, as: UTF8.self)
        return String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    private static func descendantNames(of node: xmlNodePtr) -> Set<DAVName> {
        var names: Set<DAVName> = []
        for child in elements(of: node) {
            names.insert(name(of: child))
            names.formUnion(descendantNames(of: child))
        }
        return names
    }
}
