// Written for the porting corpus: runs what the app-shaped modules do without alarmd, and
// prints it for scripts/check-porting to compare: App Group suites, Scanner hex colors and an
// Alarm read back into a dictionary, all reached through `import AlarmKit`.
import AlarmKit
import DayPlannerPalette
import ExpoAlarms
import FlutterAlarms

func line(_ label: String, _ object: Any) throws {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(label, String(decoding: data, as: UTF8.self))
}

// DayPlanner's design-system colors: Color(.sRGB, ...) from Scanner's hex.
print("palette", Color(hex: "#5B8C5A", opacity: 0.5), Color(hex: " 1f2a44\n"), Color(hex: "tomato"), Color.plannerNight)

// Expo's App Group book: UserDefaults(suiteName:) and dictionaryRepresentation().
ExpoAlarmStore.suiteName = "group.example.corpus-expo"
ExpoAlarmStore.remember("B", firesAt: 1_700_000_000, opensAppOnStop: true)
ExpoAlarmStore.remember("A", firesAt: -2, opensAppOnStop: false)
print("expo ids", ExpoAlarmStore.ids(), ExpoAlarmStore.opensAppOnStop("B"), ExpoAlarmStore.opensAppOnStop("A"))
ExpoAlarmStore.forget("B")
print("expo after forget", ExpoAlarmStore.ids(), ExpoAlarmStore.opensAppOnStop("B"))

// Flutter's channel map, with what the plugin kept in its App Group.
let id = UUID(uuidString: "5B8C5A00-0000-4000-8000-000000000001")!
UserDefaults(suiteName: FlutterAlarmsPlugin.appGroup)?.set(
    ["label": "Tea", "tintColor": "#5B8C5A", "metadata": ["cup": "green"]], forKey: FlutterAlarmsPlugin.labelsKey(id))
let weekly = Alarm(
    id: id, schedule: .relative(.init(time: .init(hour: 7, minute: 30), repeats: .weekly([.monday, .sunday]))),
    countdownDuration: .init(preAlert: nil, postAlert: 540), state: .countdown)
try line("flutter weekly", weekly.channelMap())
let timer = Alarm(id: UUID(uuidString: "5B8C5A00-0000-4000-8000-000000000002")!, schedule: nil, countdownDuration: .init(preAlert: 300, postAlert: nil), state: .paused)
try line("flutter timer", timer.channelMap())
let once = Alarm(id: UUID(uuidString: "5B8C5A00-0000-4000-8000-000000000003")!, schedule: .fixed(Date(timeIntervalSince1970: 1_700_000_000)), countdownDuration: nil, state: .scheduled)
try line("flutter once", once.channelMap())
