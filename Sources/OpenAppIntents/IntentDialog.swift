/// What an intent says back when it has run: App Intents' `IntentDialog`, returned with
/// `.result(dialog:)` from a `perform()` declared `-> some IntentResult & ProvidesDialog`.
///
/// On iOS, Siri speaks it or the system shows it. Here, when the intent ran because a person
/// pressed an alarm's button, alarmd shows `full` as a short notification under the app's
/// name; an intent run any other way (a direct `perform()` call) shows nothing.
public struct IntentDialog: Codable, Hashable, Sendable, ExpressibleByStringInterpolation {
    public typealias StringInterpolation = String.LocalizationValue.StringInterpolation

    /// A message that stands on its own: the text of the notification.
    public var full: LocalizedStringResource
    /// A shorter message meant to go with visual output; kept, not shown.
    public var supporting: LocalizedStringResource
    /// An SF Symbol name; kept, not shown.
    public var systemImageName: String?

    public init(_ text: LocalizedStringResource) {
        self.init(full: text, supporting: text)
    }

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.full = full
        self.supporting = supporting
        self.systemImageName = nil
    }

    public init(full: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: full, systemImageName: systemImageName)
    }

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: supporting)
        self.systemImageName = systemImageName
    }

    public init(stringLiteral value: String) { self.init(LocalizedStringResource(value)) }

    public init(stringInterpolation: StringInterpolation) {
        self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}
