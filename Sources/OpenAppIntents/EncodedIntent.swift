/// An intent as it travels with an alarm: which type, and its `@Parameter` values. The app that
/// scheduled the alarm decodes it back into its own type to run it, in the same process or in a
/// later one.
public struct EncodedIntent: Codable, Hashable, Sendable {
    /// The type's name as people read it (`CookingTimer.RepeatIntent`), for logs and `alarmctl`.
    public var typeName: String
    /// The type's mangled name, which the runtime resolves back to the type in the app's process.
    public var mangledTypeName: String
    /// Each parameter's value as JSON text, by property name.
    public var parameters: [String: String]

    public init(typeName: String, mangledTypeName: String, parameters: [String: String]) {
        self.typeName = typeName
        self.mangledTypeName = mangledTypeName
        self.parameters = parameters
    }

    /// Names the type and collects the `@Parameter` values of `intent`.
    public init(_ intent: any AppIntent) throws(IntentCodingError) {
        let type = Swift.type(of: intent)
        guard let mangled = _mangledTypeName(type) else { throw .unnamedType(String(reflecting: type)) }
        var parameters: [String: String] = [:]
        for (label, parameter) in Self.parameters(of: intent) {
            do {
                if let json = try parameter.encodedValue() { parameters[label] = json }
            } catch {
                throw .unencodableParameter(type: String(reflecting: type), parameter: label, reason: "\(error)")
            }
        }
        self.init(typeName: String(reflecting: type), mangledTypeName: mangled, parameters: parameters)
    }

    /// Rebuilds the intent: resolves its type in this process, makes one with `init()` and sets
    /// its parameters.
    public func decode() throws(IntentCodingError) -> any AppIntent {
        guard let type = _typeByName(mangledTypeName) as? any AppIntent.Type else { throw .unknownType(typeName) }
        let intent = type.init()
        var unset: [String] = []
        for (label, parameter) in Self.parameters(of: intent) {
            if let json = parameters[label] {
                do { try parameter.setEncodedValue(json) } catch {
                    throw .unencodableParameter(type: typeName, parameter: label, reason: "\(error)")
                }
            } else if !parameter.mayBeUnset {
                unset.append(label)
            }
        }
        if !unset.isEmpty { throw .missingParameters(type: typeName, unset) }
        return intent
    }

    /// The intent's `@Parameter` properties by name (the wrapper's storage is `_name`).
    private static func parameters(of intent: any AppIntent) -> [(String, any CodableIntentParameter)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let parameter = child.value as? any CodableIntentParameter else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, parameter)
        }
    }
}

/// Why an intent could not be stored with its alarm, or rebuilt to run.
public enum IntentCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    case unnamedType(String)
    /// The app that received the intent has no such type (it changed since scheduling).
    case unknownType(String)
    case unencodableParameter(type: String, parameter: String, reason: String)
    case missingParameters(type: String, [String])

    public var description: String {
        switch self {
        case .unnamedType(let type): "the intent type \(type) has no runtime name; declare it as a named struct or class"
        case .unknownType(let type): "this program has no intent type \(type); was it renamed since the alarm was scheduled?"
        case .unencodableParameter(let type, let parameter, let reason): "parameter '\(parameter)' of \(type) cannot be encoded: \(reason)"
        case .missingParameters(let type, let names): "\(type) needs values for \(names.joined(separator: ", ")), which the alarm does not carry"
        }
    }
}
