import CGtk

/// The handful of widget calls the app makes everywhere, typed so the call sites read as what
/// they do rather than as casts.
@MainActor
public enum Widget {
    public static func setText(_ label: GObjectPointer, _ text: String) {
        gtk_label_set_text(ptr(label), text)
    }

    public static func setVisible(_ widget: GObjectPointer, _ visible: Bool) {
        gtk_widget_set_visible(ptr(widget), visible ? 1 : 0)
    }

    public static func setSensitive(_ widget: GObjectPointer, _ sensitive: Bool) {
        gtk_widget_set_sensitive(ptr(widget), sensitive ? 1 : 0)
    }

    /// The name a screen reader says (and AT-SPI tests find): "Wake up, on".
    public static func setAccessibleLabel(_ widget: GObjectPointer, _ label: String) {
        oak_accessible_set_label(ptr(widget), label)
    }

    public static func setAccessibleDescription(_ widget: GObjectPointer, _ text: String) {
        oak_accessible_set_description(ptr(widget), text)
    }

    public static func setTooltip(_ widget: GObjectPointer, _ text: String) {
        gtk_widget_set_tooltip_text(ptr(widget), text)
    }

    public static func setCSSClass(_ widget: GObjectPointer, _ name: String, _ on: Bool) {
        if on {
            gtk_widget_add_css_class(ptr(widget), name)
        } else {
            gtk_widget_remove_css_class(ptr(widget), name)
        }
    }

    /// A GtkEditable's text (GtkEntry, AdwEntryRow, GtkSpinButton).
    public static func text(_ editable: GObjectPointer) -> String {
        String(cString: gtk_editable_get_text(ptr(editable)))
    }

    public static func setEditableText(_ editable: GObjectPointer, _ text: String) {
        gtk_editable_set_text(ptr(editable), text)
    }

    public static func isActive(_ toggle: GObjectPointer) -> Bool {
        gtk_toggle_button_get_active(ptr(toggle)) != 0
    }

    public static func setActive(_ toggle: GObjectPointer, _ active: Bool) {
        gtk_toggle_button_set_active(ptr(toggle), active ? 1 : 0)
    }

    public static func spinValue(_ spin: GObjectPointer) -> Int {
        Int(gtk_spin_button_get_value_as_int(ptr(spin)))
    }

    public static func setSpinValue(_ spin: GObjectPointer, _ value: Int) {
        gtk_spin_button_set_value(ptr(spin), Double(value))
    }
}
