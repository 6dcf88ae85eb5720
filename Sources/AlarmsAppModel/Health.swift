import AlarmClient
import FoundationEssentials
import LinuxSupport

/// What the banner above the pages says: a reason alarms would not ring as they should, the
/// most serious first, and what the person can do about it.
package enum HealthIssue: Hashable, Sendable {
    /// alarmd does not answer (and could not be started: why, or nil when it is simply not
    /// running); the banner offers Start.
    case daemonNotRunning(String?)
    /// Changes cannot be saved (disk full, read-only folder).
    case storage(String)
    /// The sound device cannot be opened now: alarms would ring without sound.
    case noSound(String)
    /// The machine will not wake from suspend for an alarm; the text says how to enable it.
    case cannotWake(String)
    /// CalDAV sync fails for a reason the person must fix (a password, a certificate, the
    /// URL); the text, alarmd's typed failure worded here (`SyncText`). Alarms still ring.
    case syncFailing(String)

    package var message: String {
        switch self {
        case .daemonNotRunning(nil): tr("Alarms will not ring: the alarm service (alarmd) is not running.")
        case .daemonNotRunning(let why?): tr("Alarms will not ring: the alarm service cannot be reached: %1$s", why)
        case .storage(let why): tr("Changes are not being saved: %1$s", why)
        case .noSound(let device): tr("Alarms would ring without sound: the sound device %1$s cannot be opened.", device)
        case .cannotWake(let how): tr("Alarms cannot wake this computer from suspend: %1$s", how)
        case .syncFailing(let why): tr("Alarms are not kept in step with your other computers: %1$s", why)
        }
    }

    /// The banner's button; nil for none.
    package var action: Action? {
        switch self {
        case .daemonNotRunning: .start
        case .cannotWake: .dismiss
        case .storage, .noSound, .syncFailing: nil
        }
    }

    package enum Action: Hashable, Sendable {
        case start, dismiss
        package var label: String {
            switch self {
            case .start: tr("Start")
            case .dismiss: tr("Dismiss")
            }
        }
    }

    /// Red (alarms fail) rather than yellow (a degraded ring).
    package var isError: Bool {
        switch self {
        case .daemonNotRunning, .storage: true
        case .noSound, .cannotWake, .syncFailing: false
        }
    }

    /// The issues alarmd's `status` reports, most serious first. Its `audioDevice` and
    /// `wakeFromSuspend` texts are alarmd's English wire words (DaemonText): "<device> (cannot
    /// open now: why)" and "no: why and how".
    package static func issues(in status: AlarmProtocol.DaemonStatus) -> [HealthIssue] {
        var found: [HealthIssue] = []
        if let problem = status.storageProblem { found.append(.storage(problem)) }
        if let range = status.audioDevice.firstRange(of: " (cannot open now: ") {
            found.append(.noSound(String(status.audioDevice[..<range.lowerBound])))
        }
        if let wake = status.wakeFromSuspend, wake.hasPrefix("no: ") {
            found.append(.cannotWake(String(wake.dropFirst(4))))
        }
        // Not a server that is away for now (offline, a refusal it may not repeat): only what
        // waits for the person.
        let needsAction: Set<AlarmProtocol.SyncFailure.Kind> = [
            .badURL, .settings, .unauthorized, .notFound, .tls, .commandNotFound, .noKeyringTool, .commandFailed, .notInKeyring,
            .emptyPassword, .badCommand, .passwordTimeout, .keyringTimeout,
        ]
        if let sync = status.sync, let kind = sync.failure?.known, needsAction.contains(kind), let words = SyncText.problem(sync) {
            found.append(.syncFailing(words))
        }
        return found
    }
}
