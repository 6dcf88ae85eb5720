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
    private var process: Subprocess?
    /// Served over TLS with this certificate (Radicale itself; Xandikos, which has no TLS,
    /// behind scripts/testing/tls-proxy.py on `port`, itself on `backendPort`).
    public let tls: TestCertificates.Pair?
    private let backendPort: Int
    private var proxy: Subprocess?

    /// Both servers are installed, or CI requires them (then a missing one fails its tests).
    public static var canRun: Bool {
        Kind.allCases.allSatisfy { FileManager.default.isExecutableFile(atPath: $0.executable) } || RealServers.required
    }

    /// A calendar collection URL on this server, not yet created (`makeCalendar`).
    public func calendarURL(_ name: String = "alarms", host: String = "127.0.0.1") -> String {
        let scheme = tls == nil ? "http" : "https"
        switch kind {
        case .radicale: return "\(scheme)://\(host):\(port)/u/\(name)/"
        case .xandikos: return "\(scheme)://\(host):\(port)/user/calendars/\(name)/"
        }
    }

    /// Starts `kind`. With `password`, Radicale accepts only user `u` with it (htpasswd);
    /// without, any user and password (Xandikos has no authentication). A missing server is
    /// an error that says how to install it.
    public static func start(_ kind: Kind, password: String? = nil, tls: TestCertificates.Pair? = nil) throws -> CalDAVServer {
        guard FileManager.default.isExecutableFile(atPath: kind.executable) else {
            throw Subprocess.SpawnError(description: "\(kind.executable) is missing: apt-get install \(kind) (scripts/setup)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caldav-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try freePort()
        let server = CalDAVServer(kind: kind, port: port, folder: folder, tls: tls,
                                  backendPort: tls != nil && kind == .xandikos ? try freePort(avoiding: port) : port)
        try server.launch(password: password)
        return server
    }

    private init(kind: Kind, port: Int, folder: URL, tls: TestCertificates.Pair?, backendPort: Int) {
        self.kind = kind
        self.port = port
        self.folder = folder
        self.tls = tls
        self.backendPort = backendPort
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
            if let tls { arguments += ["--server-ssl", "True", "--server-certificate", tls.certificate, "--server-key", tls.key] }
        case .xandikos:
            arguments = ["--defaults", "-d", folder.appendingPathComponent("data").path, "-l", "127.0.0.1", "-p", "\(backendPort)"]
        }
        let log = folder.appendingPathComponent("server.log").path
        process = try Subprocess(kind.executable, arguments, environment: ProcessInfo.processInfo.environment,
                                 stdout: .file(log), stderr: .file(log))
        if let tls, kind == .xandikos {
            let script = TestCertificates.repositoryRoot.appendingPathComponent("scripts/testing/tls-proxy.py").path
            proxy = try Subprocess("/usr/bin/python3", [script, "\(port)", "\(backendPort)", tls.certificate, tls.key],
                                   environment: ProcessInfo.processInfo.environment, stdout: .file(log), stderr: .file(log))
        }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if Self.accepts(port) && Self.accepts(backendPort) { return }
            if process?.isRunning == false || proxy?.isRunning == false { break }
            usleep(50_000)
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        stop()
        throw Subprocess.SpawnError(description: "\(kind) did not listen on 127.0.0.1:\(port): \(text)")
    }

    /// Kills the server at once (SIGKILL): what a crash or a pulled cable looks like.
    public func kill() {
        process?.signal(SIGKILL)
        process?.wait()
        process = nil
        proxy?.signal(SIGKILL)
        proxy?.wait()
        proxy = nil
    }

    public func stop() {
        process?.signal(SIGTERM)
        process?.wait()
        process = nil
        proxy?.signal(SIGTERM)
        proxy?.wait()
        proxy = nil
    }

    /// Starts it again on the same port and folder (after `kill` or `stop`): the data is kept.
    public func restart() throws {
        stop()
        try launch(password: password)
    }

    private static func freePort(avoiding other: Int) throws -> Int {
        for _ in 0..<20 {
            let port = try freePort()
            if port != other { return port }
        }
        throw Subprocess.SpawnError(description: "no second free port on 127.0.0.1")
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
