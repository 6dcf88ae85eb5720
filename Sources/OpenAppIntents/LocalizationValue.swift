extension String {
    /// A string's key and default text for localization: Foundation's `String.LocalizationValue`,
    /// which swift-corelibs-foundation does not have. Declared here, beside
    /// ``LocalizedStringResource``, so that `LocalizedStringResource(String.LocalizationValue(title))`
    /// compiles unchanged. Like the resource, the text is used as written (no string tables).
    public struct LocalizationValue: Codable, Hashable, Sendable, ExpressibleByStringInterpolation {
        /// Any value interpolates, as in a `String`; Foundation's format-style overloads are not
        /// provided.
        public typealias StringInterpolation = DefaultStringInterpolation

        var text: String

        public init(_ value: String) { text = value }
        public init(stringLiteral value: String) { text = value }
        public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }

        public init(from decoder: any Decoder) throws {
            text = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    /// The text of `keyAndValue`; `table` and `comment` are accepted for source compatibility.
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, comment: StaticString? = nil) {
        self = keyAndValue.text
    }
}

extension LocalizedStringResource {
    /// A resource whose text is `keyAndValue`'s. `table`, `locale` and `comment` are accepted for
    /// source compatibility and not used: the text is shown as written.
    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        self.init(keyAndValue.text)
    }

    /// The resource for `key`, shown as `defaultValue` (no string tables on Linux).
    public init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current, comment: StaticString? = nil) {
        self.init(defaultValue.text)
    }
}
