import CGtk

/// GtkLabel.
public struct Label: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_label_get_type() }

    /// A new label (floating).
    @MainActor public init(_ text: String) { pointer = UnsafeMutableRawPointer(gtk_label_new(text)!) }
}

@MainActor
extension Label {
    public var text: String { String(cString: gtk_label_get_text(ptr(self))) }
    public func setText(_ text: String) { gtk_label_set_text(ptr(self), text) }
}

/// GtkButton and its subclasses (GtkToggleButton).
public protocol ButtonHandle: WidgetHandle {}

public struct Button: ButtonHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_button_get_type() }

    /// A new button with a text label (floating: its parent will own it).
    @MainActor public init(label: String) { pointer = UnsafeMutableRawPointer(gtk_button_new_with_label(label)!) }
}

@MainActor
extension ButtonHandle {
    public func setLabel(_ label: String) { gtk_button_set_label(ptr(self), label) }
    public func setIconName(_ name: String) { gtk_button_set_icon_name(ptr(self), name) }

    /// The action a press runs ("win.new"): GtkActionable.
    public func setActionName(_ name: String?) { gtk_actionable_set_action_name(ptr(self), name) }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "clicked", handler)
    }
}

/// GtkToggleButton (a weekday in the dialog).
public struct ToggleButton: ButtonHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_toggle_button_get_type() }
}

@MainActor
extension ToggleButton {
    public var isActive: Bool { gtk_toggle_button_get_active(ptr(self)) != 0 }
    public func setActive(_ active: Bool) { gtk_toggle_button_set_active(ptr(self), active ? 1 : 0) }

    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "toggled", handler)
    }
}

/// GtkSwitch.
public struct Switch: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_switch_get_type() }
}

@MainActor
extension Switch {
    public var isActive: Bool { gtk_switch_get_active(ptr(self)) != 0 }
    public func setActive(_ active: Bool) { gtk_switch_set_active(ptr(self), active ? 1 : 0) }

    /// After every change of `active`, by a person or by `setActive`.
    @discardableResult
    public func onActiveChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "notify::active", handler)
    }
}

/// GtkEditable: a widget whose text a person edits (GtkEntry, GtkSpinButton, AdwEntryRow).
public protocol EditableHandle: WidgetHandle {}

@MainActor
extension EditableHandle {
    public var text: String { String(cString: gtk_editable_get_text(ptr(self))) }
    public func setText(_ text: String) { gtk_editable_set_text(ptr(self), text) }
}

/// GtkSpinButton, for whole numbers.
public struct SpinButton: EditableHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_spin_button_get_type() }
}

@MainActor
extension SpinButton {
    public var value: Int { Int(gtk_spin_button_get_value_as_int(ptr(self))) }
    public func setValue(_ value: Int) { gtk_spin_button_set_value(ptr(self), Double(value)) }

    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "value-changed", handler)
    }

    /// Shows the value as two digits ("07"), as a clock does: the `output` signal, whose
    /// handler writes the text and returns true.
    public func showTwoDigits() {
        Signal.connect(self, "output") { [self] arguments in
            let value = value
            setText(value < 10 ? "0\(value)" : "\(value)")
            arguments.setReturn(true)
        }
    }
}

/// GtkMenuButton (the primary menu).
public struct MenuButton: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_menu_button_get_type() }
}

@MainActor
extension MenuButton {
    public func popup() { gtk_menu_button_popup(ptr(self)) }
}
