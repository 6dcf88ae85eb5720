import CGtk

// The libadwaita widgets the app uses.

/// AdwBin: a place for one child (the Timers page's place in the window).
public struct Bin: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_bin_get_type() }
}

@MainActor
extension Bin {
    public func setChild(_ child: (some WidgetHandle)?) { adw_bin_set_child(ptr(self), child.map { ptr($0) }) }
}

/// AdwToastOverlay.
public struct ToastOverlay: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_toast_overlay_get_type() }
}

@MainActor
extension ToastOverlay {
    public var child: Widget? { adw_toast_overlay_get_child(ptr(self)).map { Widget(unchecked: UnsafeMutableRawPointer($0)) } }
    public func setChild(_ child: Widget?) { adw_toast_overlay_set_child(ptr(self), child.map { ptr($0) }) }

    /// Shows `toast`; the overlay takes it over.
    public func add(_ toast: Toast) { adw_toast_overlay_add_toast(ptr(self), ptr(toast)) }
}

/// AdwToast: a short message at the bottom of the window, with an optional button (Undo).
public struct Toast: ObjectHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_toast_get_type() }

    /// A new toast, to be handed to `ToastOverlay.add`, which owns it from then on.
    @MainActor public init(_ title: String) { pointer = UnsafeMutableRawPointer(adw_toast_new(title)!) }
}

@MainActor
extension Toast {
    public func setButtonLabel(_ label: String) { adw_toast_set_button_label(ptr(self), label) }
    public func setTimeout(seconds: Int) { adw_toast_set_timeout(ptr(self), guint(seconds)) }
    /// Shown at once, ahead of any toast already showing.
    public func setHighPriority() { adw_toast_set_priority(ptr(self), ADW_TOAST_PRIORITY_HIGH) }

    @discardableResult
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "button-clicked", handler)
    }
}

/// AdwStatusPage.
public struct StatusPage: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_status_page_get_type() }
}

@MainActor
extension StatusPage {
    public func setTitle(_ title: String) { adw_status_page_set_title(ptr(self), title) }
    public func setDescription(_ text: String?) { adw_status_page_set_description(ptr(self), text) }
    public func setIconName(_ name: String) { adw_status_page_set_icon_name(ptr(self), name) }
}

/// AdwActionRow and AdwComboRow, its subclass.
public protocol ActionRowHandle: ListBoxRowHandle {}

public struct ActionRow: ActionRowHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_action_row_get_type() }

    /// A new row (floating) whose title and subtitle are plain text, not Pango markup: a row
    /// made in code shows anyone's words (a calendar event's title), where "<" is a letter.
    @MainActor public init(title: String) {
        pointer = UnsafeMutableRawPointer(adw_action_row_new()!)
        adw_preferences_row_set_use_markup(ptr(self), 0)
        adw_preferences_row_set_title(ptr(self), title)
    }
}

@MainActor
extension ActionRowHandle {
    public func setSubtitle(_ text: String) { adw_action_row_set_subtitle(ptr(self), text) }
    /// How many lines the subtitle may take before it is ellipsized; 0 for all it needs.
    public func setSubtitleLines(_ lines: Int) { adw_action_row_set_subtitle_lines(ptr(self), Int32(lines)) }
}

/// AdwComboRow: a choice from a list of strings.
public struct ComboRow: ActionRowHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_combo_row_get_type() }
}

@MainActor
extension ComboRow {
    /// The choices, in order.
    public func setStrings(_ strings: [String]) {
        let list = gtk_string_list_new(nil)!
        for string in strings { gtk_string_list_append(list, string) }
        adw_combo_row_set_model(ptr(self), list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    public var selected: Int { Int(adw_combo_row_get_selected(ptr(self))) }
    public func setSelected(_ index: Int) { adw_combo_row_set_selected(ptr(self), guint(index)) }

    @discardableResult
    public func onSelectedChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "notify::selected", handler)
    }
}

/// AdwEntryRow: a row that is a text field (the alarm's title).
public struct EntryRow: ListBoxRowHandle, EditableHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_entry_row_get_type() }
}

@MainActor
extension EntryRow {
    /// Enter in the row presses the window's default button.
    public func setActivatesDefault(_ on: Bool) { adw_entry_row_set_activates_default(ptr(self), on ? 1 : 0) }
}

/// AdwWindowTitle.
public struct WindowTitle: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_window_title_get_type() }
}

@MainActor
extension WindowTitle {
    public func setTitle(_ title: String) { adw_window_title_set_title(ptr(self), title) }
}

/// AdwViewStack: the window's pages, with their view switcher.
public struct ViewStack: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { adw_view_stack_get_type() }
}

@MainActor
extension ViewStack {
    public var visibleChildName: String? { adw_view_stack_get_visible_child_name(ptr(self)).map { String(cString: $0) } }
    public func setVisibleChildName(_ name: String) { adw_view_stack_set_visible_child_name(ptr(self), name) }

    @discardableResult
    public func onVisibleChildChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "notify::visible-child-name", handler)
    }
}
