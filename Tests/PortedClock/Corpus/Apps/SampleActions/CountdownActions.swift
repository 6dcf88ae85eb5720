// Written for the porting corpus, in the shape of FromF/AlarmKitSample
// AlarmKitSample/AlarmKitSample/Helpers/AlarmActionIntent.swift, .../Helpers/CountDownAttribute.swift
// and AlarmKitSample/AlarmKitSample/OpenAppIntent.swift (studied at
// 13dfecd8a33c355c869c5ac79053aa51a2abc21c): a sample app's countdown metadata and the
// intents its Live Activity buttons run, with untitled parameters and hidden from Shortcuts.
#if canImport(WidgetKit)
import WidgetKit
#endif
#if canImport(SwiftUI)
import SwiftUI
#endif
import AlarmKit
import AppIntents

/// The sample keeps nothing of its own per countdown.
nonisolated
struct CountdownMetadata: AlarmMetadata, Hashable, Sendable {}

/// Cancels the countdown, or pauses or resumes it, from one button's intent.
struct CountdownActionIntent: LiveActivityIntent {
    static var title: LocalizedStringResource = "Countdown Action"
    static var isDiscoverable: Bool = false

    @Parameter
    var alarmID: String

    @Parameter
    var cancels: Bool

    @Parameter
    var resumes: Bool

    init(alarmID: UUID, cancels: Bool, resumes: Bool = false) {
        self.alarmID = alarmID.uuidString
        self.cancels = cancels
        self.resumes = resumes
    }

    // The intent's parameters are filled in from the button before `perform` runs.
    init() {}

    func perform() async throws -> some IntentResult {
        guard let id = UUID(uuidString: alarmID) else { return .result() }
        let manager = AlarmManager.shared
        switch (cancels, resumes) {
        case (true, _): try manager.cancel(id: id)
        case (false, true): try manager.resume(id: id)
        case (false, false): try manager.pause(id: id)
        }
        return .result()
    }
}

/// Brings the sample to the front from the alert.
struct OpenSampleIntent: LiveActivityIntent {
    static var title: LocalizedStringResource = "Open Sample"
    static var openAppWhenRun: Bool = true
    static var isDiscoverable: Bool = false

    @Parameter
    var alarmID: String

    init(alarmID: UUID) {
        self.alarmID = alarmID.uuidString
    }

    init() {}

    func perform() async throws -> some IntentResult {
        if let id = UUID(uuidString: alarmID) {
            print("opened for", id)
        }
        return .result()
    }
}
