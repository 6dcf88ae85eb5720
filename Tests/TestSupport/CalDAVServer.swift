import Foundation

/// A real CalDAV server on loopback, started per test on a free port with its own folder:
/// Radicale (Debian `radicale`) or Xandikos (Debian `xandikos`). `start` returns nil when the
/// server is not installed; the caller then skips with the reason, or fails when
/// `RealServers.required` (CI).
public final class CalDAVServer: @unchecked Sendable {
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case radicale, xandikos
        public var description: String { rawValue }
        var executable: String { "/usr/bin/\(rawValue)" }
    }

    public let kind: Kind
    public let port: Int
    public let folder: URL
    /// Serving HTTPS with a certificate this CA signed (Radicale only).
    public let authority: TestCA?
    private var process: Subprocess?

    /// Both servers are installed, or CI requires them (then a missing one fails its tests).
    public static var canRun: Bool {
        Kind.allCases.allSatisfy { FileManager.default.isExecutableFile(atPath: $0.executable) } || RealServers.required
    }

    /// A calendar collection URL on this server, not yet created (`makeCalendar`).
    public func calendarURL(_ name: String = "alarms") -> String {
        switch kind {
        case .radicale: "\(authority == nil ? "http" : "https")://127.0.0.1:\(port)/u/\(name)/"
        case .xandikos: "http://127.0.0.1:\(port)/user/calendars/\(name)/"
        }
    }

    /// Starts `kind`. With `password`, Radicale accepts only user `u` with it (htpasswd);
    /// without, any user and password (Xandikos has no authentication). A missing server is
    /// an error that says how to install it. With `tls`, Radicale serves HTTPS with a
    /// certificate for 127.0.0.1 that CA signed.
    public static func start(_ kind: Kind, password: String? = nil, tls: TestCA? = nil) throws -> CalDAVServer {
        guard FileManager.default.isExecutableFile(atPath: kind.executable) else {
            throw Subprocess.SpawnError(description: "\(kind.executable) is missing: apt-get install \(kind) (scripts/setup)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caldav-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        precondition(tls == nil || kind == .radicale, "only Radicale is started with TLS")
        let server = CalDAVServer(kind: kind, port: try freePort(), folder: folder, authority: tls)
        try server.launch(password: password)
        return server
    }

    private init(kind: Kind, port: Int, folder: URL, authority: TestCA?) {
        self.kind = kind
        self.port = port
        self.folder = folder
        self.authority = authority
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private var password: String?

    private func launch(password: String?) throws {
        self.password = password
        var arguments: [String]
        switch kind {
        case .radicale:
            arguments = ["--config", "", "--storage-filesystem-folder", folder.appendingPathComponent("data").path,
                         "--server-hosts", "127.0.0.1:\(port)", "--logging-level", "warning"]
            if let password {
                let file = folder.appendingPathComponent("htpasswd")
                try Data("u:\(password)\n".utf8).write(to: file)
                arguments += ["--auth-type", "htpasswd", "--auth-htpasswd-filename", file.path, "--auth-htpasswd-encryption", "plain"]
            } else {
                arguments += ["--auth-type", "none"]
            }
            if let authority {
                arguments += ["--server-ssl", "--server-certificate", authority.serverCertificate, "--server-key", authority.serverKey]
            }
        case .xandikos:
            arguments = ["--defaults", "-d", folder.appendingPathComponent("data").path, "-l", "127.0.0.1", "-p", "\(port)"]
        }
        let log = folder.appendingPathComponent("server.log").path
        process = try Subprocess(kind.executable, arguments, environment: ProcessInfo.processInfo.environment,
                                 stdout: .file(log), stderr: .file(log))
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if Self.accepts(port) { return }
            if process?.isRunning == false { break }
            usleep(50_000)
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        stop()
        throw Subprocess.SpawnError(description: "\(kind) did not listen on 127.0.0.1:\(port): \(text)")
    }

    /// Kills the server at once (SIGKILL): what a crash or a pulled cable looks like.
    public func kill() {
        process?.signal(SIGKILL)
        process?.wait(within: 10)
        process = nil
    }

    public func stop() {
        process?.signal(SIGTERM)
        process?.wait(within: 20)
        process = nil
    }

    /// Starts it again on the same port and folder (after `kill` or `stop`): the data is kept.
    public func restart() throws {
        stop()
        try launch(password: password)
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else { throw Subprocess.SpawnError(description: "no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
