// A file that imports Foundation beside OpenAlarmKit, as most app files do: OpenAppIntents'
// `LocalizedStringResource` and `String.LocalizationValue` must not clash with Foundation's
// (swift-corelibs-foundation has neither today; if it gains them, this file stops compiling).
import Foundation
import OpenAlarmKit
import Testing

struct FoundationSideIntent: LiveActivityIntent {
    static let title = LocalizedStringResource(String.LocalizationValue("Stop"))

    @Parameter(title: LocalizedStringResource(String.LocalizationValue("Alarm")))
    var alarmID: String

    init() {}

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let started = DateFormatter.localizedString(from: Date(timeIntervalSince1970: 0), dateStyle: .none, timeStyle: .none)
        return .result(dialog: "Stopped \(alarmID)\(started)")
    }
}

@Suite(.timeLimit(.minutes(1))) struct WithFoundationTests {
    @Test func localizedTextAndDialogsWorkBesideFoundation() async throws {
        let title = "Tea"
        #expect(LocalizedStringResource(String.LocalizationValue(title)).text == "Tea")
        #expect(String(localized: "Stop") == "Stop")
        let intent = FoundationSideIntent()
        intent.alarmID = "A"
        let result = try await intent.perform()
        #expect((result as? IntentResultContainer<Never, Never, Never, IntentDialog>)?.dialog?.full == "Stopped A")
        #expect(FoundationSideIntent.title == "Stop" && intent.$alarmID.title == "Alarm")
    }
}
