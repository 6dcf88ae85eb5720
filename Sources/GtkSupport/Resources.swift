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

    /// The paths of every file registered under `folder` ("/org/openalarmkit/Alarms"), subfolders
    /// included: what the checks compare with the files the code reads.
    public static func files(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard let names = g_resources_enumerate_children(base, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return [] }
        defer { g_strfreev(names) }
        var found: [String] = []
        var index = 0
        while let name = names[index] {
            let entry = String(cString: name)
            if entry.hasSuffix("/") { found += files(under: base + entry) } else { found.append(base + entry) }
            index += 1
        }
        return found.sorted()
    }
}

/// Why a builder file does not give the objects the code asks for: a defect in a `.ui` file or
/// in its `BuilderFile` declaration, which the app's UI check finds before anyone runs it.
public enum BuilderError: Error, CustomStringConvertible, Equatable {
    case unloadable(resource: String, why: String)
    case missing(resource: String, id: String)
    case wrongClass(resource: String, id: String, expected: String, found: String)

    public var description: String {
        switch self {
        case .unloadable(let resource, let why): "GtkBuilder could not load \(resource): \(why)"
        case .missing(let resource, let id): "\(resource) has no object with id '\(id)'"
        case .wrongClass(let resource, let id, let expected, let found): "'\(id)' in \(resource) is a \(found), not a \(expected)"
        }
    }
}

/// One GtkBuilder over a resource path. It owns the objects it made until a parent (or a
/// `Retained`) takes them: keep it as long as the objects it made are used.
@MainActor
public final class Builder {
    public let resource: String
    private let builder: Retained<Object>

    /// `domain`: the gettext domain for translatable="yes" strings.
    public init(resource path: String, domain: String = "openalarmkit") throws(BuilderError) {
        resource = path
        let made = Object(unchecked: UnsafeMutableRawPointer(gtk_builder_new()!))
        builder = Retained(made, adopting: true)
        gtk_builder_set_translation_domain(ptr(made), domain)
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_resource(ptr(made), path, &error) == 0 {
            let why = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .unloadable(resource: path, why: why)
        }
    }

    /// The object with `id`, as a `Handle`: the one place a look-up is checked, for its
    /// presence and its class (an AdwComboRow asked for as a Switch is refused here, not
    /// misused later).
    public func object<Handle: ObjectHandle>(_ id: String, as: Handle.Type = Handle.self) throws(BuilderError) -> Handle {
        guard let found = gtk_builder_get_object(ptr(builder.object), id) else { throw .missing(resource: resource, id: id) }
        let object = Object(unchecked: UnsafeMutableRawPointer(found))
        guard let typed = Handle(ifInstance: object) else {
            throw .wrongClass(resource: resource, id: id, expected: String(cString: g_type_name(Handle.gType)), found: object.typeName)
        }
        return typed
    }

    /// Every id in the file, for the checks that compare them with what the code asks for.
    public var ids: [String] {
        guard let list = gtk_builder_get_objects(ptr(builder.object)) else { return [] }
        defer { g_slist_free(list) }
        var ids: [String] = []
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let data = current.pointee.data, let id = gtk_buildable_get_buildable_id(OpaquePointer(data)) {
                ids.append(String(cString: id))
            }
            node = current.pointee.next
        }
        return ids
    }
}

/// A `.ui` file as the code sees it: a struct with one typed property per object the code
/// uses, bound in its `init` through `Builder.object` (as a GTK template's children are bound
/// by name), so every look-up of the file is in one place and its defects surface together.
/// The app's UI check binds every `BuilderFile` against the compiled bundle.
@MainActor
public protocol BuilderFile {
    /// The resource path of the `.ui` file.
    static var resource: String { get }
    /// Binds the objects; keep `builder` while they are used.
    init(_ builder: Builder) throws(BuilderError)
}

extension BuilderFile {
    /// Builds the file and binds it. A failure is a defect of the app's own files, which the
    /// UI check catches before release; it stops here, saying which file and id.
    public static func load() -> Self {
        do throws(BuilderError) {
            return try Self(Builder(resource: resource))
        } catch {
            fatalError(error.description)
        }
    }
}
