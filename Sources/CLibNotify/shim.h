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
