// Written for the porting corpus, not an app's code: the part of Expo's ExpoModulesCore that
// an Expo module declares itself with (a module class, its definition builder, records with
// fields), so that the corpus's Expo module (Apps/ExpoAlarms) compiles on Linux as written for
// iOS. It registers nothing and calls nothing; it imports nothing, so what that module uses of
// Foundation must come from `import AlarmKit`.

/// Expo's `Module`: a `BaseModule` subclass that implements `definition()`.
open class BaseModule {
    public required init() {}
}

public protocol AnyModule: AnyObject {
    @ModuleDefinitionBuilder func definition() -> ModuleDefinition
}

public typealias Module = BaseModule & AnyModule

/// What a module declares: its name and the names of its functions.
public struct ModuleDefinition {
    public let names: [String]
}

public struct ModuleDefinitionPart {
    let name: String
}

@resultBuilder
public enum ModuleDefinitionBuilder {
    public static func buildBlock(_ parts: ModuleDefinitionPart...) -> ModuleDefinition {
        ModuleDefinition(names: parts.map(\.name))
    }
}

public func Name(_ name: String) -> ModuleDefinitionPart { ModuleDefinitionPart(name: name) }

public func Function<R>(_ name: String, _ body: @escaping () throws -> R) -> ModuleDefinitionPart {
    ModuleDefinitionPart(name: name)
}

public func Function<R, A0>(_ name: String, _ body: @escaping (A0) throws -> R) -> ModuleDefinitionPart {
    ModuleDefinitionPart(name: name)
}

public func AsyncFunction<R>(_ name: String, _ body: @escaping () async throws -> R) -> ModuleDefinitionPart {
    ModuleDefinitionPart(name: name)
}

public func AsyncFunction<R, A0>(_ name: String, _ body: @escaping (A0) async throws -> R) -> ModuleDefinitionPart {
    ModuleDefinitionPart(name: name)
}

/// A JavaScript object's fields, as `@Field` properties.
public protocol Record {
    init()
}

@propertyWrapper
public final class Field<Value> {
    private var value: Value?

    public init() {}

    public init(wrappedValue: Value) { value = wrappedValue }

    public var wrappedValue: Value {
        get {
            guard let value else { preconditionFailure("the record's field was not set") }
            return value
        }
        set { value = newValue }
    }
}
