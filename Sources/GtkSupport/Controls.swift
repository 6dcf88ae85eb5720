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
    /// Closes its popover (a day picked in the calendar it holds).
    public func popdown() { gtk_menu_button_popdown(ptr(self)) }
}

/// GtkCalendar: a month to pick a day from (the date of a one-off alarm). Named so beside
/// Foundation's `Calendar`, which the app's files see too.
public struct CalendarWidget: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_calendar_get_type() }
}

@MainActor
extension CalendarWidget {
    /// The day shown selected, as the calendar counts it (month 1-12). GTK keeps it as a
    /// GDateTime in the local zone; only its date is read.
    public var selectedDay: (year: Int, month: Int, day: Int) {
        guard let date = gtk_calendar_get_date(ptr(self)) else { return (1970, 1, 1) }
        defer { g_date_time_unref(date) }
        return (Int(g_date_time_get_year(date)), Int(g_date_time_get_month(date)), Int(g_date_time_get_day_of_month(date)))
    }

    /// Shows `month` (1-12) of `year` with `day` selected; does nothing for a day that does not
    /// exist. Selecting emits `day-selected` when the day of the month changes (GTK's rule, for
    /// a person's click too).
    public func select(year: Int, month: Int, day: Int) {
        // Noon, so that no zone's offset moves the date GTK reads back.
        guard let date = g_date_time_new_local(Int32(year), Int32(month), Int32(day), 12, 0, 0) else { return }
        defer { g_date_time_unref(date) }
        gtk_calendar_select_day(ptr(self), date)
    }

    /// `day-selected`: a day was picked (or `select` chose one).
    @discardableResult
    public func onDaySelected(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "day-selected", handler)
    }
}
