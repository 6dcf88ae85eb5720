/// A fixed set of values an intent parameter takes: App Intents' `AppEnum`, for
/// `enum SnoozeLength: Int, AppEnum { case five = 5, ten = 10 ... }` used as `@Parameter` types.
///
/// Its cases travel with the alarm as their raw values. The display representations are
/// kept for source compatibility: nothing on Linux lists an intent's choices.
public protocol AppEnum: CaseIterable, RawRepresentable, Hashable, Codable, Sendable where RawValue: Codable {
    /// The name of the type as a person reads it ("Snooze length").
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How each case reads.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

/// How a value reads to a person: App Intents' `DisplayRepresentation`.
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: Image?

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    public init(stringLiteral value: String) { self.init(title: LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(title: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }

    /// An SF Symbol or an image by name; kept, not drawn.
    public struct Image: Hashable, Sendable {
        public var systemName: String?
        public var named: String?

        public init(systemName: String, isTemplate: Bool? = nil) {
            self.systemName = systemName
            named = nil
        }

        public init(named name: String, isTemplate: Bool? = nil) {
            systemName = nil
            named = name
        }
    }
}

/// How a type reads to a person: App Intents' `TypeDisplayRepresentation`.
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var name: LocalizedStringResource
    public var numericFormat: LocalizedStringResource?

    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }

    public init(stringLiteral value: String) { self.init(name: LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(name: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}
