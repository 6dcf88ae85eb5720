/* The GLib family is loaded on first use. Linked normally, libnotify brings libnotify, GIO,
   GObject, GLib, gdk-pixbuf, libffi, PCRE2, libmount, libselinux, libblkid, libpng and libjpeg
   into every start of the multi-call binary: mapping, relocating and running their
   constructors cost about 1.1 ms of CPU per exec (measured with a C hello-world linked
   against them), and `alarmctl sound play` or `list` never call them. Each function the
   package calls is defined here instead (hidden, so libraries never bind to these) and
   forwards to the real one, looked up in libnotify.so.4 (and its dependencies) on first call.

   The declarations come from the real headers, so a definition here whose type differs from
   the library's is a compile error. A function missing from this list is a link error.
   Variadic functions forward through their va_list variants. */
#include <stdarg.h>
#include <libnotify/notify.h>
#include <glib-unix.h>
#include <gio/gunixfdlist.h>
#include "OnDemandLoader.h"
#include "OnDemandLibraries.h"

OAK_ON_DEMAND_LIBRARY(OAK_LIBNOTIFY_SONAME, "libnotify4")

/* libnotify */
OAK_FORWARD(GList *, notify_get_server_caps, (void), ())
OAK_FORWARD(gboolean, notify_get_server_info, (char **name, char **vendor, char **version, char **spec), (name, vendor, version, spec))
OAK_FORWARD(gboolean, notify_init, (const char *app_name), (app_name))
OAK_FORWARD(gboolean, notify_is_initted, (void), ())
OAK_FORWARD_VOID(notify_notification_add_action,
    (NotifyNotification *n, const char *action, const char *label, NotifyActionCallback callback, gpointer data, GFreeFunc free_func),
    (n, action, label, callback, data, free_func))
OAK_FORWARD_VOID(notify_notification_clear_actions, (NotifyNotification *n), (n))
OAK_FORWARD_VOID(notify_notification_clear_hints, (NotifyNotification *n), (n))
OAK_FORWARD(gboolean, notify_notification_close, (NotifyNotification *n, GError **error), (n, error))
OAK_FORWARD(gint, notify_notification_get_closed_reason, (const NotifyNotification *n), (n))
OAK_FORWARD(GType, notify_notification_get_type, (void), ())
OAK_FORWARD(NotifyNotification *, notify_notification_new, (const char *summary, const char *body, const char *icon), (summary, body, icon))
OAK_FORWARD_VOID(notify_notification_set_app_name, (NotifyNotification *n, const char *app_name), (n, app_name))
OAK_FORWARD_VOID(notify_notification_set_category, (NotifyNotification *n, const char *category), (n, category))
OAK_FORWARD_VOID(notify_notification_set_hint, (NotifyNotification *n, const char *key, GVariant *value), (n, key, value))
OAK_FORWARD_VOID(notify_notification_set_hint_byte, (NotifyNotification *n, const char *key, guchar value), (n, key, value))
OAK_FORWARD_VOID(notify_notification_set_hint_double, (NotifyNotification *n, const char *key, gdouble value), (n, key, value))
OAK_FORWARD_VOID(notify_notification_set_hint_int32, (NotifyNotification *n, const char *key, gint value), (n, key, value))
OAK_FORWARD_VOID(notify_notification_set_hint_string, (NotifyNotification *n, const char *key, const char *value), (n, key, value))
OAK_FORWARD_VOID(notify_notification_set_timeout, (NotifyNotification *n, gint timeout), (n, timeout))
OAK_FORWARD_VOID(notify_notification_set_urgency, (NotifyNotification *n, NotifyUrgency urgency), (n, urgency))
OAK_FORWARD(gboolean, notify_notification_show, (NotifyNotification *n, GError **error), (n, error))
OAK_FORWARD(gboolean, notify_notification_update, (NotifyNotification *n, const char *summary, const char *body, const char *icon),
    (n, summary, body, icon))

/* GObject */
OAK_FORWARD_VOID(g_object_unref, (gpointer object), (object))
OAK_FORWARD(gulong, g_signal_connect_data,
    (gpointer instance, const gchar *signal, GCallback handler, gpointer data, GClosureNotify destroy, GConnectFlags flags),
    (instance, signal, handler, data, destroy, flags))

