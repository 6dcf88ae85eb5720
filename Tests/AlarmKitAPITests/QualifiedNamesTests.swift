// AlarmKit code disambiguates with the module's name (`AlarmKit.Alarm` beside an app's own
// `Alarm`); after the import line changes, `OpenAlarmKit.` must reach the same declarations,
// although they live in the model module that OpenAlarmKit re-exports.
import OpenAlarmKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct QualifiedNamesTests {
    @Test func moduleQualifiedNamesReachAlarmKitsTypes() {
        let id = UUID()
        let alarm = OpenAlarmKit.Alarm(id: id, schedule: nil, countdownDuration: nil, state: .scheduled)
        let state: OpenAlarmKit.Alarm.State = alarm.state
        let schedule: OpenAlarmKit.Alarm.Schedule = .relative(.init(time: .init(hour: 7, minute: 0)))
        let manager: OpenAlarmKit.AlarmManager.Type = OpenAlarmKit.AlarmManager.self
        let authorization: OpenAlarmKit.AlarmManager.AuthorizationState = .authorized
        let sound: OpenAlarmKit.AlertConfiguration.AlertSound = .default
        let tint: OpenAlarmKit.Color = .blue
        #expect(alarm.id == id && state == .scheduled && authorization.rawValue == "authorized")
        #expect(schedule != .fixed(Date(timeIntervalSince1970: 0)) && sound == .default && tint == .blue)
        #expect(manager == AlarmManager.self)
    }
}
