// Written for the porting corpus, in the shape of gdelataillade/flutter_alarmkit
// ios/WidgetTemplates/AppIntents.swift (studied at c637bb3475968cb38fead65edf0bb5163dd65fc1):
// the public intents a Flutter plugin's widget template hands to an alarm's buttons, each
// taking the alarm's ID as text and calling one AlarmManager method, synchronously.
import AlarmKit
import AppIntents

@available(iOS 26.0, *)
enum AlarmControlError: Error {
    case notAnAlarmID(String)
}

@available(iOS 26.0, *)
extension UUID {
    fileprivate init(alarmID text: String) throws {
        guard let id = UUID(uuidString: text) else { throw AlarmControlError.notAnAlarmID(text) }
        self = id
    }
}

@available(iOS 26.0, *)
public struct StopRingingIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Stop Alarm"
    public static var description = IntentDescription("Stops a ringing alarm")

    @Parameter(title: "alarmID")
    public var alarmID: String

    public init() { alarmID = "" }
    public init(alarmID: String) { self.alarmID = alarmID }

    public func perform() throws -> some IntentResult {
        try AlarmManager.shared.stop(id: UUID(alarmID: alarmID))
        return .result()
    }
}

@available(iOS 26.0, *)
public struct PauseCountdownIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Pause Timer"
    public static var description = IntentDescription("Pauses a running countdown")

    @Parameter(title: "alarmID")
    public var alarmID: String

    public init() { alarmID = "" }
    public init(alarmID: String) { self.alarmID = alarmID }

    public func perform() throws -> some IntentResult {
        try AlarmManager.shared.pause(id: UUID(alarmID: alarmID))
        return .result()
    }
}

@available(iOS 26.0, *)
public struct ResumeCountdownIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Resume Timer"
    public static var description = IntentDescription("Resumes a paused countdown")

    @Parameter(title: "alarmID")
    public var alarmID: String

    public init() { alarmID = "" }
    public init(alarmID: String) { self.alarmID = alarmID }

    public func perform() throws -> some IntentResult {
        try AlarmManager.shared.resume(id: UUID(alarmID: alarmID))
        return .result()
    }
}

@available(iOS 26.0, *)
public struct CountdownAgainIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Restart Timer"
    public static var description = IntentDescription("Starts the countdown again")

    @Parameter(title: "alarmID")
    public var alarmID: String

    public init() { alarmID = "" }
    public init(alarmID: String) { self.alarmID = alarmID }

    public func perform() throws -> some IntentResult {
        try AlarmManager.shared.countdown(id: UUID(alarmID: alarmID))
        return .result()
    }
}
