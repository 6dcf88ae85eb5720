import CGtk

/// One GSettings schema, read and watched: the desktop's preferences (the clock format), from
/// whichever backend GIO chose (dconf on a desktop; `GSETTINGS_BACKEND=keyfile` or `memory`
/// in tests, so that no test touches the machine's settings).
@MainActor
public final class Settings {
    private let settings: Retained<Object>

    /// nil when the schema is not installed, or has no key `key` (an older or a foreign
    /// desktop): GSettings would abort the process on a missing schema rather than say so.
    public init?(schema id: String, key: String) {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, id, 1)
        else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0, let made = g_settings_new_full(schema, nil, nil) else { return nil }
        settings = Retained(Object(unchecked: UnsafeMutableRawPointer(made)), adopting: true)
    }

    /// The key's value as a string (an enum's nick: "12h").
    public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(ptr(settings.object), key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Whether the person (or something on their behalf) set the key, rather than it having
    /// the schema's default.
    public func isSet(_ key: String) -> Bool {
        guard let value = g_settings_get_user_value(ptr(settings.object), key) else { return false }
        g_variant_unref(value)
        return true
    }

    /// Calls `handler` after each change of `key`.
    @discardableResult
    public func onChanged(_ key: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(settings.object, "changed::\(key)", handler)
    }
}
