import Foundation

/// A test certificate authority and server certificates, made once per test process with
/// openssl (scripts/testing/test-ca.sh): `ca` to trust, and a key and certificate for each of
/// `server` (127.0.0.1 and localhost, valid), `wrongHost` (other.example.org), `expired`
/// (valid only in 2020) and `selfSigned`.
public final class TestCertificates: @unchecked Sendable {
    public struct Pair: Sendable {
        public let certificate: String
        public let key: String
    }

    public let folder: URL
    public var ca: String { folder.appendingPathComponent("ca.pem").path }
    public var server: Pair { pair("server") }
    public var wrongHost: Pair { pair("wrong-host") }
    public var expired: Pair { pair("expired") }
    public var selfSigned: Pair { pair("self-signed") }

    private func pair(_ name: String) -> Pair {
        Pair(certificate: folder.appendingPathComponent("\(name).pem").path, key: folder.appendingPathComponent("\(name).key").path)
    }

    public static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    /// A command prefix that runs the next word (alarmd) trusting `ca` the way a machine with
    /// it installed does, through the system's CA bundle: in a mount namespace of its own,
    /// /etc/ssl/certs/ca-certificates.crt (the bundle Debian's libcurl reads) is the system's
    /// bundle plus `ca`. Nothing on the machine changes; it needs root (the namespace).
    public func trustedSystemWide() throws -> [String] {
        let bundle = folder.appendingPathComponent("system-bundle.pem")
        var bytes = (try? Data(contentsOf: URL(fileURLWithPath: Self.systemBundle))) ?? Data()
        bytes.append(try Data(contentsOf: URL(fileURLWithPath: ca)))
        try bytes.write(to: bundle)
        return ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                "mount --bind \"$0\" \(Self.systemBundle) && exec \"$@\"", bundle.path]
    }

    public static var canMake: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") || RealServers.required }

    /// Made on first use, removed when the process ends (it is in the temporary folder).
    public static func shared() throws -> TestCertificates {
        try lock.withLock {
            if let made { return made }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openalarmkit-test-ca-\(getpid())")
            let script = repositoryRoot.appendingPathComponent("scripts/testing/test-ca.sh").path
            let result = try Subprocess.run("/bin/bash", [script, folder.path])
            guard result.termination == .exited(0) else {
                throw Subprocess.SpawnError(description: "test-ca.sh failed: \(result.stdout) \(result.stderr)")
            }
            let certificates = TestCertificates(folder: folder)
            made = certificates
            return certificates
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: TestCertificates?

    private init(folder: URL) { self.folder = folder }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
