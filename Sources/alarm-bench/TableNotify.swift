import Foundation

/// `alarmctl notify` against notify-send, both posting to the project's scriptable
/// notification server on a private session bus (scripts/testing/fake-notification-server.py,
/// as the tests start it): wall time and peak RSS of the whole command. The floor beside them:
/// the least a Swift program built as ours does to post through libnotify
/// (scripts/bench-peers/notify-floor.swift).
struct NotifyRows {
    let script: String
    let floor: String?
    let scratch: String
    let runs: Int

    func add(to table: Table) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send") else { throw BenchError("notify-send is missing; run `scripts/bench setup`") }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [script]
        let input = Pipe(), output = Pipe()
        server.standardInput = input
        server.standardOutput = output
        try server.run()
        defer {
            try? input.fileHandleForWriting.close()  // end of stdin stops the server and its bus
            server.waitUntilExit()
        }
        var address: String?
        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, !text.contains("ready\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        for line in text.split(separator: "\n") where line.hasPrefix("address ") { address = String(line.dropFirst(8)) }
        guard let address, text.contains("ready") else { throw BenchError("the notification server did not start: \(text)") }
        // The measured commands inherit this process's environment.
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        let alarmctl = SoundBench.sibling("alarmctl")
        let results = Results()
        for index in 0..<runs {
            results.add("notify-send", try MeasuredProcess.run(["/usr/bin/notify-send", "Bench \(index)", "body"], scratch: scratch))
            results.add("alarmctl", try MeasuredProcess.run([alarmctl, "notify", "Bench \(index)", "body"], scratch: scratch))
            if let floor { results.add("floor", try MeasuredProcess.run([floor, "Bench \(index)", "body"], scratch: scratch)) }
        }
        let ours = results.wall("alarmctl"), peer = results.wall("notify-send")
        table.add("`alarmctl notify`: wall time", peer: "notify-send " + peer.text("ms", digits: 1), ours: ours.text("ms", digits: 1),
                  ratio: ours.median / peer.median, goal: "≤ 1.5×")
        let oursRSS = Double(results.peakMiB("alarmctl")) ?? .nan, peerRSS = Double(results.peakMiB("notify-send")) ?? .nan
        let floorText = floor == nil ? "" : "; floor: a static Swift program posting through libnotify \(results.peakMiB("floor")) MiB"
        table.add("`alarmctl notify`: peak RSS", peer: "notify-send \(results.peakMiB("notify-send")) MiB" + floorText, ours: "\(results.peakMiB("alarmctl")) MiB",
                  ratio: oursRSS / peerRSS, goal: "≤ 1.5×")
    }
}
