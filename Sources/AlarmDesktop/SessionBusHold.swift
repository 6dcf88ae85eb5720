import CLibNotify
import Logging

/// Something held on the session bus while an alarm rings: a call that hands back a handle
/// (`u`: feedbackd's event, gnome-session's cookie) and the call that gives it back, on a
/// connection kept open in between. Both services drop what a caller holds when its
/// connection goes, so a crashed alarmd leaves no phone vibrating and no session awake.
/// Where the service neither runs nor can be started, `take` fails, is logged at debug level,
/// and nothing changes. Runs on `DesktopSession`'s queue.
final class SessionBusHold {
    struct Service {
        var name: String
        var path: String
        /// The method that hands back the handle, and the one that takes it back.
        var take: String
        var give: String
        /// What is held, for the log ("vibration", "the session awake").
        var what: String
        /// `take`'s arguments, in GVariant's text form (`int32 0`).
        var arguments: [String]
    }

    private let service: Service
    private let logger: Logger
    private var link: DBusLink?
    private var handle: UInt32?

    init(_ service: Service, logger: Logger) {
        self.service = service
        self.logger = logger
    }

    /// Calls `take`, unless held.
    func take() {
        guard link == nil else { return }
        var failure = ""
        guard let bus = DBusLink(G_BUS_TYPE_SESSION, failure: &failure) else {
            logger.debug("no session bus: not held", metadata: ["what": "\(service.what)", "error": "\(failure)"])
            return
        }
        let values = service.arguments.map(Self.value)
        defer { values.forEach { g_variant_unref($0) } }
        do {
            let (reply, _) = try bus.call(service.name, service.path, service.name, service.take, values, replyType: "(u)")
            let child = g_variant_get_child_value(reply, 0)
            let granted = g_variant_get_uint32(child)
            g_variant_unref(child)
            g_variant_unref(reply)
            (link, handle) = (bus, granted)
            logger.info("held while the alarm rings", metadata: ["what": "\(service.what)", "handle": "\(granted)"])
        } catch {
            logger.debug("not held: \(service.name) did not answer", metadata: ["what": "\(service.what)", "error": "\(error)"])
        }
    }

    /// Calls `give` with the handle, and closes the link (which gives it back anyway).
    func give() {
        guard let link, let handle else { return }
        defer { (self.link, self.handle) = (nil, nil) }
        let argument = Self.value("uint32 \(handle)")
        defer { g_variant_unref(argument) }
        do {
            let (reply, _) = try link.call(service.name, service.path, service.name, service.give, [argument], replyType: "()")
            g_variant_unref(reply)
            logger.info("released", metadata: ["what": "\(service.what)", "handle": "\(handle)"])
        } catch {
            logger.debug("\(service.give) not taken; the closed link releases it", metadata: ["what": "\(service.what)", "error": "\(error)"])
        }
    }

    /// A value from GVariant's text form, through the one GLib parser the on-demand loader
    /// forwards already rather than a constructor per type.
    private static func value(_ text: String) -> OpaquePointer { g_variant_parse(nil, text, nil, nil, nil)! }
}

extension SessionBusHold {
    /// Vibration and the LED through feedbackd (`org.sigxcpu.Feedback`, the haptics daemon of
    /// Phosh phones): its `alarm-clock-elapsed` event for the Alarms app, repeated (timeout 0)
    /// until given back, capped at the `quiet` profile, since feedbackd's `full` profile would
    /// also play its own alarm sound over ours.
    static func vibration(logger: Logger) -> SessionBusHold {
        SessionBusHold(Service(
            name: "org.sigxcpu.Feedback", path: "/org/sigxcpu/Feedback", take: "TriggerFeedback", give: "EndFeedback", what: "vibration",
            arguments: ["'org.openalarmkit.Alarms'", "'alarm-clock-elapsed'", "{'profile': <'quiet'>}", "int32 0"]), logger: logger)
    }

    /// The desktop session kept from suspending or idling, through GNOME's session manager
    /// (`org.gnome.SessionManager.Inhibit`, flags suspend 4 and idle 8; Phosh's session is
    /// gnome-session too). logind's block lock does not cover this: logind lets a suspend
    /// through a lock when its own holder's user asks for it, and the power daemon that
    /// suspends an idle phone or laptop (gnome-settings-daemon) runs as that user; it heeds the
    /// session manager's inhibitors instead.
    static func sessionAwake(logger: Logger) -> SessionBusHold {
        SessionBusHold(Service(
            name: "org.gnome.SessionManager", path: "/org/gnome/SessionManager", take: "Inhibit", give: "Uninhibit", what: "the session awake",
            arguments: ["'org.openalarmkit.Alarms'", "uint32 0", "'An alarm is ringing'", "uint32 12"]), logger: logger)
    }
}
