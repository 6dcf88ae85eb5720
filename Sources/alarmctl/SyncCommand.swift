import AlarmClient
import ArgumentParser
import FoundationEssentials
import Glibc
import LinuxSupport

/// `alarmctl sync`: a CalDAV round now, then what it changed or why it failed.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync with the CalDAV calendar of [sync] now and print what changed.",
        discussion: "alarmd syncs every `interval` seconds by itself (docs/SYNC.md); this runs a round now and waits for it (a round already under way when asked is not the answer).")

    func run() throws {
        let link = try DaemonLink()
        guard let status = try link.send(.status).status?.sync else {
            complain(Text.syncNotSetUp)
            throw Exit.refused
        }
        if status.off == true {
            complain(Text.syncOff(SyncText.problem(status) ?? ""))
            throw Exit.refused
        }
        let reply = try link.send(.sync)
        // The round that answers: the first to start after alarmd had the request. An alarmd
        // before 0.2 does not say; then the next round to end.
        let awaited = reply.status?.sync?.awaitedRound ?? status.rounds + 1
        // A round reads the password, the server and every changed alarm: it may take a while
        // on a slow network; the HTTP timeouts end it within about a minute.
        let deadline = MonotonicClock.now() + 120_000_000_000
        while MonotonicClock.now() < deadline {
            usleep(50_000)
            guard let now = try link.send(.status).status?.sync, now.rounds >= awaited else { continue }
            if let problem = SyncText.problem(now) {
                complain(TerminalSafe.text(problem))
                throw Exit.refused
            }
            print(TerminalSafe.text(SyncText.changes(now)))
            // What of the calendar gives no alarm, counted; `alarmctl unrung` lists it.
            if let unrung = try link.send(.status).status?.unrung?.first(where: { $0.calendar == nil }), unrung.count > 0 {
                print(Text.syncUnrung(unrung.count))
            }
            return
        }
        complain(Text.syncTooSlow)
        throw Exit.refused
    }
}
