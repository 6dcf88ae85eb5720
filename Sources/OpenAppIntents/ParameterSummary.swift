/// How an intent reads with its parameters filled in: App Intents' parameter summaries,
/// `static var parameterSummary: some ParameterSummary { Summary("Snooze for \(\.$minutes) minutes") { \.$label } }`.
///
/// Shortcuts shows them on iOS; nothing lists intents on Linux, so they only compile, and
/// ``IntentParameterSummary/text(for:)`` renders one for a person (a log line, a tool).
public protocol ParameterSummary<Intent> {
    associatedtype Intent: AppIntent
}

/// A summary sentence with parameters in it, and the other parameters to offer.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary {
    /// The sentence; nil for a summary that only lists parameters.
    public let string: ParameterSummaryString<Intent>?
    /// Parameters shown apart from the sentence.
    public let additionalParameterKeyPaths: [PartialKeyPath<Intent>]

    public init() {
        string = nil
        additionalParameterKeyPaths = []
    }

    public init(@ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]) {
        string = nil
        self.additionalParameterKeyPaths = additionalParameterKeyPaths()
    }

    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil) {
        self.string = string
        additionalParameterKeyPaths = []
    }

    public init(
        _ string: ParameterSummaryString<Intent>, table: String? = nil,
        @ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]
    ) {
        self.string = string
        self.additionalParameterKeyPaths = additionalParameterKeyPaths()
    }

    /// The sentence with `intent`'s parameter values in it (unset ones as their titles).
    public func text(for intent: Intent) -> String {
        guard let string else { return "" }
        return string.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let describe): describe(intent)
            }
        }.joined()
    }

    /// Collects the parameters listed in a summary's trailing closure: `{ \.$minutes; \.$label }`.
    @resultBuilder
    public enum ParameterKeyPathsBuilder {
        public static func buildBlock(_ components: PartialKeyPath<Intent>...) -> [PartialKeyPath<Intent>] { components }

        public static func buildExpression<ValueType>(_ expression: KeyPath<Intent, IntentParameter<ValueType>>) -> PartialKeyPath<Intent> {
            expression
        }
    }
}

/// A summary sentence that interpolates parameters by their `$` key paths: `"Snooze for \(\.$minutes) minutes"`.
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation {
    enum Segment {
        case literal(String)
        case parameter((Intent) -> String)
    }

    let segments: [Segment]

    public init(_ string: String) { segments = [.literal(string)] }
    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: StringInterpolation) { segments = stringInterpolation.segments }

    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { segments.append(.literal(literal)) }

        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {
            segments.append(.parameter { intent in intent[keyPath: parameter].summaryText })
        }
    }
}

/// Builds an intent's `parameterSummary` from the summary its body gives.
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    public static func buildBlock<Summary: ParameterSummary>(_ block: Summary) -> Summary where Summary.Intent == Intent { block }
    public static func buildExpression<Summary: ParameterSummary>(_ expression: Summary) -> Summary where Summary.Intent == Intent { expression }
}

extension AppIntent {
    /// `Summary("...")` inside an intent, as App Intents spells `IntentParameterSummary<Self>`.
    public typealias Summary = IntentParameterSummary<Self>

    /// No summary: the intent reads as its title.
    public static var parameterSummary: IntentParameterSummary<Self> { IntentParameterSummary() }
}
