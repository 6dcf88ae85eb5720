import Synchronization

/// An input of an intent: App Intents' `@Parameter`. Its value travels with the alarm (as
/// JSON), and is set again on a fresh `init()` of the intent before `perform()` runs, possibly
/// in a new process of the app. A class, as in App Intents, so that the intent's copies share
/// it and the system can set it from outside.
@propertyWrapper
public final class IntentParameter<Value: Codable & Sendable>: @unchecked Sendable {  // state behind `storage`'s lock
    /// A word or short phrase naming the parameter.
    public let title: LocalizedStringResource
    public let description: LocalizedStringResource?
    private let storage: Mutex<Value?>

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil) {
        self.title = title
        self.description = description
        storage = Mutex(defaultValue)
    }

    /// `@Parameter var x: String` without a title: the property's name stands in for it.
    public convenience init(description: LocalizedStringResource? = nil, default defaultValue: Value? = nil) {
        self.init(title: "", description: description, default: defaultValue)
    }

    /// `requestValueDialog` is what App Intents asks a person for a missing value; nothing asks
    /// on Linux (the value travels with the alarm), so it is kept only for source compatibility.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
        requestValueDialog: IntentDialog
    ) {
        self.init(title: title, description: description, default: defaultValue)
    }

    /// The value. Reading a non-optional parameter that was never set is a programming error
    /// (App Intents would have asked the person for it), and stops the program with its name.
    public var wrappedValue: Value {
        get {
            if let value = storage.withLock({ $0 }) { return value }
            if let none = Self.noValue { return none }
            fatalError("@Parameter '\(title)' was read before it had a value: give it a default, or set it in init")
        }
        set { storage.withLock { $0 = newValue } }
    }

    public var projectedValue: IntentParameter<Value> { self }

    /// The value as a parameter summary shows it: its description, or the title while unset.
    var summaryText: String {
        guard let value = storage.withLock({ $0 }) else { return title.text }
        return String(describing: value)
    }

    /// nil for an optional parameter, which reads as nil while unset.
    private static var noValue: Value? {
        guard let optional = Value.self as? any ExpressibleByNilLiteral.Type else { return nil }
        return optional.init(nilLiteral: ()) as? Value
    }
}

/// What the intent coder needs of a parameter whatever its value's type.
protocol CodableIntentParameter: AnyObject {
    /// The value as JSON text; nil while unset.
    func encodedValue() throws -> String?
    func setEncodedValue(_ json: String) throws
    /// Whether the intent can run with this parameter unset.
    var mayBeUnset: Bool { get }
}

extension IntentParameter: CodableIntentParameter {
    func encodedValue() throws -> String? {
        guard let value = storage.withLock({ $0 }) else { return nil }
        return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    func setEncodedValue(_ json: String) throws {
        let value = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        storage.withLock { $0 = value }
    }

    var mayBeUnset: Bool { Self.noValue != nil || storage.withLock { $0 != nil } }
}

/// Number parameters as App Intents declares them: `@Parameter(title: "Minutes", default: 9,
/// inclusiveRange: (1, 60))`. The control style and the range describe an editor that Linux does
/// not show; the value is kept as set.
public enum IntentParameterControlStyle: Sendable { case field, stepper, slider }

extension IntentParameter where Value == Int {
    public typealias IntControlStyle = IntentParameterControlStyle

    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Int? = nil,
        controlStyle: IntControlStyle = .stepper, inclusiveRange: (lowerBound: Int, upperBound: Int)?, requestValueDialog: IntentDialog? = nil
    ) {
        self.init(title: title, description: description, default: defaultValue)
    }

    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Int? = nil,
        controlStyle: IntControlStyle, requestValueDialog: IntentDialog? = nil
    ) {
        self.init(title: title, description: description, default: defaultValue)
    }
}

extension IntentParameter where Value == Double {
    public typealias DoubleControlStyle = IntentParameterControlStyle

    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Double? = nil,
        controlStyle: DoubleControlStyle = .stepper, inclusiveRange: (lowerBound: Double, upperBound: Double)?, requestValueDialog: IntentDialog? = nil
    ) {
        self.init(title: title, description: description, default: defaultValue)
    }

    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Double? = nil,
        controlStyle: DoubleControlStyle, requestValueDialog: IntentDialog? = nil
    ) {
        self.init(title: title, description: description, default: defaultValue)
    }
}
