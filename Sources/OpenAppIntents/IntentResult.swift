/// What `perform()` returns: App Intents' `IntentResult`. Write `-> some IntentResult` and
/// return `.result()`, or combine with ``ReturnsValue``, ``ProvidesDialog`` and ``OpensIntent``
/// (`-> some IntentResult & ProvidesDialog`) and return the matching `.result(...)`.
public protocol IntentResult: Sendable {}

/// The concrete result the `result(...)` functions make, with App Intents' four type
/// parameters: the value, the intent to run next, a snippet (none here) and the dialog.
public struct IntentResultContainer<Value: Sendable, OpensAppIntent: Sendable, Content: Sendable, Dialog: Sendable>: IntentResult {
    /// The value produced by the intent, if it returns one.
    public var value: Value?
    /// The intent to run after this one, in the same process (``OpensIntent``).
    public var opensIntent: OpensAppIntent?
    /// What the intent says back (``ProvidesDialog``).
    public var dialog: IntentDialog?

    init(value: Value? = nil, opensIntent: OpensAppIntent? = nil, dialog: IntentDialog? = nil) {
        self.value = value
        self.opensIntent = opensIntent
        self.dialog = dialog
    }
}

/// A result that carries a value (App Intents' `ReturnsValue`): `-> some ReturnsValue<Int>`.
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value: Sendable
    var value: Value? { get }
}

/// A result that says something back: `-> some IntentResult & ProvidesDialog`, returning
/// `.result(dialog: "Snoozed")`. See ``IntentDialog`` for what the dialog does on Linux.
public protocol ProvidesDialog: IntentResult {}

/// A result that names another intent to run next: `.result(opensIntent: OpenAlarmIntent())`.
/// The system runs it in the app right after this one, as App Intents does; it opens no
/// window by itself.
public protocol OpensIntent: IntentResult {}

extension IntentResultContainer: ReturnsValue {}
extension IntentResultContainer: ProvidesDialog where Dialog == IntentDialog {}
extension IntentResultContainer: OpensIntent where OpensAppIntent: AppIntent {}

/// What the intent runner reads from any result, whatever its type parameters.
package protocol IntentResultParts {
    var dialogText: String? { get }
    var nextIntent: (any AppIntent)? { get }
}

extension IntentResultContainer: IntentResultParts {
    package var dialogText: String? { dialog.map(\.full.text) }
    package var nextIntent: (any AppIntent)? { opensIntent as? any AppIntent }
}

extension IntentResult {
    /// The intent finished performing.
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
        IntentResultContainer()
    }

    /// The intent finished performing and produced `value`.
    public static func result<Value: Sendable>(value: Value) -> Self where Self == IntentResultContainer<Value, Never, Never, Never> {
        IntentResultContainer(value: value)
    }

    /// The intent finished performing and says `dialog`.
    public static func result(dialog: IntentDialog) -> Self where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
        IntentResultContainer(dialog: dialog)
    }

    /// The intent finished performing, produced `value` and says `dialog`.
    public static func result<Value: Sendable>(value: Value, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Value, Never, Never, IntentDialog> {
        IntentResultContainer(value: value, dialog: dialog)
    }

    /// The intent finished performing; `opensIntent` runs next.
    public static func result<OpensAppIntent: AppIntent>(opensIntent: OpensAppIntent) -> Self
    where Self == IntentResultContainer<Never, OpensAppIntent, Never, Never> {
        IntentResultContainer(opensIntent: opensIntent)
    }

    /// The intent finished performing and says `dialog`; `opensIntent` runs next.
    public static func result<OpensAppIntent: AppIntent>(opensIntent: OpensAppIntent, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Never, OpensAppIntent, Never, IntentDialog> {
        IntentResultContainer(opensIntent: opensIntent, dialog: dialog)
    }

    /// The intent finished performing and produced `value`; `opensIntent` runs next.
    public static func result<Value: Sendable, OpensAppIntent: AppIntent>(value: Value, opensIntent: OpensAppIntent) -> Self
    where Self == IntentResultContainer<Value, OpensAppIntent, Never, Never> {
        IntentResultContainer(value: value, opensIntent: opensIntent)
    }

    /// The intent finished performing, produced `value` and says `dialog`; `opensIntent` runs next.
    public static func result<Value: Sendable, OpensAppIntent: AppIntent>(value: Value, opensIntent: OpensAppIntent, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<Value, OpensAppIntent, Never, IntentDialog> {
        IntentResultContainer(value: value, opensIntent: opensIntent, dialog: dialog)
    }
}
