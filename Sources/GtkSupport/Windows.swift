import CGtk

/// GtkWindow and its subclasses (AdwWindow, AdwApplicationWindow, AdwAboutWindow).
public protocol WindowHandle: WidgetHandle {}

/// Any window (a dialog is an AdwWindow, used as a GtkWindow).
public struct Window: WindowHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_window_get_type() }

    /// A new, empty toplevel window; GTK holds it until it is closed.
    @MainActor public init() { pointer = UnsafeMutableRawPointer(gtk_window_new()!) }
}

@MainActor
extension WindowHandle {
    /// The upcast every window allows.
    public var window: Window { Window(unchecked: pointer) }

    public func present() { gtk_window_present(ptr(self)) }
    /// As the close button does: `close-request`, then the window goes.
    public func close() { gtk_window_close(ptr(self)) }
    public func setTitle(_ title: String) { gtk_window_set_title(ptr(self), title) }
    public func setChild(_ child: (some WidgetHandle)?) { gtk_window_set_child(ptr(self), child.map { ptr($0) }) }
    public func setTransientFor(_ parent: (some WindowHandle)?) { gtk_window_set_transient_for(ptr(self), parent.map { ptr($0) }) }
    public func setDefaultWidget(_ widget: (some WidgetHandle)?) { gtk_window_set_default_widget(ptr(self), widget.map { ptr($0) }) }
    /// The app the window belongs to: its accelerators work in it, and the app runs while it is open.
    public func setApplication(_ application: Application) { gtk_window_set_application(ptr(self), ptr(application)) }
    public var isActive: Bool { gtk_window_is_active(ptr(self)) != 0 }

    /// The widget with the keyboard focus, if any.
    public var focus: Widget? { gtk_window_get_focus(ptr(self)).map { Widget(unchecked: UnsafeMutableRawPointer($0)) } }

    /// `close-request`: return true to keep the window open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        Signal.connect(self, "close-request") { arguments in arguments.setReturn(handler()) }
    }
}

/// AdwApplicationWindow: the main window, which carries the `win.` actions.
public struct ApplicationWindow: WindowHandle, ActionMapHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_application_window_get_type() }
}

/// AdwAboutWindow (libadwaita 1.2): the app's name, version, credits and links.
public struct AboutWindow: WindowHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_about_window_get_type() }
}

@MainActor
extension AboutWindow {
    public func setVersion(_ version: String) { adw_about_window_set_version(ptr(self), version) }
}

/// GtkFileChooserNative: the desktop's file chooser portal where one runs (Flatpak, or
/// GDK_DEBUG=portals), else GTK's own dialog.
public struct FileChooserNative: ObjectHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_file_chooser_native_get_type() }
}

@MainActor
extension FileChooserNative {
    /// A modal chooser of one file to open, filtered to `mimeType` ("audio/*") named
    /// `filterName`. The caller owns the result: keep it in a `Retained(…, adopting: true)`.
    public static func open(
        title: String, parent: some WindowHandle, accept: String, cancel: String, filterName: String, mimeType: String
    ) -> FileChooserNative {
        let made = FileChooserNative(unchecked: UnsafeMutableRawPointer(
            gtk_file_chooser_native_new(title, ptr(parent), GTK_FILE_CHOOSER_ACTION_OPEN, accept, cancel)!))
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, filterName)
        gtk_file_filter_add_mime_type(filter, mimeType)
        gtk_file_chooser_add_filter(ptr(made), filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        gtk_native_dialog_set_modal(ptr(made), 1)
        return made
    }

    public func show() { gtk_native_dialog_show(ptr(self)) }

    /// `response`: the chosen file's local path when the person accepted one (nil: cancelled),
    /// and whether a file was chosen at all (a file without a local path is `(nil, true)`).
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (_ path: String?, _ accepted: Bool) -> Void) -> SignalConnection {
        Signal.connect(self, "response") { [self] arguments in
            guard arguments.int(at: 1) == Int(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(ptr(self)) else {
                handler(nil, false)
                return
            }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else {
                handler(nil, true)
                return
            }
            defer { g_free(path) }
            handler(String(cString: path), true)
        }
    }
}

/// GtkShortcutLabel: the keys of a shortcut, as the keyboard shortcuts window shows them.
public struct ShortcutLabel: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_shortcut_label_get_type() }
}

@MainActor
extension ShortcutLabel {
    /// The keys it shows, as written in its .ui file ("<Control>q").
    public var accelerator: String {
        gtk_shortcut_label_get_accelerator(ptr(self)).map { String(cString: $0) } ?? ""
    }
}

