import AlarmClient
import FoundationEssentials
import LinuxSupport

/// What the banner above the pages says: a reason alarms would not ring as they should, the
/// most serious first, and what the person can do about it.
package enum HealthIssue: Hashable, Sendable {
    /// alarmd does not answer (and could not be started); the banner offers Start.
    case daemonNotRunning(String)
    /// Changes cannot be saved (disk full, read-only folder).
    case storage(String)
    /// The sound device cannot be opened now: alarms would ring without sound.
    case noSound(String)
    /// The machine will not wake from suspend for an alarm; the text says how to enable it.
    case cannotWake(String)

    package var message: String {
        switch self {
        case .daemonNotRunning(let why): tr("Alarms will not ring: the alarm service is not running (%1$s).", why)
        case .storage(let why): tr("Changes are not being saved: %1$s", why)
        case .noSound(let device): tr("Alarms would ring without sound: the sound device %1$s cannot be opened.", device)
        case .cannotWake(let how): tr("Alarms cannot wake this computer from suspend: %1$s", how)
        }
    }

    /// The banner's button; nil for none.
    package var action: Action? {
        switch self {
        case .daemonNotRunning: .start
        case .cannotWake: .dismiss
        case .storage, .noSound: nil
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
        case .noSound, .cannotWake: false
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
        return found
    }
}
