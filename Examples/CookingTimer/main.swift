// The command line stands in for the sample's SwiftUI screens, and like them it uses Foundation
// beyond what `import OpenAlarmKit` brings (FoundationEssentials: Date, UUID, Calendar...).
import Foundation
import OpenAlarmKit

// The sample's SwiftUI screens, replaced by a command line:
//   CookingTimer start [SECONDS [REPEAT_SECONDS]]   schedule the timer (default 600 and 300)
//   CookingTimer list | watch                       the app's timers, once or as they change
//   CookingTimer pause|resume|stop|cancel ID        what the sample's buttons do
// Started by alarmd to run an intent (no arguments), it runs it and exits.


func describe(_ alarm: Alarm) -> String {
    let duration = alarm.countdownDuration.map { " pre \(Int($0.preAlert ?? 0)) s, post \(Int($0.postAlert ?? 0)) s" } ?? ""
    return "\(alarm.id.uuidString)  \(alarm.state)\(duration)"
}

// First of all: the intents alarmd kept for us while we were not running.
let ran = await AlarmManager.shared.runPendingIntents()
var arguments = CommandLine.arguments.dropFirst()

do {
    switch arguments.popFirst() {
    case "start":
        let preAlert = arguments.popFirst().flatMap(TimeInterval.init) ?? 10 * 60
        let postAlert = arguments.popFirst().flatMap(TimeInterval.init) ?? 5 * 60
        let alarm = try await CookingTimer.start(preAlert: preAlert, postAlert: postAlert)
        print(describe(alarm))
    case "list":
        for alarm in try AlarmManager.shared.alarms { print(describe(alarm)) }
    case "watch":
        for await alarms in AlarmManager.shared.alarmUpdates {
            print(alarms.isEmpty ? "no timers" : alarms.map(describe).joined(separator: "\n"))
            if alarms.isEmpty { break }
        }
    case let verb? where ["pause", "resume", "stop", "cancel"].contains(verb):
        guard let text = arguments.popFirst(), let id = UUID(uuidString: text) else {
            throw UsageError(message: "\(verb) needs a timer id (see: CookingTimer list)")
        }
        switch verb {
        case "pause": try AlarmManager.shared.pause(id: id)
        case "resume": try AlarmManager.shared.resume(id: id)
        case "stop": try AlarmManager.shared.stop(id: id)
        default: try AlarmManager.shared.cancel(id: id)
        }
    case nil where AlarmManager.shared.wasLaunchedForIntent:
        print("ran \(ran) intent(s)")
    default:
        throw UsageError(message: "usage: CookingTimer start [SECONDS [REPEAT_SECONDS]] | list | watch | pause|resume|stop|cancel ID")
    }
} catch {
    FileHandle.standardError.write(Data("CookingTimer: \(error)\n".utf8))
    exit(1)
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
