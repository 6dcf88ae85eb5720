import CCurl
import LinuxSupport

/// One HTTP exchange's result.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var body: [UInt8]
    /// The `ETag` header, quotes kept (it is sent back as it came in `If-Match`).
    package var etag: String?
    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// HTTP through libcurl: one easy handle, reused so that consecutive requests share a
/// connection and its TLS session (a first sync of 1,000 alarms is 1,000 PUTs). TLS is
/// verified (libcurl's default, set anyway), redirects are not followed (a collection URL is
/// exact), only http and https, bounded replies and times. Not thread-safe: one sync thread
/// owns it.
package final class HTTPTransport {
    /// Replies above this are refused (a calendar of 10,000 alarms is about 10 MB).
    package static let maximumReply = 64 << 20
    private let handle: UnsafeMutableRawPointer
    private let username: String?
    private let password: String?
    private let timeoutSeconds: Int
    /// The certificate authorities to trust instead of the system's (a home server's own CA).
    private let caFile: String?

    package init(username: String?, password: String?, timeoutSeconds: Int = 30, caFile: String? = nil) {
        guard let handle = curl_easy_init() else { fatalError("curl_easy_init failed: out of memory") }
        self.handle = handle
        self.username = username
        self.password = password
        self.timeoutSeconds = timeoutSeconds
        self.caFile = caFile
    }

    deinit { curl_easy_cleanup(handle) }

    /// Sends `method` to `url`; a status is a result, not an error (the caller knows what each
    /// means for it). Throws when there is no HTTP answer at all: offline, TLS, a reply too big.
    /// `stream`, when given, takes the body of a reply with status `streamStatus` as it
    /// arrives instead of it being kept (a multistatus read by a push parser); returning
    /// false stops the transfer. Any other reply's body is kept, as without it.
    package func send(_ method: String, _ url: String, host: String, headers: [String] = [], body: [UInt8]? = nil,
                      streamStatus: Int = 207, stream: ((UnsafeRawBufferPointer) -> Bool)? = nil) throws(CalDAVError) -> HTTPResponse {
        curl_easy_reset(handle)
        let sink = ReplySink()
        sink.stream = stream
        sink.streamStatus = streamStatus
        // libcurl asks a server for "100 Continue" before a body over 1 KiB and waits up to a
        // second for it; Radicale never sends one, and each PUT of a first sync waited.
        var headers = headers
        if body != nil { headers.append("Expect:") }
        let retained = Unmanaged.passRetained(sink)
        defer { retained.release() }
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for header in headers { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let writeBody: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = collectBody
        let writeHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = collectHeader
        let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
            let payload = body ?? []
            return payload.withUnsafeBufferPointer { bytes in
                _ = oak_curl_setopt_pointer(handle, CURLOPT_URL, url)
                _ = oak_curl_setopt_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                _ = oak_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                _ = oak_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
                _ = oak_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
                if let caFile { _ = oak_curl_setopt_pointer(handle, CURLOPT_CAINFO, caFile) }
                // No SIGALRM-based resolver timeouts: the daemon's signals are its own.
                _ = oak_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
                _ = oak_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, 10)
                _ = oak_curl_setopt_long(handle, CURLOPT_TIMEOUT, timeoutSeconds)
                _ = oak_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
                _ = oak_curl_setopt_pointer(handle, CURLOPT_USERAGENT, "OpenAlarmKit")
                if let username {
                    _ = oak_curl_setopt_long(handle, CURLOPT_HTTPAUTH, 1)  // CURLAUTH_BASIC
                    _ = oak_curl_setopt_pointer(handle, CURLOPT_USERNAME, username)
                    _ = oak_curl_setopt_pointer(handle, CURLOPT_PASSWORD, password ?? "")
                }
                if method == "GET" {
                    _ = oak_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
                } else {
                    _ = oak_curl_setopt_pointer(handle, CURLOPT_CUSTOMREQUEST, method)
                }
                if body != nil {
                    // POSTFIELDS is not copied: `bytes` outlives curl_easy_perform below.
                    _ = oak_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, bytes.count)
                    _ = oak_curl_setopt_pointer(handle, CURLOPT_POSTFIELDS, bytes.baseAddress ?? UnsafePointer(bitPattern: 1))
                }
                _ = oak_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, list)
                _ = oak_curl_setopt_pointer(handle, CURLOPT_WRITEFUNCTION, unsafeBitCast(writeBody, to: UnsafeRawPointer.self))
                _ = oak_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, retained.toOpaque())
                _ = oak_curl_setopt_pointer(handle, CURLOPT_HEADERFUNCTION, unsafeBitCast(writeHeader, to: UnsafeRawPointer.self))
                _ = oak_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, retained.toOpaque())
                return curl_easy_perform(handle)
            }
        }
        guard code == CURLE_OK else {
            let detail = errorText.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let words = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            switch code.rawValue {
            case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:  // SSL_* and PEER_FAILED_VERIFICATION
                var verify = 0
                _ = oak_curl_getinfo_long(handle, CURLINFO_SSL_VERIFYRESULT, &verify)
                throw .tls(host: host, detail: words, reason: TLSRefusal(curlCode: Int(code.rawValue), verifyResult: verify, detail: words))
            case 23 where sink.overflowed:  // WRITE_ERROR: our sink refused more
                throw .malformedReply(host: host, detail: "the reply is larger than \(HTTPTransport.maximumReply >> 20) MB")
            case 23 where sink.streamStopped:  // the stream's reader refused it (not XML, too large)
                throw .malformedReply(host: host, detail: "the reply could not be read")
            default:
                throw .offline(host: host, detail: words)
            }
        }
        var status = 0
        _ = oak_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, body: sink.body, etag: sink.etag)
    }
}

/// Where curl's callbacks put the reply; reached through the opaque pointer curl hands back.
private final class ReplySink {
    var body: [UInt8] = []
    var etag: String?
    var overflowed = false
    /// The status of the response being received (from its status line).
    var status = 0
    var stream: ((UnsafeRawBufferPointer) -> Bool)?
    var streamStatus = 207
    var streamed = 0
    var streamStopped = false
}

private func collectBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let sink = Unmanaged<ReplySink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if let stream = sink.stream, sink.status == sink.streamStatus {
        sink.streamed += length
        guard sink.streamed <= HTTPTransport.maximumReply else {
            sink.overflowed = true
            return 0
        }
        guard stream(UnsafeRawBufferPointer(start: data, count: length)) else {
            sink.streamStopped = true
            return 0
        }
        return length
    }
    if sink.body.count + length > HTTPTransport.maximumReply {
        sink.overflowed = true
        return 0  // curl stops with CURLE_WRITE_ERROR
    }
    sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    return length
}

private func collectHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let sink = Unmanaged<ReplySink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
        sink.etag = nil  // a new response (after a 100 Continue): its own headers
        let words = line.split(separator: " ")
        sink.status = words.count >= 2 ? Int(words[1]) ?? 0 : 0
    } else if let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "etag" {
        let value = String(line[line.index(after: colon)...]).trimmed()
        sink.etag = value.isEmpty ? nil : value
    }
    return length
}
