// What AlarmKit schedulers and intents in real apps write beyond Apple's samples, each in its
// documented shape, through `import OpenAlarmKit` alone. (Apps in Swift 5 mode also write
// stored `static var` declarations; Swift 6 mode wants `static let` or computed ones, here as
// on Apple platforms. Tests/Porting/RealApp compiles the stored form in Swift 5 mode.)
import OpenAlarmKit
import Testing

struct SetSnoozeIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Set snooze"
    static let description = IntentDescription("Sets how long a snooze lasts")
    static let supportedModes: IntentModes = .foreground(.immediate)
    static let authenticationPolicy: IntentAuthenticationPolicy = .alwaysAllowed
    static var isDiscoverable: Bool { false }

    @Parameter(title: "Minutes", default: 9)
    var minutes: Int

    @Parameter(title: "Cost")
    var snoozeCost: Int?

    @Parameter(title: "Repeats", default: 1, inclusiveRange: (1, 5))
    var repeats: Int

    @Parameter(title: "Volume", default: 0.8, controlStyle: .slider, inclusiveRange: (0, 1))
    var volume: Double

    @Parameter(title: "Steps", default: 2, controlStyle: .field)
    var steps: Int

    static var parameterSummary: some ParameterSummary {
        Summary("Snooze for \(\.$minutes) minutes") {
            \.$snoozeCost
        }
    }

    init() {}

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "Snoozing for \(minutes) minutes")
    }
}

struct CountWithDialogIntent: AppIntent {
    static var title: LocalizedStringResource { "Count" }
    static var supportedModes: IntentModes { [.background, .foreground(.dynamic)] }
    static var authenticationPolicy: IntentAuthenticationPolicy { .requiresAuthentication }

    func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
        .result(value: 2, dialog: IntentDialog(full: "Two alarms", supporting: "Two", systemImageName: "alarm"))
    }
}

struct OpenNextIntent: AppIntent {
    static let title: LocalizedStringResource = "Open next"
    static var parameterSummary: some ParameterSummary { Summary("Open the next alarm") }

    func perform() async throws -> some IntentResult & OpensIntent & ProvidesDialog {
        .result(opensIntent: CountWithDialogIntent(), dialog: "Opening")
    }
}

enum SnoozeLength: Int, AppEnum {
    case five = 5, ten = 10

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Snooze length"
    static let caseDisplayRepresentations: [SnoozeLength: DisplayRepresentation] = [
        .five: "5 minutes",
        .ten: DisplayRepresentation(title: "10 minutes", subtitle: "A long one", image: .init(systemName: "zzz")),
    ]
}

struct SnoozeForIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Snooze for"

    @Parameter(title: "Length", default: .five, requestValueDialog: "How long?")
    var length: SnoozeLength

    init() {}

    func perform() async throws -> some IntentResult { .result() }
}

