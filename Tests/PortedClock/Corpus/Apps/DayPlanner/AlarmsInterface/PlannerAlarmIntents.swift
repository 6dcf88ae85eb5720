// Written for the porting corpus, in the shape of jihoonahn/withDay
// Projects/Core/AlarmSchedulesCore/Interface/AlarmIntents.swift (studied at
// 7d2f9c9b1da5bfb9aa18c0a0bc6781fef19d30c5): public intents an interface module exports
// for the scheduler and the widget, titled in the app's language (Korean).
import Foundation
import AppIntents
import AlarmKit

public struct StopPlannerAlarmIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "알람 끄기"
    public static var description = IntentDescription("울리는 알람을 끕니다.")

    @Parameter(title: "알람 ID")
    public var alarmID: String

    public init() { alarmID = "" }

    public init(alarmID: String) { self.alarmID = alarmID }

    public func perform() async throws -> some IntentResult {
        guard let id = UUID(uuidString: alarmID) else { throw PlannerAlarmError.alarmNotFound }
        try AlarmManager.shared.stop(id: id)
        return .result()
    }
}

/// The alert's only button: it opens the app, which ends the alarm once the person is up.
public struct OpenPlannerIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "플래너 열기"
    public static var description = IntentDescription("플래너 앱을 엽니다.")
    public static var openAppWhenRun: Bool = true

    @Parameter(title: "알람 ID")
    public var alarmID: String

    public init() { alarmID = "" }

    public init(alarmID: String) { self.alarmID = alarmID }

    public func perform() async throws -> some IntentResult {
        .result()
    }
}
