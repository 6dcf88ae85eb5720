import CLibNotify

/// Checks, on a private connection, that there is a session bus and a notification server on it
/// before libnotify is touched. libnotify and GDBus cache the session bus for the life of the
/// process, and report a missing server only through a `g_warning`, so this probe is what gives
/// the clear one-line reason for the terminal fallback.
enum SessionBusProbe {
    enum Outcome: Sendable, Equatable {
        case available
        case unavailable(String)
    }

    static let serverName = "org.freedesktop.Notifications"

    static func findNotificationServer(address: String?) -> Outcome {
        var error: UnsafeMutablePointer<GError>?
        let resolved: String
        if let address {
            resolved = address
        } else if let found = takeGString(g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error)) {
            resolved = found
        } else {
            return .unavailable("no D-Bus session bus (\(takeErrorMessage(&error)))")
        }

        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(resolved, flags, nil, nil, &error) else {
            return .unavailable("cannot connect to the D-Bus session bus at \(resolved) (\(takeErrorMessage(&error)))")
        }
        defer {
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        if nameHasOwner(connection) || isActivatable(connection) { return .available }
        return .unavailable("no notification server on the session bus (nobody owns \(serverName))")
    }

    private static func callBus(
        _ connection: OpaquePointer, _ method: String, _ arguments: OpaquePointer?, replyType: String
    ) -> OpaquePointer? {
        let type = g_variant_type_new(replyType)
        defer { g_variant_type_free(type) }
        return g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            method, arguments, type, G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
    }

    static func nameHasOwner(_ connection: OpaquePointer) -> Bool {
        var name: OpaquePointer? = g_variant_new_string(serverName)
        let arguments = withUnsafePointer(to: &name) { g_variant_new_tuple($0, 1) }
        guard let reply = callBus(connection, "NameHasOwner", arguments, replyType: "(b)") else { return false }
        defer { g_variant_unref(reply) }
        let owned = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    private static func isActivatable(_ connection: OpaquePointer) -> Bool {
        guard let reply = callBus(connection, "ListActivatableNames", nil, replyType: "(as)") else { return false }
        defer { g_variant_unref(reply) }
        let names = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(names) }
        for index in 0..<g_variant_n_children(names) {
            let child = g_variant_get_child_value(names, index)
            defer { g_variant_unref(child) }
            if let string = g_variant_get_string(child, nil), String(cString: string) == serverName { return true }
        }
        return false
    }
}
