import CXML
import LinuxSupport

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
    /// Properties left out because their text is larger than the reader's cap.
    package var oversized: Set<DAVName> = []
}

/// A 207 Multi-Status reply (RFC 4918 13), read whole: the responses and, for a
/// sync-collection report, the new sync token. For small replies (a listing); a large one is
/// read a response at a time with `MultistatusReader`.
package struct Multistatus: Sendable {
    package var responses: [DAVResponse] = []
    package var syncToken: String?

    package init(_ body: [UInt8], host: String) throws(CalDAVError) {
        var responses: [DAVResponse] = []
        let reader = MultistatusReader(host: host) { responses.append($0) }
        _ = body.withUnsafeBytes { reader.feed($0) }
        syncToken = try reader.finish()
        self.responses = responses
    }

    init(responses: [DAVResponse], syncToken: String?) {
        self.responses = responses
        self.syncToken = syncToken
    }
}

/// Reads a 207 Multi-Status reply as it arrives, with libxml2's SAX2 push parser: each
/// `response` is handed to `onResponse` as soon as it ends and not kept, so a reply of 60 MB
/// never exists whole in memory, as text or as a tree. A property's text above
/// `maxPropertyBytes` is left out (and named in `oversized`). The parser never fetches
/// anything (no DTDs, no network) and expands no entity but XML's own, so a hostile server
/// cannot make it read files or grow without bound.
package final class MultistatusReader {
    /// The most bytes one property's text may have: a calendar object of an event with large
    /// attachments is refused rather than held.
    package static let defaultMaxPropertyBytes = 4 << 20

    private let host: String
    private let maxPropertyBytes: Int
    private let onResponse: (DAVResponse) -> Void
    private var context: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()

    // Where the parser is: the open elements, and what is being collected.
    fileprivate var path: [DAVName] = []
    fileprivate var sawRoot = false
    fileprivate var rootIsMultistatus = false
    fileprivate var syncToken: String?
    fileprivate var response: DAVResponse?
    fileprivate var propstatStatus: Int?
    fileprivate var propstatProperties: [DAVName: DAVProperty] = [:]
    fileprivate var propstatOversized: Set<DAVName> = []
    fileprivate var text: [UInt8] = []
    fileprivate var collecting = false
    fileprivate var textOverflowed = false
    fileprivate var descendants: Set<DAVName> = []
    /// Why the reply is not well-formed XML, as libxml2 says it ("not XML: line 3: Input is
    /// not proper UTF-8"), once `feed` or `finish` found it.
    package private(set) var problem: String?

    package init(host: String, maxPropertyBytes: Int = defaultMaxPropertyBytes, onResponse: @escaping (DAVResponse) -> Void) {
        self.host = host
        self.maxPropertyBytes = maxPropertyBytes
        self.onResponse = onResponse
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, local, _, uri, _, _, _, _, _ in
            MultistatusReader.from(context).start(DAVName(uri.map { String(cString: $0) } ?? "", local.map { String(cString: $0) } ?? ""))
        }
        handler.endElementNs = { context, _, _, _ in MultistatusReader.from(context).end() }
        handler.characters = { context, bytes, count in MultistatusReader.from(context).characters(bytes, count) }
        handler.cdataBlock = { context, bytes, count in MultistatusReader.from(context).characters(bytes, count) }
    }

    deinit { if let context { xmlFreeParserCtxt(context) } }

    fileprivate static func from(_ context: UnsafeMutableRawPointer?) -> MultistatusReader {
        Unmanaged<MultistatusReader>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The next bytes of the reply; false once it is known not to be well-formed XML.
    package func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if context == nil {
            context = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, "reply.xml")
            guard let context else { return false }
            _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOCDATA.rawValue))
        }
        guard let context else { return false }
        var offset = 0
        while offset < bytes.count {
            let count = min(bytes.count - offset, 1 << 20)
            let result = xmlParseChunk(context, bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self), Int32(count), 0)
            guard result == 0, context.pointee.wellFormed != 0 else {
                problem = Self.lastError(context)
                return false
            }
            offset += count
        }
        return true
    }

    /// The end of the reply: the sync token, or why it is not a multistatus.
    package func finish() throws(CalDAVError) -> String? {
        guard let context else { throw .malformedReply(host: host, detail: "not XML") }
        let result = xmlParseChunk(context, nil, 0, 1)
        guard result == 0, context.pointee.wellFormed != 0, sawRoot else {
            problem = Self.lastError(context)
            throw .malformedReply(host: host, detail: problem ?? "not XML")
        }
        guard rootIsMultistatus else { throw .malformedReply(host: host, detail: "no DAV:multistatus") }
        return syncToken
    }

    /// libxml2's last error of the parse: its line and message (at most 200 bytes of it).
    private static func lastError(_ context: xmlParserCtxtPtr) -> String? {
        guard let error = xmlCtxtGetLastError(context), let message = error.pointee.message else { return nil }
        let text = String(decoding: String(cString: message).trimmed().utf8.prefix(200), as: UTF8.self)
        return "not XML: line \(error.pointee.line): \(text)"
    }

    // MARK: SAX events

    private func start(_ name: DAVName) {
        let depth = path.count
        path.append(name)
        if depth == 0 {
            sawRoot = true
            rootIsMultistatus = name == .dav("multistatus")
            return
        }
        guard rootIsMultistatus else { return }
        switch depth {
        case 1:
            if name == .dav("response") { response = DAVResponse(href: "", status: nil, properties: [:]) }
            if name == .dav("sync-token") { beginText() }
        case 2 where path[1] == .dav("response"):
            if name == .dav("href") || name == .dav("status") { beginText() }
            if name == .dav("propstat") {
                propstatStatus = nil
                propstatProperties = [:]
                propstatOversized = []
            }
        case 3 where path[2] == .dav("propstat") && path[1] == .dav("response"):
            if name == .dav("status") { beginText() }
        case 4 where path[3] == .dav("prop") && path[2] == .dav("propstat"):
            beginText()
            descendants = []
        default:
            if depth > 4, path[3] == .dav("prop") { descendants.insert(name) }
        }
    }

    private func end() {
        guard let name = path.popLast() else { return }
        let depth = path.count
        guard rootIsMultistatus, depth >= 1 else { return }
        switch depth {
        case 1:
            if name == .dav("response"), let done = response {
                response = nil
                if !done.href.isEmpty { onResponse(done) }
            }
            if name == .dav("sync-token") { syncToken = endText() }
        case 2 where path[1] == .dav("response"):
            if name == .dav("href") { response?.href = endText() }
            if name == .dav("status") { response?.status = Self.statusCode(endText()) }
            if name == .dav("propstat"), propstatStatus == 200 {
                response?.properties.merge(propstatProperties) { first, _ in first }
                response?.oversized.formUnion(propstatOversized)
            }
        case 3 where path[2] == .dav("propstat") && path[1] == .dav("response"):
            if name == .dav("status") { propstatStatus = Self.statusCode(endText()) }
        case 4 where path[3] == .dav("prop") && path[2] == .dav("propstat"):
            let overflowed = textOverflowed
            let value = endText()
            if overflowed { propstatOversized.insert(name) } else { propstatProperties[name] = DAVProperty(text: value, elements: descendants) }
            descendants = []
        default:
            break
        }
    }

    private func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard collecting, let bytes, count > 0 else { return }
        guard !textOverflowed else { return }
        if text.count + Int(count) > maxPropertyBytes {
            textOverflowed = true
            text = []
            return
        }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    private func beginText() {
        collecting = true
        textOverflowed = false
        text.removeAll(keepingCapacity: false)
    }

    /// The collected text, trimmed (calendar-data keeps its inner line breaks).
    private func endText() -> String {
        collecting = false
        textOverflowed = false
        var start = 0, end = text.count
        while start < end, Self.isSpace(text[start]) { start += 1 }
        while end > start, Self.isSpace(text[end - 1]) { end -= 1 }
        let value = String(decoding: text[start..<end], as: UTF8.self)
        text = []
        return value
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// "HTTP/1.1 404 Not Found" → 404.
    private static func statusCode(_ line: String) -> Int? {
        let words = line.split(separator: " ")
        return words.count >= 2 ? Int(words[1]) : nil
    }
}
