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
        discussion: "alarmd syncs every `interval` seconds by itself (docs/SYNC.md); this does not wait for it.")

    func run() throws {
        let link = try DaemonLink()
        guard let before = try link.send(.status).status?.sync else {
            complain(Text.syncNotSetUp)
            throw Exit.refused
        }
        _ = try link.send(.sync)
        // A round reads the password, the server and every changed alarm: it may take a while
        // on a slow network; the HTTP timeouts end it within about a minute.
        let deadline = MonotonicClock.now() + 120_000_000_000
        while MonotonicClock.now() < deadline {
            usleep(100_000)
            guard let now = try link.send(.status).status?.sync, now.rounds > before.rounds else { continue }
            if let problem = now.problem {
                complain(TerminalSafe.text(problem))
                throw Exit.refused
            }
            print(now.changes.map { TerminalSafe.text($0) } ?? Text.syncChangedNothing)
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
