import CLibNotify
import Glibc

/// A private GDBus connection to the session or system bus, for short synchronous calls
/// from one serial queue (never the event loop: a bus may be slow to answer). Private, so
/// closing it never disturbs libnotify's shared connection.
final class DBusLink {
    private let connection: OpaquePointer
    private var filter: guint?

    /// Nil, with the reason in `failure`, when there is no such bus.
    init?(_ bus: GBusType, failure: inout String) {
        var error: UnsafeMutablePointer<GError>?
        guard let raw = g_dbus_address_get_for_bus_sync(bus, nil, &error) else {
            failure = Self.message(&error)
            return nil
        }
        let address = String(cString: raw)
        g_free(raw)
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            failure = "\(address): \(Self.message(&error))"
            return nil
        }
        self.connection = connection
    }

    deinit {
        if let filter { g_dbus_connection_remove_filter(connection, filter) }
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    struct CallError: Error, CustomStringConvertible { let description: String }

    /// Calls a method; the reply (to unref) and, when asked for, the first file descriptor
    /// it carried (ours to close).
    func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
              _ arguments: [OpaquePointer] = [], replyType: String, wantsFD: Bool = false, timeoutMs: Int32 = 3000)
        throws(CallError) -> (reply: OpaquePointer, fd: Int32?)
    {
        var error: UnsafeMutablePointer<GError>?
        let tuple: OpaquePointer? = arguments.isEmpty ? nil
            : arguments.map(Optional.some).withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let type = g_variant_type_new(replyType)
        defer { g_variant_type_free(type) }
        var fds: UnsafeMutablePointer<GUnixFDList>?
        let reply = g_dbus_connection_call_with_unix_fd_list_sync(
            connection, destination, path, interface, method, tuple, type, G_DBUS_CALL_FLAGS_NONE, timeoutMs,
            nil, &fds, nil, &error)
        guard let reply else { throw CallError(description: "\(method): \(Self.message(&error))") }
        var fd: Int32?
        if let fds {
            if wantsFD && g_unix_fd_list_get_length(fds) > 0 { fd = g_unix_fd_list_get(fds, 0, nil) }
            g_object_unref(UnsafeMutableRawPointer(fds))
        }
        return (reply, fd)
    }

    /// Calls `handler` with the body of every signal `interface.member` that `sender` emits on
    /// `path`, on GDBus's own worker thread (a message filter: no GLib main loop needed), from
    /// now until this link is closed. The handler must not block: it hands the work on. One
    /// subscription per link.
    func subscribe(sender: String, path: String, interface: String, member: String,
                   _ handler: @escaping @Sendable (OpaquePointer) -> Void) throws(CallError)
    {
        precondition(filter == nil, "one subscription per link")
        let box = Unmanaged.passRetained(SignalFilter(interface: interface, member: member, handler: handler)).toOpaque()
        filter = g_dbus_connection_add_filter(connection, SignalFilter.run, box, SignalFilter.release)
        let rule = "type='signal',sender='\(sender)',path='\(path)',interface='\(interface)',member='\(member)'"
        let (reply, _) = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
                                  [Self.string(rule)], replyType: "()")
        g_variant_unref(reply)
    }

    /// The strings of an `(as)` reply's array.
    static func strings(in reply: OpaquePointer) -> [String] {
        let array = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(array) }
        return (0..<g_variant_n_children(array)).compactMap { index in
            let child = g_variant_get_child_value(array, index)
            defer { g_variant_unref(child) }
            return g_variant_get_string(child, nil).map { String(cString: $0) }
        }
    }

    /// The string inside a `(v)` reply (a property value).
    static func variantString(in reply: OpaquePointer) -> String? {
        let boxed = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(boxed) }
        guard let inner = g_variant_get_variant(boxed) else { return nil }
        defer { g_variant_unref(inner) }
        guard g_variant_is_of_type(inner, g_variant_type_checked_("s")) != 0 else { return nil }
        return g_variant_get_string(inner, nil).map { String(cString: $0) }
    }

    static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }

    private static func message(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }
}

/// A signal subscription's handler, carried through GDBus's filter user data: retained when the
/// filter is added, released by its destroy notify.
private final class SignalFilter: @unchecked Sendable {
    let interface: String
    let member: String
    let handler: @Sendable (OpaquePointer) -> Void

    init(interface: String, member: String, handler: @escaping @Sendable (OpaquePointer) -> Void) {
        self.interface = interface
        self.member = member
        self.handler = handler
    }

    /// Passes every message on unchanged; hands the matching signals' bodies to the handler.
    static let run: GDBusMessageFilterFunction = { _, message, incoming, data in
        guard incoming != 0, let message, let data,
              g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_SIGNAL else { return message }
        let filter = Unmanaged<SignalFilter>.fromOpaque(data).takeUnretainedValue()
        guard let member = g_dbus_message_get_member(message), String(cString: member) == filter.member,
              let interface = g_dbus_message_get_interface(message), String(cString: interface) == filter.interface,
              let body = g_dbus_message_get_body(message) else { return message }
        filter.handler(body)
        return message
    }

    static let release: GDestroyNotify = { data in
        Unmanaged<SignalFilter>.fromOpaque(data!).release()
    }
}
