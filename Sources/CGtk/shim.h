// GTK 4 and libadwaita for the "Alarms" app (GtkSupport and openalarmkit-alarms only; alarmd and
// alarmctl never import this). The helpers below stand in for what Swift cannot import: a
// varargs call and the macros the binding layer needs.
#include <adwaita.h>

/// gtk_accessible_update_property() is varargs: the one property the app sets, the label.
static inline void oak_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// gtk_accessible_update_property(DESCRIPTION): what a screen reader says after the name.
static inline void oak_accessible_set_description(GtkAccessible *accessible, const char *text) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// G_VALUE_HOLDS_BOOLEAN and friends are macros over fundamental type ids.
static inline gboolean oak_value_holds_boolean(const GValue *value) { return G_VALUE_HOLDS_BOOLEAN(value); }
static inline gboolean oak_value_holds_object(const GValue *value) { return G_VALUE_HOLDS_OBJECT(value); }
static inline gboolean oak_value_holds_int(const GValue *value) { return G_VALUE_HOLDS_INT(value); }
static inline gboolean oak_value_holds_double(const GValue *value) { return G_VALUE_HOLDS_DOUBLE(value); }
static inline gboolean oak_value_holds_uint(const GValue *value) { return G_VALUE_HOLDS_UINT(value); }
static inline gboolean oak_value_holds_string(const GValue *value) { return G_VALUE_HOLDS_STRING(value); }
static inline gboolean oak_value_holds_variant(const GValue *value) { return G_VALUE_HOLDS_VARIANT(value); }

/// G_TYPE_OBJECT and G_VARIANT_TYPE_STRING are macros.
static inline GType oak_object_type(void) { return G_TYPE_OBJECT; }
static inline const GVariantType *oak_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
