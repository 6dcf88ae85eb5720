import CLibNotify
import Glibc
import Logging

/// Holds a logind `sleep:idle` block inhibitor (org.freedesktop.login1 `Inhibit` on the system
/// bus) while it is wanted, so an idle timeout or a suspend daemon does not put the machine
/// back to sleep mid-ring or just before an alarm. Releasing is closing the descriptor logind
/// handed us. Without logind (no system bus, another init) it logs once and does nothing.
/// Runs on `DesktopSession`'s queue.
///
/// logind refuses a new sleep inhibitor while a suspend is under way, from its announcement
/// (`PrepareForSleep(true)`) until the suspend's job has ended after resume
/// (`OperationInProgress`, "The operation inhibition has been requested for is already
/// running"; systemd issue 14045): `hold` says so (`.inProgress`), unlogged, and the caller
/// asks again.
final class SleepInhibitor {
    enum Outcome: Equatable { case held, inProgress, failed }

    private let logger: Logger
    private var fd: Int32?
    private var reportedMissing = false

    init(logger: Logger) { self.logger = logger }

    var isHeld: Bool { fd != nil }
    /// The last answer that was not "under way" refused the lock (polkit): asking again while a
    /// suspend is under way would only be refused again afterwards.
    private(set) var refusedByPolicy = false

    /// - Parameter link: a system bus connection to ask on (kept open by the caller, so asking
    ///   again and again right after a resume costs one round trip each); nil: a new one.
    @discardableResult
    func hold(why: String, on link: DBusLink? = nil) -> Outcome {
        guard fd == nil else { return .held }
        var failure = ""
        guard let bus = link ?? DBusLink(G_BUS_TYPE_SYSTEM, failure: &failure) else {
            reportOnce("no system bus; the machine may suspend mid-ring (\(failure))")
            return .failed
        }
        do {
            let (reply, handed) = try bus.call(
                "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "Inhibit",
                ["sleep:idle", "OpenAlarmKit", why, "block"].map(DBusLink.string), replyType: "(h)", wantsFD: true)
            g_variant_unref(reply)
            guard let handed, handed >= 0 else { throw DBusLink.CallError(description: "logind returned no descriptor") }
            fd = handed
            refusedByPolicy = false
            logger.info("holding a sleep inhibitor", metadata: ["why": "\(why)"])
            return .held
        } catch {
            let text = "\(error)"
            if text.contains("OperationInProgress") { return .inProgress }
            refusedByPolicy = Self.refusedByPolicy(text)
            reportOnce(Self.refusedByPolicy(text) ? Self.refusedSentence : "cannot inhibit sleep: \(text)")
            return .failed
        }
    }

    func release() {
        guard let fd else { return }
        close(fd)
        self.fd = nil
        logger.info("released the sleep inhibitor")
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

    private func reportOnce(_ message: String) {
        guard !reportedMissing else { return }
        reportedMissing = true
        logger.info("\(message)")
    }
}
