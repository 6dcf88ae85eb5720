import CGtk

/// The app's GtkBuilder files and style sheet, compiled by glib-compile-resources at build time
/// (the GResourceCompiler plugin) and carried in the binary as base64 text: registering them
/// makes `resource:///org/openalarmkit/Alarms/...` paths resolve, as in any GNOME app.
public enum Resources {
    public enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        public var description: String {
            switch self {
            case .unreadable(let why): "the app's built-in interface files cannot be read (\(why)); rebuild the app"
            }
        }
    }

    /// Decodes and registers a compiled GResource bundle; call once, before building windows.
    @MainActor
    public static func register(base64: String) throws(Failure) {
        var length: gsize = 0
        guard let decoded = g_base64_decode(base64, &length), length > 0 else { throw .unreadable("empty bundle") }
        let bytes = g_bytes_new_take(decoded, length)
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            let why = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .unreadable(why)
        }
        g_resources_register(resource)
        g_resource_unref(resource)
    }
}

/// One GtkBuilder over a resource path; `object(_:)` finds a named object, typed. The builder
/// owns the objects it made until a parent or the caller takes them; keep the `Builder` while
/// looking objects up.
@MainActor
public final class Builder {
    private let builder: ObjectRef

    /// `domain`: the gettext domain for translatable="yes" strings.
    public init(resource path: String, domain: String = "openalarmkit") {
        let made = GObjectPointer(gtk_builder_new()!)
        gtk_builder_set_translation_domain(ptr(made), domain)
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_resource(ptr(made), path, &error) == 0 {
            // A broken .ui is a build defect the tests catch: say which and where.
            let why = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            fatalError("GtkBuilder could not load \(path): \(why)")
        }
        builder = ObjectRef(made, adopting: true)
    }

    /// The object with `id` in the .ui file; a missing id is a defect in the .ui file.
    public func object(_ id: String) -> GObjectPointer {
        guard let found = gtk_builder_get_object(ptr(builder.pointer), id) else {
            fatalError("no object with id '\(id)' in the builder file")
        }
        return GObjectPointer(found)
    }
}