__attribute__((visibility("hidden"))) gpointer g_object_new(GType type, const gchar *first_property, ...) {
    OAK_RESOLVED(g_object_new_valist)
    va_list properties;
    va_start(properties, first_property);
    GObject *object = target(type, first_property, properties);
    va_end(properties);
    return object;
}

__attribute__((visibility("hidden"))) void g_object_set(gpointer object, const gchar *first_property, ...) {
    OAK_RESOLVED(g_object_set_valist)
    va_list properties;
    va_start(properties, first_property);
    target(object, first_property, properties);
    va_end(properties);
}

__attribute__((visibility("hidden"))) void g_object_get(gpointer object, const gchar *first_property, ...) {
    OAK_RESOLVED(g_object_get_valist)
    va_list properties;
    va_start(properties, first_property);
    target(object, first_property, properties);
    va_end(properties);
}

/* GLib */
OAK_FORWARD(guint64, g_ascii_strtoull, (const gchar *text, gchar **end, guint base), (text, end, base))
OAK_FORWARD(gboolean, g_error_matches, (const GError *error, GQuark domain, gint code), (error, domain, code))
OAK_FORWARD(gpointer, g_malloc0, (gsize size), (size))
OAK_FORWARD_VOID(g_clear_error, (GError **error), (error))
OAK_FORWARD_VOID(g_error_free, (GError *error), (error))
OAK_FORWARD_VOID(g_free, (gpointer memory), (memory))
OAK_FORWARD(guint, g_idle_add_full, (gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify),
    (priority, function, data, notify))
OAK_FORWARD_VOID(g_list_free_full, (GList *list, GDestroyNotify free_func), (list, free_func))
OAK_FORWARD(GMainContext *, g_main_context_default, (void), ())
OAK_FORWARD(gboolean, g_main_context_is_owner, (GMainContext *context), (context))
OAK_FORWARD(GMainLoop *, g_main_loop_new, (GMainContext *context, gboolean is_running), (context, is_running))
OAK_FORWARD_VOID(g_main_loop_run, (GMainLoop *loop), (loop))
OAK_FORWARD(gboolean, g_source_remove, (guint tag), (tag))
OAK_FORWARD(gchar *, g_strcompress, (const gchar *source), (source))
OAK_FORWARD(gdouble, g_strtod, (const gchar *text, gchar **end), (text, end))
OAK_FORWARD(guint, g_timeout_add_full, (gint priority, guint interval, GSourceFunc function, gpointer data, GDestroyNotify notify),
    (priority, interval, function, data, notify))
OAK_FORWARD(guint, g_unix_signal_add_full, (gint priority, gint signum, GSourceFunc handler, gpointer data, GDestroyNotify notify),
    (priority, signum, handler, data, notify))
OAK_FORWARD(gboolean, g_utf8_validate, (const gchar *text, gssize length, const gchar **end), (text, length, end))
OAK_FORWARD(gboolean, g_variant_get_boolean, (GVariant *value), (value))
OAK_FORWARD(GVariant *, g_variant_get_child_value, (GVariant *value, gsize index), (value, index))
OAK_FORWARD(const gchar *, g_variant_get_string, (GVariant *value, gsize *length), (value, length))
OAK_FORWARD(guint32, g_variant_get_uint32, (GVariant *value), (value))
OAK_FORWARD(GVariant *, g_variant_get_variant, (GVariant *value), (value))
OAK_FORWARD(gboolean, g_variant_is_of_type, (GVariant *value, const GVariantType *type), (value, type))
OAK_FORWARD(gsize, g_variant_n_children, (GVariant *value), (value))
OAK_FORWARD(GVariant *, g_variant_new_boolean, (gboolean value), (value))
OAK_FORWARD(GVariant *, g_variant_new_string, (const gchar *text), (text))
OAK_FORWARD(GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize count), (children, count))
OAK_FORWARD(GVariant *, g_variant_parse, (const GVariantType *type, const gchar *text, const gchar *limit, const gchar **end, GError **error),
    (type, text, limit, end, error))
