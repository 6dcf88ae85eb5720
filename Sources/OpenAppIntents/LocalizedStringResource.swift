/// Text shown to a person: a title or a button label.
///
/// Stands in for Foundation's `LocalizedStringResource`, which swift-corelibs-foundation does not
/// have, so that AlarmKit code passing string literals compiles unchanged. The text is used as
/// written; desktop localization happens in the app that builds it.
public struct LocalizedStringResource: Codable, Hashable, Sendable,
    ExpressibleByStringInterpolation, CustomStringConvertible
{
    public var text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { self.text = value }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.text = String(stringInterpolation: stringInterpolation)
    }

    public var description: String { text }

    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

extension String {
    /// The resource's text. Disfavored so that `String(localized: "Snooze")` picks the
    /// `String.LocalizationValue` overload, as on Apple platforms, instead of being ambiguous.
    @_disfavoredOverload
    public init(localized resource: LocalizedStringResource) {
        self = resource.text
    }
}
