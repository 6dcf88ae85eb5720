import CLibNotify
import Logging

/// Keeps the desktop session from suspending or idling while an alarm rings, through GNOME's
/// session manager (`org.gnome.SessionManager.Inhibit`, flags suspend and idle; Phosh's
/// session is gnome-session too). logind's block lock does not cover this: logind ignores a
/// lock when the suspend is asked for by the lock holder's own user, and the power daemon
/// that suspends an idle phone or laptop (gnome-settings-daemon) runs as that user; it asks
/// the session manager instead, which is what this inhibit answers. Held while ringing;
/// gnome-session drops it by itself if alarmd's connection goes, so the link is kept open.
/// Without a session manager (another desktop, a server) the call fails, is logged at debug
/// level, and nothing changes. Runs on `DesktopSession`'s queue.
final class SessionInhibit {
    /// GSM_INHIBITOR_FLAG_SUSPEND | GSM_INHIBITOR_FLAG_IDLE.
    static let flags: UInt32 = 4 | 8

    private let logger: Logger
    private var link: DBusLink?
    private var cookie: UInt32?

    init(logger: Logger) { self.logger = logger }

    func hold() {
        guard link == nil else { return }
        var failure = ""
        guard let bus = DBusLink(G_BUS_TYPE_SESSION, failure: &failure) else {
            logger.debug("no session bus; the session is not asked to stay awake", metadata: ["error": "\(failure)"])
            return
        }
        let (xid, flags) = (Self.value("uint32 0"), Self.value("uint32 \(Self.flags)"))
        defer { [xid, flags].forEach { g_variant_unref($0) } }
        do {
            let (reply, _) = try bus.call(
                "org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager", "Inhibit",
                [DBusLink.string("org.openalarmkit.Alarms"), xid, DBusLink.string("An alarm is ringing"), flags], replyType: "(u)")
            let child = g_variant_get_child_value(reply, 0)
            let granted = g_variant_get_uint32(child)
            g_variant_unref(child)
            g_variant_unref(reply)
            (link, cookie) = (bus, granted)
            logger.info("the desktop session stays awake while the alarm rings", metadata: ["cookie": "\(granted)"])
        } catch {
            logger.debug("no session manager to keep the session awake", metadata: ["error": "\(error)"])
        }
    }

    func release() {
        guard let link, let cookie else { return }
        defer { (self.link, self.cookie) = (nil, nil) }
        let argument = Self.value("uint32 \(cookie)")
        defer { g_variant_unref(argument) }
        do {
            let (reply, _) = try link.call(
                "org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager", "Uninhibit",
                [argument], replyType: "()")
            g_variant_unref(reply)
        } catch {
            // Closing the link below drops it too: gnome-session watches the caller.
            logger.debug("the session manager did not take Uninhibit", metadata: ["error": "\(error)"])
        }
    }

    /// A value from GVariant's text form, through the one GLib parser the on-demand loader
    /// forwards already (as `RingFeedback`).
    private static func value(_ text: String) -> OpaquePointer { g_variant_parse(nil, text, nil, nil, nil)! }
}
