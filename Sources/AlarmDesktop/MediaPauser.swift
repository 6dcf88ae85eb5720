import CLibNotify
import Logging

/// Pauses media players (MPRIS, `org.mpris.MediaPlayer2.*` on the session bus) that are
/// playing when an alarm starts, and resumes exactly those when it ends (as KClock does): a
/// player the person paused themselves, or one that started later, is left alone.
/// Runs on `DesktopSession`'s queue.
final class MediaPauser {
    private static let prefix = "org.mpris.MediaPlayer2."
    private static let path = "/org/mpris/MediaPlayer2"
    private static let player = "org.mpris.MediaPlayer2.Player"

    private let logger: Logger
    private var paused: [String] = []

    init(logger: Logger) { self.logger = logger }

    func pausePlaying() {
        var failure = ""
        guard let bus = DBusLink(G_BUS_TYPE_SESSION, failure: &failure) else {
            logger.debug("no session bus; media players are not paused", metadata: ["error": "\(failure)"])
            return
        }
        for name in players(on: bus) where status(of: name, on: bus) == "Playing" {
            do {
                let (reply, _) = try bus.call(name, Self.path, Self.player, "Pause", replyType: "()")
                g_variant_unref(reply)
                paused.append(name)
                logger.info("paused a media player for the alarm", metadata: ["player": "\(name)"])
            } catch {
                logger.info("cannot pause a media player", metadata: ["player": "\(name)", "error": "\(error)"])
            }
        }
    }

    func resumePaused() {
        defer { paused = [] }
        guard !paused.isEmpty else { return }
        var failure = ""
        guard let bus = DBusLink(G_BUS_TYPE_SESSION, failure: &failure) else { return }
        // Only a player still paused: one the person started or stopped meanwhile is theirs.
        for name in paused where status(of: name, on: bus) == "Paused" {
            if let (reply, _) = try? bus.call(name, Self.path, Self.player, "Play", replyType: "()") {
                g_variant_unref(reply)
                logger.info("resumed a media player after the alarm", metadata: ["player": "\(name)"])
            }
        }
    }

    private func players(on bus: DBusLink) -> [String] {
        guard let (reply, _) = try? bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                             "ListNames", replyType: "(as)") else { return [] }
        defer { g_variant_unref(reply) }
        return DBusLink.strings(in: reply).filter { $0.hasPrefix(Self.prefix) }.sorted()
    }

    private func status(of name: String, on bus: DBusLink) -> String? {
        guard let (reply, _) = try? bus.call(name, Self.path, "org.freedesktop.DBus.Properties", "Get",
                                             [DBusLink.string(Self.player), DBusLink.string("PlaybackStatus")],
                                             replyType: "(v)") else { return nil }
        defer { g_variant_unref(reply) }
        return DBusLink.variantString(in: reply)
    }
}
