// Written for the porting corpus: prints what the scheduler's tints and Foundation calls give,
// for scripts/check-porting to compare. Schedules nothing (no alarmd is needed).
import AlarmKit

let scheduler = WakeUpScheduler.shared
let plain = scheduler.attributes(label: "Wake up", gentle: false)
let gentle = scheduler.attributes(label: "Wake up", gentle: true)
print("asset tint", plain.tintColor)
print("faded tint", gentle.tintColor)
print("snooze text", gentle.presentation.alert.secondaryButton?.textColor ?? .clear)
print("named in bundle", Color("AppSecondary", bundle: .module))
print("not in bundle", Color("Missing", bundle: .module))
print("payload", try scheduler.payload(label: "Wake up", hour: 7, minute: 30))
print("ring", scheduler.ringStroke(remaining: 30, total: 60))
print("bridged hour", scheduler.hour(fromWidget: ["label": "Wake up", "time": ["hour": 7, "minute": 30]] as NSDictionary) ?? -1)
do {
    _ = try await SnoozeWakeUpIntent(alarmID: "not an id").perform()
} catch let error as NSError {
    print("error", error.domain, error.localizedDescription)
}
