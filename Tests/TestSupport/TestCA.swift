import Foundation

/// A certificate authority made for one test (openssl), and a server certificate it signed for
/// 127.0.0.1: what a CalDAV server behind a company's or a home's own CA looks like. alarmd
/// trusts it the way such a machine does, through the system's CA bundle: `trusting` runs alarmd
/// in a mount namespace of its own where /etc/ssl/certs/ca-certificates.crt (the bundle Debian's
/// libcurl reads) is the system's bundle plus this CA. Nothing on the machine changes; it needs
/// root (the namespace), so the suites that use it are `.needsRoot`.
public final class TestCA: @unchecked Sendable {
    public let folder: URL
    public var certificate: String { folder.appendingPathComponent("ca.pem").path }
    public var serverCertificate: String { folder.appendingPathComponent("server.pem").path }
    public var serverKey: String { folder.appendingPathComponent("server.key").path }
    /// The system's bundle with this CA appended.
    public var bundle: String { folder.appendingPathComponent("bundle.pem").path }

    public static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-ca-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let openssl = "/usr/bin/openssl"
        let path = { (name: String) in self.folder.appendingPathComponent(name).path }
        try Self.run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=OpenAlarmKit test CA",
                               "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                               "-keyout", path("ca.key"), "-out", path("ca.pem")])
        try Self.run(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                               "-keyout", path("server.key"), "-out", path("server.csr")])
        try "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n"
            .write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        try Self.run(openssl, ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                               "-CAcreateserial", "-days", "2", "-extfile", path("server.ext"), "-out", path("server.pem")])
        var bundle = (try? Data(contentsOf: URL(fileURLWithPath: Self.systemBundle))) ?? Data()
        bundle.append(try Data(contentsOf: URL(fileURLWithPath: certificate)))
        try bundle.write(to: URL(fileURLWithPath: self.bundle))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A command prefix that runs the next word (alarmd) trusting this CA, as a machine with it
    /// installed would (`DaemonHarness.wrapper`).
    public var trusting: [String] {
        ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
         "mount --bind \"$0\" \(Self.systemBundle) && exec \"$@\"", bundle]
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let result = try Subprocess.run(tool, arguments, timeout: 60)
        guard result.termination == .exited(0) else {
            throw Subprocess.SpawnError(description: "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)")
        }
    }
}
