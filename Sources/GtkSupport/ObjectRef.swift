import CGtk

/// A strong reference to a GObject that Swift owns: it takes one reference (or adopts a new
/// one) and drops it in deinit. GTK widgets inside a window are owned by their parent; the app
/// keeps an `ObjectRef` only for what must outlive that (a builder, a row it reuses, a toast's
/// undo data), so every g_object_ref has exactly one place that undoes it.
public final class ObjectRef {
    public let pointer: GObjectPointer

    /// `adopting`: the caller hands over a reference it owns (a `_new` function's result that is
    /// not floating). Otherwise one is taken; a floating reference is sunk.
    public init(_ pointer: GObjectPointer, adopting: Bool = false) {
        self.pointer = pointer
        if !adopting { g_object_ref_sink(pointer) }
    }

    deinit { g_object_unref(pointer) }
}

/// Any GObject, as the app holds it: GTK's C API imports some classes as structs
/// (`UnsafeMutablePointer<GtkWidget>`) and others as opaque (`OpaquePointer` for GtkLabel), so
/// the app keeps plain object pointers and `ptr(_:)` gives each C call the form it takes.
/// GTK's `GTK_LABEL(x)` macros are such casts (plus a debug-build type check).
public typealias GObjectPointer = UnsafeMutableRawPointer

/// The pointer as the C call takes it, for a class Swift imports as a struct.
@inline(__always)
public func ptr<To>(_ object: GObjectPointer) -> UnsafeMutablePointer<To> {
    object.assumingMemoryBound(to: To.self)
}

/// The pointer as the C call takes it, for a class Swift imports as opaque.
@inline(__always)
public func ptr(_ object: GObjectPointer) -> OpaquePointer { OpaquePointer(object) }

/// Whether `object` is an instance of `type` (or a subclass): `G_TYPE_CHECK_INSTANCE_TYPE`.
public func isInstance(_ object: GObjectPointer, of type: GType) -> Bool {
    g_type_check_instance_is_a(ptr(object), type) != 0
}
