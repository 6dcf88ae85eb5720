import AlarmClient
import AlarmWords
import FoundationEssentials
import LinuxSupport

/// What the banner above the pages says: a reason alarms would not ring as they should, the
/// most serious first, and what the person can do about it.
package enum HealthIssue: Hashable, Sendable {
    /// alarmd does not answer (and could not be started: why, or nil when it is simply not
    /// running); the banner offers Start.
    case daemonNotRunning(String?)
    /// Changes cannot be saved (disk full, read-only folder).
    case storage(AlarmProtocol.StorageProblem)
    /// The sound device cannot be opened now: alarms would ring without sound.
    case noSound(device: String)
    /// The machine will not wake from suspend for an alarm; how to enable it.
    case cannotWake(AlarmProtocol.WakeStatus)
    /// CalDAV sync fails for a reason the person must fix (a password, a certificate, the
    /// URL); the text, alarmd's typed failure worded here (`SyncText`). Alarms still ring.
    case syncFailing(String)

    package var message: String {
        switch self {
        case .daemonNotRunning(nil): tr("Alarms will not ring: the alarm service (alarmd) is not running.")
        case .daemonNotRunning(let why?): tr("Alarms will not ring: the alarm service cannot be reached: %1$s", why)
        case .storage(let problem): tr("Changes are not being saved: %1$s", StatusWords.storage(problem))
        case .noSound(let device): tr("Alarms would ring without sound: the sound device %1$s cannot be opened.", TerminalSafe.text(device))
        case .cannotWake(let wake): tr("Alarms cannot wake this computer from suspend: %1$s", StatusWords.wakeObstacle(wake))
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

    /// The issues alarmd's `status` reports, most serious first, from its typed values (an
    /// alarmd that predates them reports none here).
    package static func issues(in status: AlarmProtocol.DaemonStatus) -> [HealthIssue] {
        var found: [HealthIssue] = []
        if let problem = status.unsaved { found.append(.storage(problem)) }
        if let audio = status.audio, audio.state == .cannotOpen { found.append(.noSound(device: audio.device)) }
        if let wake = status.wake, !wake.able { found.append(.cannotWake(wake)) }
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