@Suite(.timeLimit(.minutes(1))) struct RealAppShapesTests {
    @Test func appEnumsTravelAsTheirRawValues() throws {
        let intent = SnoozeForIntent()
        intent.length = .ten
        let encoded = try EncodedIntent(intent)
        #expect(encoded.parameters["length"] == "10")
        let decoded = try #require(try encoded.decode() as? SnoozeForIntent)
        #expect(decoded.length == .ten)
        #expect(SnoozeLength.caseDisplayRepresentations[.ten]?.subtitle == "A long one")
        #expect(SnoozeLength.typeDisplayRepresentation.name == "Snooze length")
        let numbers = SetSnoozeIntent()
        #expect(numbers.repeats == 1 && numbers.volume == 0.8 && numbers.steps == 2 && numbers.$repeats.title == "Repeats")
    }

    /// The dialog a result carries, as the intent runner reads it (`some ProvidesDialog` hides it).
    func dialog(of result: some IntentResult) -> IntentDialog? {
        (result as? IntentResultContainer<Never, Never, Never, IntentDialog>)?.dialog
            ?? (result as? IntentResultContainer<Int, Never, Never, IntentDialog>)?.dialog
            ?? (result as? IntentResultContainer<Never, CountWithDialogIntent, Never, IntentDialog>)?.dialog
    }

    @Test func dialogsCarryTheirText() async throws {
        let result = try await SetSnoozeIntent().perform()
        #expect(dialog(of: result)?.full.text == "Snoozing for 9 minutes")
        #expect((result as? any IntentResultParts)?.dialogText == "Snoozing for 9 minutes")
        let counted = try await CountWithDialogIntent().perform()
        #expect(counted.value == 2 && dialog(of: counted)?.full == "Two alarms" && dialog(of: counted)?.supporting == "Two")
        #expect(dialog(of: counted)?.systemImageName == "alarm")
        let opened = try await OpenNextIntent().perform()
        #expect((opened as? any IntentResultParts)?.nextIntent is CountWithDialogIntent && dialog(of: opened)?.full == "Opening")
        let literal: IntentDialog = "Done"
        #expect(literal == IntentDialog("Done") && literal.supporting == "Done")
        // A plain result says nothing.
        #expect((IntentResultContainer<Never, Never, Never, Never>.result() as any IntentResultParts).dialogText == nil)
    }

    @Test func parameterSummariesReadWithTheirValues() throws {
        let intent = SetSnoozeIntent()
        intent.minutes = 5
        let summary = try #require(SetSnoozeIntent.parameterSummary as? IntentParameterSummary<SetSnoozeIntent>)
        #expect(summary.text(for: intent) == "Snooze for 5 minutes")
        #expect(summary.additionalParameterKeyPaths == [\SetSnoozeIntent.$snoozeCost])
        let next = try #require(OpenNextIntent.parameterSummary as? IntentParameterSummary<OpenNextIntent>)
        #expect(next.text(for: OpenNextIntent()) == "Open the next alarm")
        // An intent without one has an empty summary, as in App Intents.
        #expect(CountWithDialogIntent.parameterSummary.text(for: CountWithDialogIntent()) == "")
    }

    @Test func modesAndPoliciesKeepTheirValuesAndDefaults() {
        #expect(SetSnoozeIntent.supportedModes == .foreground && SetSnoozeIntent.supportedModes.contains(.foreground(.immediate)))
        #expect(!SetSnoozeIntent.supportedModes.contains(.background))
        #expect(CountWithDialogIntent.supportedModes.contains(.background) && CountWithDialogIntent.supportedModes.contains(.foreground(.dynamic)))
        #expect(CountWithDialogIntent.authenticationPolicy == .requiresAuthentication)
        // App Intents' defaults: background unless openAppWhenRun; always allowed.
        #expect(OpenNextIntent.supportedModes == .background && OpenNextIntent.authenticationPolicy == .alwaysAllowed)
    }

    @Test func namedColorsResolveToSomeColor() {
        // Without an asset catalog beside the test binary: the desktop's accent, or the default.
        let accent = Color("AccentColor")
        #expect(accent.description.hasSuffix("FF"))
        #expect(Color("AccentColor") == accent)
        let attributes = AlarmAttributes<EmptyMetadata>(presentation: AlarmPresentation(alert: .init(title: "x")), tintColor: Color("AccentColor"))
        #expect(attributes.tintColor == accent)
    }

    @Test func localizationValuesAreTheirText() {
        let title = "Wake up"
        let resource = LocalizedStringResource(String.LocalizationValue(title))
        #expect(resource.text == title)
        #expect(LocalizedStringResource("k", defaultValue: "Wake \(7)") == "Wake 7")
        let value: String.LocalizationValue = "Snooze \(9)"
        #expect(String(localized: value) == "Snooze 9")
        #expect(String(localized: "Stop") == "Stop")
        #expect(String(localized: resource) == title)
    }
}

struct EmptyMetadata: AlarmMetadata {}
