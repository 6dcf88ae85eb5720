import CLibNotify

/// Takes the message out of a GError and frees it.
func takeErrorMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    guard let pointer = error else { return "unknown error" }
    defer {
        g_error_free(pointer)
        error = nil
    }
    return pointer.pointee.message.map { String(cString: $0) } ?? "unknown error"
}

/// Converts a C string that GLib allocated and frees it.
func takeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}

/// A raw pointer that may cross threads because only the GLib thread dereferences it.
struct GLibPointer: @unchecked Sendable {
    let raw: gpointer
}
