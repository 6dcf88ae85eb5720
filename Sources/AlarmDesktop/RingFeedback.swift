import CLibNotify
import Logging

/// Vibration and the LED while an alarm rings, through feedbackd (`org.sigxcpu.Feedback` on the
/// session bus: the haptics and LED daemon of Phosh phones), with its `alarm-clock-elapsed`
/// event: triggered when ringing starts, ended when it stops. Where feedbackd neither runs nor
/// can be activated (a desktop), the call fails, is logged at debug level, and nothing changes.
///
/// - The hint `profile: quiet` caps the event at vibration and LED: feedbackd's `full` profile
///   would also play its own alarm sound over ours.
/// - Timeout 0 repeats the feedback until `EndFeedback`; feedbackd ends it by itself when our
///   connection goes (it watches the caller), so the link is kept open while ringing and a
///   crashed alarmd leaves no phone vibrating.
/// Runs on `DesktopSession`'s queue.
final class RingFeedback {
    static let appID = "org.openalarmkit.Alarms"
    static let event = "alarm-clock-elapsed"

    private let logger: Logger
    private var link: DBusLink?
    private var id: UInt32?

    init(logger: Logger) { self.logger = logger }

    func start() {
        guard link == nil else { return }
        var failure = ""
        guard let bus = DBusLink(G_BUS_TYPE_SESSION, failure: &failure) else {
            logger.debug("no session bus; no vibration", metadata: ["error": "\(failure)"])
            return
        }
        let (hints, timeout) = (Self.value("{'profile': <'quiet'>}"), Self.value("int32 0"))
        defer { [hints, timeout].forEach { g_variant_unref($0) } }
        let arguments = [DBusLink.string(Self.appID), DBusLink.string(Self.event), hints, timeout]
        do {
            let (reply, _) = try bus.call(
                "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", "org.sigxcpu.Feedback", "TriggerFeedback",
                arguments, replyType: "(u)")
            let child = g_variant_get_child_value(reply, 0)
            let event = g_variant_get_uint32(child)
            g_variant_unref(child)
            g_variant_unref(reply)
            (link, id) = (bus, event)
            logger.info("feedbackd vibrates for the alarm", metadata: ["event": "\(event)"])
        } catch {
            logger.debug("no vibration: feedbackd did not answer", metadata: ["error": "\(error)"])
        }
    }

    func end() {
        guard let link, let id else { return }
        defer { (self.link, self.id) = (nil, nil) }
        let event = Self.value("uint32 \(id)")
        defer { g_variant_unref(event) }
        do {
            let (reply, _) = try link.call(
                "org.sigxcpu.Feedback", "/org/sigxcpu/Feedback", "org.sigxcpu.Feedback", "EndFeedback",
                [event], replyType: "()")
            g_variant_unref(reply)
            logger.info("feedbackd stopped vibrating", metadata: ["event": "\(id)"])
        } catch {
            // Closing the link below ends it too: feedbackd watches the caller.
            logger.debug("feedbackd did not take EndFeedback", metadata: ["error": "\(error)"])
        }
    }

    /// A value from GVariant's text form (`int32 0`), through the one GLib parser the
    /// on-demand loader forwards already rather than a constructor per type.
    private static func value(_ text: String) -> OpaquePointer { g_variant_parse(nil, text, nil, nil, nil)! }
}
