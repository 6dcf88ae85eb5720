import CGtk

/// A GObject of a known class, as the app holds it: a typed handle over the instance pointer, the
/// way GTK's C code writes `GtkLabel *`. Each GTK class the app uses is a struct conforming to
/// the protocol of its parent class (`Label: WidgetHandle`, `ToggleButton: ButtonHandle`), so a
/// call takes exactly the classes GTK accepts: a label handed to a switch's call does not
/// compile. A handle does not own the object (its parent widget or a `Retained` does).
///
/// Handles are made in three places only: a builder look-up (`Builder.object`, checked against
/// the class), a constructor of this layer (`Button(label:)`), and a cast (`init(casting:)`),
/// which checks the class in debug builds as `G_TYPE_CHECK_INSTANCE_CAST` does. A handle is
/// only an address, so it is `Sendable` (a main-actor closure may capture one); every call
/// through it is `@MainActor`, GTK's thread.
public protocol ObjectHandle: Hashable {
    /// The instance. Only this layer hands it to C.
    var pointer: UnsafeMutableRawPointer { get }
    /// Wraps a pointer known to be an instance of `gType`; see `init(casting:)` for a checked one.
    init(unchecked pointer: UnsafeMutableRawPointer)
    /// The GType of the class (`gtk_label_get_type()`).
    static var gType: GType { get }
}

extension ObjectHandle {
    /// A downcast (a `GtkWidget *` known to be a `GtkSwitch *`): debug builds check the class
    /// and stop with both names when it is wrong; release builds trust the caller, as GTK's
    /// macros do with `G_DISABLE_CAST_CHECKS`.
    public init(casting object: some ObjectHandle) {
        self.init(checked: object.pointer)
    }

    /// The cast that is tested at run time in every build: nil when `object` is not one.
    public init?(ifInstance object: some ObjectHandle) {
        guard instanceIsA(object.pointer, Self.gType) else { return nil }
        self.init(unchecked: object.pointer)
    }

    init(checked pointer: UnsafeMutableRawPointer) {
        assert(instanceIsA(pointer, Self.gType), "a \(gTypeName(of: pointer)) used as a \(String(cString: g_type_name(Self.gType)))")
        self.init(unchecked: pointer)
    }

    /// Whether the object is an instance of `type` or of a subclass: `G_TYPE_CHECK_INSTANCE_TYPE`.
    public func isInstance(of type: GType) -> Bool { instanceIsA(pointer, type) }

    /// The class's name, as GTK says it ("GtkLabel").
    public var typeName: String { gTypeName(of: pointer) }

    /// Any GObject: the upcast every handle allows.
    public var object: Object { Object(unchecked: pointer) }
}

func instanceIsA(_ pointer: UnsafeMutableRawPointer, _ type: GType) -> Bool {
    g_type_check_instance_is_a(pointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

func gTypeName(of pointer: UnsafeMutableRawPointer) -> String {
    let instance = pointer.assumingMemoryBound(to: GTypeInstance.self)
    guard let type = instance.pointee.g_class?.pointee.g_type, let name = g_type_name(type) else { return "(not a GObject)" }
    return String(cString: name)
}

/// The instance as a C call takes it. Swift imports a class whose struct is public in the
/// headers (GtkWidget) as a struct and one declared final (GtkLabel) as opaque; these two give
/// each call its form, as GTK's `GTK_LABEL (x)` macros are casts.
@inline(__always)
func ptr<To>(_ object: some ObjectHandle) -> UnsafeMutablePointer<To> {
    object.pointer.assumingMemoryBound(to: To.self)
}

@inline(__always)
func ptr(_ object: some ObjectHandle) -> OpaquePointer { OpaquePointer(object.pointer) }

/// Any GObject.
public struct Object: ObjectHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { oak_object_type() }
}

/// A strong reference that Swift owns: one reference taken (a floating one sunk) or adopted,
/// dropped in deinit. Widgets in a window are owned by their parent; the app retains only what
/// must outlive that (a builder, a list row while it is out of its list, a file chooser), so
/// every `g_object_ref` has exactly one place that undoes it.
public final class Retained<Handle: ObjectHandle> {
    public let object: Handle

    /// `adopting`: the caller hands over a reference it owns (a `_new` function's result that
    /// is not floating). Otherwise one is taken; a floating reference is sunk.
    public init(_ object: Handle, adopting: Bool = false) {
        self.object = object
        if !adopting { g_object_ref_sink(object.pointer) }
    }

    deinit { g_object_unref(object.pointer) }
}
