/// What `perform()` returns: App Intents' `IntentResult`. Write `-> some IntentResult` and
/// return `.result()`.
public protocol IntentResult: Sendable {}

/// The concrete result `result()` and `result(value:)` make, with App Intents' four type
/// parameters (value, intent to open, snippet, dialog); only the value is kept here.
public struct IntentResultContainer<Value: Sendable, OpensIntent: Sendable, Content: Sendable, Dialog: Sendable>: IntentResult {
    /// The value produced by the intent, if it returns one.
    public var value: Value?

    init(value: Value?) { self.value = value }
}

extension IntentResult {
    /// The intent finished performing.
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
        IntentResultContainer(value: nil)
    }

    /// The intent finished performing and produced `value`.
    public static func result<Value: Sendable>(value: Value) -> Self where Self == IntentResultContainer<Value, Never, Never, Never> {
        IntentResultContainer(value: value)
    }
}

/// A result that carries a value (App Intents' `ReturnsValue`): `-> some ReturnsValue<Int>`.
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value: Sendable
    var value: Value? { get }
}

extension IntentResultContainer: ReturnsValue {}
