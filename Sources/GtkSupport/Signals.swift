import CGtk

/// The arguments of one signal emission, as GLib hands them to a closure's marshaller: the
/// instance first, then the signal's parameters, and the slot for its return value.
public struct SignalArguments: @unchecked Sendable {
    let values: UnsafePointer<GValue>?
    public let count: Int
    let returnValue: UnsafeMutablePointer<GValue>?

    /// The emitting object (parameter 0).
    public var instance: Object? { object(at: 0, as: Object.self) }

    /// Parameter `index` as a `Handle`, when it is an object of that class (checked in every
    /// build: a signal's parameter is GTK's to choose).
    public func object<Handle: ObjectHandle>(at index: Int, as: Handle.Type) -> Handle? {
        guard let values, index < count, oak_value_holds_object(values + index) != 0,
            let object = g_value_get_object(values + index)
        else { return nil }
        return Handle(ifInstance: Object(unchecked: object))
    }

    /// A string parameter, or a GVariant string (a `GSimpleAction`'s parameter).
    public func string(at index: Int) -> String? {
        guard let values, index < count else { return nil }
        if oak_value_holds_string(values + index) != 0 { return g_value_get_string(values + index).map { String(cString: $0) } }
        guard oak_value_holds_variant(values + index) != 0, let variant = g_value_get_variant(values + index),
            g_variant_is_of_type(variant, oak_variant_type_string()) != 0
        else { return nil }
        return String(cString: g_variant_get_string(variant, nil))
    }

    public func boolean(at index: Int) -> Bool? {
        guard let values, index < count, oak_value_holds_boolean(values + index) != 0 else { return nil }
        return g_value_get_boolean(values + index) != 0
    }

    public func int(at index: Int) -> Int? {
        guard let values, index < count else { return nil }
        if oak_value_holds_int(values + index) != 0 { return Int(g_value_get_int(values + index)) }
        if oak_value_holds_uint(values + index) != 0 { return Int(g_value_get_uint(values + index)) }
        return nil
    }

    /// Sets a boolean return value (`state-set`, `close-request`: true stops the default
    /// handler). Ignored for signals that return nothing.
    public func setReturn(_ value: Bool) {
        guard let returnValue, oak_value_holds_boolean(returnValue) != 0 else { return }
        g_value_set_boolean(returnValue, value ? 1 : 0)
    }
}

/// A connected handler: `disconnect()` releases its closure at once; otherwise it lives as
/// long as the object that emits it.
public struct SignalConnection: Sendable {
    let instance: UInt
    public let id: UInt

    @MainActor public func disconnect() {
        guard let instance = UnsafeMutableRawPointer(bitPattern: instance) else { return }
        g_signal_handler_disconnect(instance, gulong(id))
    }
}

/// The one signal trampoline. Each handler is a Swift closure boxed in a GClosure whose
/// marshaller (below) reads the emission's GValues, so one C entry point serves every signal
/// signature (`clicked`, `state-set`, `notify::active`, `close-request`...) and no
/// per-signature @convention(c) function exists. The box is released by the closure's
/// finalize notifier, which GLib calls on disconnect or when the object is destroyed: a handler
/// never outlives its object and never leaks.
public enum Signal {
    @MainActor @discardableResult
    public static func connect(
        _ object: some ObjectHandle, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (SignalArguments) -> Void
    ) -> SignalConnection {
        let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
        let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), box)!
        g_closure_set_marshal(closure, marshal)
        g_closure_add_finalize_notifier(closure, box, release)
        let id = g_signal_connect_closure(object.pointer, name, closure, after ? 1 : 0)
        return SignalConnection(instance: UInt(bitPattern: object.pointer), id: UInt(id))
    }

    /// A signal whose handler needs no arguments (`clicked`, `notify::active`).
    @MainActor @discardableResult
    public static func connect(_ object: some ObjectHandle, _ name: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect(object, name) { (_: SignalArguments) in handler() }
    }
}

// Touched only on the main thread (created there, called by GTK there).
final class HandlerBox: @unchecked Sendable {
    let handler: @MainActor (SignalArguments) -> Void
    init(_ handler: @escaping @MainActor (SignalArguments) -> Void) { self.handler = handler }
}

private let marshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
    guard let data = closure?.pointee.data else { return }
    let box = Unmanaged<HandlerBox>.fromOpaque(data).takeUnretainedValue()
    let arguments = SignalArguments(values: values, count: Int(count), returnValue: returnValue)
    // GTK emits signals on the thread that runs its main loop, which is the main thread.
    MainActor.assumeIsolated { box.handler(arguments) }
}

private let release: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<HandlerBox>.fromOpaque(data).release()
}
