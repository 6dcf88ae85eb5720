#ifndef OPENALARMKIT_CLIBNOTIFY_H
#define OPENALARMKIT_CLIBNOTIFY_H
#include <libnotify/notify.h>
#include <glib-unix.h>
#include <signal.h>
#include <unistd.h>

/* Swift cannot call the g_signal_connect macro nor cast through G_CALLBACK, so each signal
   AlarmNotify listens to gets a typed helper. The destroy notify runs when the handler is
   disconnected or the notification is finalized: that is where the Swift context is released. */
typedef void (*oak_closed_callback)(NotifyNotification *notification, gpointer user_data);

static inline gulong oak_notification_connect_closed(NotifyNotification *notification,
                                                     oak_closed_callback callback,
                                                     gpointer user_data,
                                                     GClosureNotify destroy) {
    return g_signal_connect_data(notification, "closed", G_CALLBACK(callback), user_data,
                                 destroy, (GConnectFlags)0);
}

/* The D-Bus error name of a GError from GDBus (NULL when it carries none), for messages. */
static inline gchar *oak_dbus_error_name(const GError *error) {
    return g_dbus_error_get_remote_error(error);
}
/* notify-send creates its notification with g_object_new and an "id" property (for
   --replace-id); g_object_new and g_object_get are variadic, so they are wrapped here. */
static inline NotifyNotification *oak_notification_new_with_id(const char *summary, const char *body,
                                                               const char *icon, gint id) {
    return (NotifyNotification *)g_object_new(NOTIFY_TYPE_NOTIFICATION, "summary", summary, "body", body,
                                              "icon-name", icon, "id", id, NULL);
}

/* A popup whose Notify call timed out, and whose id came in the late reply (see below),
   takes that id, so it can be replaced, closed and answered like any other. */
static inline void oak_notification_set_id(NotifyNotification *notification, gint id) {
    g_object_set(notification, "id", id, NULL);
}

/* Whether a failed call timed out (the server may still carry it out) rather than failed. */
static inline gboolean oak_error_is_timeout(const GError *error) {
    return error != NULL && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}

/* The serial of the last message this thread sent on the session bus: right after a Notify
   that timed out, the serial its late reply will name. */
static inline guint32 oak_session_bus_last_serial(void) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return 0;
    guint32 serial = g_dbus_connection_get_last_serial(bus);
    g_object_unref(bus);
    return serial;
}

/* Late replies: a server that stalled past the call's timeout still carries out the Notify
   and answers it, after GDBus has dropped the call. The filter sees every incoming message
   (on GDBus's worker thread) and hands each method return whose body is one uint32 (a
   Notify reply: the popup's id) to `callback` with the serial it answers. */
typedef void (*oak_late_reply_callback)(guint32 reply_serial, guint32 id, gpointer user_data);

typedef struct {
    oak_late_reply_callback callback;
    gpointer user_data;
    GDestroyNotify user_data_free;
} oak_late_reply_filter_data;

static GDBusMessage *oak_late_reply_filter(GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data) {
    (void)connection;
    if (incoming && g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_METHOD_RETURN) {
        GVariant *body = g_dbus_message_get_body(message);
        if (body != NULL && g_variant_is_of_type(body, G_VARIANT_TYPE("(u)"))) {
            GVariant *id = g_variant_get_child_value(body, 0);
            oak_late_reply_filter_data *filter = (oak_late_reply_filter_data *)data;
            filter->callback(g_dbus_message_get_reply_serial(message), g_variant_get_uint32(id), filter->user_data);
            g_variant_unref(id);
        }
    }
    return message;
}

static void oak_late_reply_filter_free(gpointer data) {
    oak_late_reply_filter_data *filter = (oak_late_reply_filter_data *)data;
    filter->user_data_free(filter->user_data);
    g_free(filter);
}

/* Installs the filter on the session bus libnotify uses; 0 when there is no bus (then
   `user_data_free` has already been called). */
static inline guint oak_watch_late_replies(oak_late_reply_callback callback, gpointer user_data, GDestroyNotify user_data_free) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) {
        user_data_free(user_data);
        return 0;
    }
    oak_late_reply_filter_data *data = (oak_late_reply_filter_data *)g_malloc0(sizeof(oak_late_reply_filter_data));
    data->callback = callback;
    data->user_data = user_data;
    data->user_data_free = user_data_free;
    guint filter = g_dbus_connection_add_filter(bus, oak_late_reply_filter, data, oak_late_reply_filter_free);
    g_object_unref(bus);
    return filter;
}

static inline void oak_unwatch_late_replies(guint filter) {
    if (filter == 0) return;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return;
    g_dbus_connection_remove_filter(bus, filter);
    g_object_unref(bus);
}

static inline gint oak_notification_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id;
}

/* When the session bus goes away, GLib's exit-on-close raises SIGTERM in the thread that saw
   it; a Swift program runs GLib on a thread that blocks SIGTERM, so the signal would stay
   pending and a waiting `alarmctl notify` would outlive the session. This sends it to the
   process instead, so it ends as notify-send does (killed by SIGTERM). */
static void oak_terminate_process(GDBusConnection *connection, gboolean remote, GError *error, gpointer data) {
    (void)connection; (void)remote; (void)error; (void)data;
    kill(getpid(), SIGTERM);
}

static inline void oak_session_bus_close_terminates_process(void) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return;
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    g_signal_connect(bus, "closed", G_CALLBACK(oak_terminate_process), NULL);
    g_object_unref(bus);
}
#endif
