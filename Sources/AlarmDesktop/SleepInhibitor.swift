import CLibNotify
import Glibc
import Logging

/// Holds one logind inhibitor (org.freedesktop.login1 `Inhibit` on the system bus) while it
/// is wanted. Two kinds: the `sleep:idle` block lock, so an idle timeout or a suspend daemon
/// does not put the machine back to sleep mid-ring or just before an alarm; and the `sleep`
/// delay lock, which makes logind wait (at most `InhibitDelayMaxSec`, 5 s) after announcing a
/// suspend (`PrepareForSleep(true)`) until alarmd has taken the block lock, so that it is
/// already held when the machine resumes (`SleepLockPlan`). Releasing is closing the
/// descriptor logind handed us. Without logind (no system bus, another init) it logs once
/// and does nothing. Runs on `DesktopSession`'s queue.
final class SleepInhibitor {
    enum Mode: String { case block, delay }

    private let logger: Logger
    private let mode: Mode
    private var fd: Int32?
    private var reportedMissing = false

    init(logger: Logger, mode: Mode = .block) {
        self.logger = logger
        self.mode = mode
    }

    var isHeld: Bool { fd != nil }

    func hold(why: String) {
        guard fd == nil else { return }
        var failure = ""
        guard let bus = DBusLink(G_BUS_TYPE_SYSTEM, failure: &failure) else {
            // Said once, by the block lock: the delay lock needs the same bus.
            if mode == .block { reportOnce("no system bus; the machine may suspend mid-ring (\(failure))") }
            return
        }
        do {
            let (reply, handed) = try bus.call(
                "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "Inhibit",
                [mode == .block ? "sleep:idle" : "sleep", "OpenAlarmKit", why, mode.rawValue].map(DBusLink.string),
                replyType: "(h)", wantsFD: true)
            g_variant_unref(reply)
            guard let handed, handed >= 0 else { throw DBusLink.CallError(description: "logind returned no descriptor") }
            fd = handed
            if mode == .block { logger.info("holding a sleep inhibitor", metadata: ["why": "\(why)"]) }
        } catch {
            let text = "\(error)"
            if mode == .delay {
                reportOnce(Self.refusedByPolicy(text) ? Self.delayRefusedSentence : "cannot take logind's sleep delay lock: \(text)")
            } else {
                reportOnce(Self.refusedByPolicy(text) ? Self.refusedSentence : "cannot inhibit sleep: \(text)")
            }
        }
    }

    func release() {
        guard let fd else { return }
        close(fd)
        self.fd = nil
        if mode == .block { logger.info("released the sleep inhibitor") }
    }

    /// logind asks polkit, whose defaults allow `inhibit-block-sleep` to processes of a
    /// logged-in user (`allow_active`/`allow_inactive`), including a user service while that
    /// user has a session, and refuse it otherwise (`allow_any` no): a lingering alarmd with
    /// nobody logged in, or a system without polkitd, where logind refuses unprivileged callers.
    static func refusedByPolicy(_ error: String) -> Bool {
        error.contains("AccessDenied") || error.contains("InteractiveAuthorizationRequired")
    }

    static let refusedSentence = "logind refused the sleep inhibitor (polkit allows it only while this user is logged in, "
        + "or polkitd is missing): an idle timeout may suspend the machine mid-ring; log in, install polkitd, "
        + "or allow org.freedesktop.login1.inhibit-block-sleep for this user with a polkit rule (docs/VM.md)"

    /// polkit's default allows `inhibit-delay-sleep` to any process, so this is rare: a
    /// local rule, or no polkitd (logind then refuses unprivileged callers).
    static let delayRefusedSentence = "logind refused a delay lock on sleep (org.freedesktop.login1.inhibit-delay-sleep): "
        + "alarmd cannot take its block lock as the machine suspends, so a suspend requested right after an alarm's "
        + "wake-up may put the machine back to sleep before it rings"

    private func reportOnce(_ message: String) {
        guard !reportedMissing else { return }
        reportedMissing = true
        logger.info("\(message)")
    }
}
