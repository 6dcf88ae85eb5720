import CGtk

/// A GActionMap: the application (`app.` actions) or an application window (`win.` actions).
/// Menus, buttons (`action-name` in a .ui file) and keyboard accelerators all reach a feature
/// through its action, as in every GNOME app, so one feature has one entry point.
public protocol ActionMapHandle: ObjectHandle {}

/// GSimpleAction: an action's handle, kept to turn it on and off.
public struct SimpleAction: ObjectHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { g_simple_action_get_type() }
}

@MainActor
extension SimpleAction {
    public var isEnabled: Bool { g_action_get_enabled(ptr(self)) != 0 }
    /// A disabled action greys out its buttons and menu items and ignores its accelerators.
    public func setEnabled(_ enabled: Bool) { g_simple_action_set_enabled(ptr(self), enabled ? 1 : 0) }
}

@MainActor
extension ActionMapHandle {
    /// Adds the action `name` (without its `app.`/`win.` prefix), run by `handler`.
    @discardableResult
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) -> SimpleAction {
        add(g_simple_action_new(name, nil)!) { _ in handler() }
    }

    /// Adds an action that takes a string (`win.set-page::timers` in an accelerator or a
    /// button's detailed action name).
    @discardableResult
    public func addAction(_ name: String, string handler: @escaping @MainActor (String) -> Void) -> SimpleAction {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        return add(g_simple_action_new(name, type)!) { arguments in
            if let value = arguments.string(at: 1) { handler(value) }
        }
    }

    private func add(_ made: OpaquePointer, _ handler: @escaping @MainActor (SignalArguments) -> Void) -> SimpleAction {
        let action = SimpleAction(unchecked: UnsafeMutableRawPointer(made))
        Signal.connect(action, "activate", handler)
        g_action_map_add_action(ptr(self), ptr(action))
        g_object_unref(action.pointer)  // the map holds it
        return action
    }

    /// Runs the action `name` of this map, as its accelerator would, with `string` as the
    /// parameter of an action that takes one.
    public func activateAction(_ name: String, string: String? = nil) {
        guard let action = g_action_map_lookup_action(ptr(self), name) else { return }
        g_action_activate(action, string.map { g_variant_new_string($0) })
    }
}

/// AdwApplication: one instance per session (a second launch activates the first), the app's
/// actions and their accelerators. (GTK would also load `<resource path>/gtk/help-overlay.ui`
/// as every window's shortcuts window; the Alarms app keeps its elsewhere, docs/GUI.md.)
public struct Application: ActionMapHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_application_get_type() }

    /// The application `id` ("org.openalarmkit.Alarms"); its resources are under
    /// `/org/openalarmkit/Alarms`. Owned by the caller (the process's lifetime).
    @MainActor public init(id: String) { pointer = UnsafeMutableRawPointer(adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!) }
}

@MainActor
extension Application {
    /// The keys that run `action` ("app.quit", "win.set-page::timers"), in GTK's accelerator
    /// syntax ("<Control>q", "<Alt>1").
    public func setAccelerators(_ accelerators: [String], for action: String) {
        var copies: [UnsafeMutablePointer<CChar>?] = accelerators.map { g_strdup($0) }
        defer { copies.forEach { g_free($0) } }
        copies.append(nil)
        copies.withUnsafeBufferPointer { list in
            list.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: list.count) {
                gtk_application_set_accels_for_action(ptr(self), action, $0)
            }
        }
    }

    public func accelerators(for action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(ptr(self), action) else { return [] }
        defer { g_strfreev(list) }
        var found: [String] = []
        var index = 0
        while let accelerator = list[index] {
            found.append(String(cString: accelerator))
            index += 1
        }
        return found
    }

    /// `activate`: launched, or launched again while running.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "activate", handler)
    }

    /// Keeps the app running with no window (work on its behalf, e.g. a request to alarmd
    /// from an action D-Bus activation ran) until the matching `release()`.
    public func hold() { g_application_hold(ptr(self)) }
    public func release() { g_application_release(ptr(self)) }

    /// Runs the main loop until the app quits; returns the exit status.
    public func run() -> Int32 { g_application_run(ptr(self), CommandLine.argc, CommandLine.unsafeArgv) }

    /// Ends the main loop: `run()` returns.
    public func quit() { g_application_quit(ptr(self)) }
}
