import CGtk

/// GtkWidget and every subclass: what any widget does.
public protocol WidgetHandle: ObjectHandle {}

/// Any widget.
public struct Widget: WidgetHandle, @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public init(unchecked pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    public static var gType: GType { gtk_widget_get_type() }
}

@MainActor
extension WidgetHandle {
    /// The upcast every widget allows.
    public var widget: Widget { Widget(unchecked: pointer) }

    public var isVisible: Bool { gtk_widget_get_visible(ptr(self)) != 0 }
    public func setVisible(_ visible: Bool) { gtk_widget_set_visible(ptr(self), visible ? 1 : 0) }

    public var isSensitive: Bool { gtk_widget_get_sensitive(ptr(self)) != 0 }
    public func setSensitive(_ sensitive: Bool) { gtk_widget_set_sensitive(ptr(self), sensitive ? 1 : 0) }

    /// On screen now (its window shown and every parent visible).
    public var isMapped: Bool { gtk_widget_get_mapped(ptr(self)) != 0 }

    public var parent: Widget? { gtk_widget_get_parent(ptr(self)).map { Widget(unchecked: UnsafeMutableRawPointer($0)) } }

    /// Moves the keyboard focus here; false when the widget cannot take it.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(ptr(self)) != 0 }

    /// Whether this widget, or one inside it (a spin button's text), has the keyboard focus.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(ptr(self)), let focus = gtk_root_get_focus(root) else { return false }
        return focus == ptr(self) || gtk_widget_is_ancestor(focus, ptr(self)) != 0
    }

    /// The name a screen reader says (and AT-SPI tests find): "Wake up, on".
    public func setAccessibleLabel(_ label: String) { oak_accessible_set_label(ptr(self), label) }

    /// What a screen reader says after the name.
    public func setAccessibleDescription(_ text: String) { oak_accessible_set_description(ptr(self), text) }

    public func setTooltip(_ text: String?) { gtk_widget_set_tooltip_text(ptr(self), text) }

    public func setCSSClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(ptr(self), name) } else { gtk_widget_remove_css_class(ptr(self), name) }
    }

    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(ptr(self), name) != 0 }

    /// The smallest width the widget can take (its minimum in GTK's measure).
    public var minimumWidth: Int {
        var minimum: Int32 = 0
        gtk_widget_measure(ptr(self), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return Int(minimum)
    }

    /// `map`: the widget came on screen (a page shown, a window presented).
    @discardableResult
    public func onMap(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signal.connect(self, "map", handler)
    }

    /// Runs the widget's action (`gtk_widget_activate_action`), e.g. "win.new".
    @discardableResult
    public func activateAction(_ name: String) -> Bool { gtk_widget_activate_action_variant(ptr(self), name, nil) != 0 }
}