OAK_FORWARD(const GVariantType *, g_variant_type_checked_, (const gchar *text), (text))
OAK_FORWARD_VOID(g_variant_type_free, (GVariantType *type), (type))
OAK_FORWARD(GVariantType *, g_variant_type_new, (const gchar *text), (text))
OAK_FORWARD_VOID(g_variant_unref, (GVariant *value), (value))

/* GIO */
OAK_FORWARD(GDBusConnection *, g_bus_get_sync, (GBusType type, GCancellable *cancellable, GError **error), (type, cancellable, error))
OAK_FORWARD_VOID(g_bus_unwatch_name, (guint watcher), (watcher))
OAK_FORWARD(guint, g_bus_watch_name,
    (GBusType type, const gchar *name, GBusNameWatcherFlags flags, GBusNameAppearedCallback appeared,
     GBusNameVanishedCallback vanished, gpointer data, GDestroyNotify free_func),
    (type, name, flags, appeared, vanished, data, free_func))
OAK_FORWARD(gchar *, g_dbus_address_get_for_bus_sync, (GBusType type, GCancellable *cancellable, GError **error), (type, cancellable, error))
OAK_FORWARD(GVariant *, g_dbus_connection_call_sync,
    (GDBusConnection *connection, const gchar *bus_name, const gchar *path, const gchar *interface, const gchar *method,
     GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags, gint timeout, GCancellable *cancellable, GError **error),
    (connection, bus_name, path, interface, method, parameters, reply_type, flags, timeout, cancellable, error))
OAK_FORWARD(GVariant *, g_dbus_connection_call_with_unix_fd_list_sync,
    (GDBusConnection *connection, const gchar *bus_name, const gchar *path, const gchar *interface, const gchar *method,
     GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags, gint timeout, GUnixFDList *fd_list,
     GUnixFDList **out_fd_list, GCancellable *cancellable, GError **error),
    (connection, bus_name, path, interface, method, parameters, reply_type, flags, timeout, fd_list, out_fd_list, cancellable, error))
OAK_FORWARD(gboolean, g_dbus_connection_close_sync, (GDBusConnection *connection, GCancellable *cancellable, GError **error),
    (connection, cancellable, error))
OAK_FORWARD(GDBusConnection *, g_dbus_connection_new_for_address_sync,
    (const gchar *address, GDBusConnectionFlags flags, GDBusAuthObserver *observer, GCancellable *cancellable, GError **error),
    (address, flags, observer, cancellable, error))
OAK_FORWARD_VOID(g_dbus_connection_set_exit_on_close, (GDBusConnection *connection, gboolean exit_on_close), (connection, exit_on_close))
OAK_FORWARD(guint32, g_dbus_connection_get_last_serial, (GDBusConnection *connection), (connection))
OAK_FORWARD(guint, g_dbus_connection_add_filter,
    (GDBusConnection *connection, GDBusMessageFilterFunction filter, gpointer data, GDestroyNotify free_func),
    (connection, filter, data, free_func))
OAK_FORWARD_VOID(g_dbus_connection_remove_filter, (GDBusConnection *connection, guint filter), (connection, filter))
OAK_FORWARD(GDBusMessageType, g_dbus_message_get_message_type, (GDBusMessage *message), (message))
OAK_FORWARD(guint32, g_dbus_message_get_reply_serial, (GDBusMessage *message), (message))
OAK_FORWARD(GVariant *, g_dbus_message_get_body, (GDBusMessage *message), (message))
OAK_FORWARD(const gchar *, g_dbus_message_get_interface, (GDBusMessage *message), (message))
OAK_FORWARD(const gchar *, g_dbus_message_get_member, (GDBusMessage *message), (message))
OAK_FORWARD(GQuark, g_io_error_quark, (void), ())
OAK_FORWARD(gint, g_unix_fd_list_get, (GUnixFDList *list, gint index, GError **error), (list, index, error))
OAK_FORWARD(gint, g_unix_fd_list_get_length, (GUnixFDList *list), (list))
