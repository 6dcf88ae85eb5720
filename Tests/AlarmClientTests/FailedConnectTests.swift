import Foundation
import Testing
import AlarmClient

/// A client retries while alarmd starts, and `watch --waybar` reconnects for as long as it
/// runs: a connect that fails must leave nothing behind (its receive buffer of 1 MiB was
/// allocated before the connect and never freed: 200 failures took 200 MiB of address space).
@Suite(.timeLimit(.minutes(1))) struct FailedConnectTests {
    private func mappedKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmSize:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func failedConnectsKeepNoMemory() {
        let path = NSTemporaryDirectory() + "oak-no-daemon-\(UUID().uuidString.prefix(8)).sock"
        _ = try? AlarmConnection(socketPath: path)
        let before = mappedKiB()
        for _ in 0..<200 {
            #expect(throws: ConnectionError.daemonNotRunning(socket: path)) { try AlarmConnection(socketPath: path) }
        }
        let grown = mappedKiB() - before
        #expect(grown < 50 * 1024, "200 failed connects mapped \(grown) KiB more")
    }
}
