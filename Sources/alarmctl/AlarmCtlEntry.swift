import AlarmDaemon
import AlarmNotify
import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc

/// The entry point: `notify` takes notify-send's command line (GOption rules, `-h` is a hint),
/// which ArgumentParser cannot read; everything else goes through ArgumentParser.
@main
enum AlarmCtlEntry {
    static func main() {
        // The multi-call binary: installed as alarmctl with alarmd a link to it. The daemon
        // runs on the main thread before any other thread exists, as it needs
        // (DaemonMain.run never returns).
        if DaemonMain.isInvoked(as: CommandLine.arguments.first) { DaemonMain.run() }
        let arguments = CommandLine.arguments
        if arguments.count > 1, arguments[1] == "notify" {
            // Swift repairs invalid UTF-8 in arguments; notify-send refuses it, so look at the bytes.
            let valid = (2..<Int(CommandLine.argc)).map { index in
                guard let raw = CommandLine.unsafeArgv[index] else { return true }
                return NotifySend.isValidUTF8(Array(UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }))
            }
            exit(NotifyRun.main(Array(arguments.dropFirst(2)), validUTF8: valid))
        }
        if let refusal = CommandNames.refusal(Array(arguments.dropFirst())) ?? NegativeArgument.refusal(Array(arguments.dropFirst())) {
            complain(refusal)
            exit(Exit.badInput.rawValue)
        }
        // ArgumentParser's commands are async: what an async main does, spelled out, so that
        // the daemon and notify start no Swift concurrency at all (its runtime and threads
        // would be most of notify's memory and start-up: docs/PERFORMANCE.md).
        Task { @MainActor in
            await AlarmCtl.main()
            exit(Exit.success)  // 75 when a change is in effect but not yet on disk
        }
        dispatchMain()
    }
}
