import LinuxSupport

/// The words for a sync status, in the person's language: alarmd sends what happened as
/// data (`SyncFailure`, `SyncSummary`), each client words it here (alarmctl, the window).
/// A failure of a kind newer than this client falls back to the daemon's English `problem`.
package enum SyncText {
    /// Why the last round failed (or why [sync] is off); nil when it did not.
    package static func problem(_ status: AlarmProtocol.SyncStatus) -> String? {
        guard let failure = status.failure, let words = failureWords(failure) else { return status.problem }
        return words
    }

    /// "2 sent, 1 received"; "nothing changed".
    package static func changes(_ status: AlarmProtocol.SyncStatus) -> String {
        guard let summary = status.summary else { return status.changes ?? tr("nothing changed") }
        return changes(summary)
    }

    package static func changes(_ summary: AlarmProtocol.SyncSummary) -> String {
        var parts: [String] = []
        if summary.sent > 0 { parts.append(trn("%d sent", "%d sent", summary.sent)) }
        if summary.received > 0 { parts.append(trn("%d received", "%d received", summary.received)) }
        if summary.deletedOnServer > 0 { parts.append(trn("%d deleted on the server", "%d deleted on the server", summary.deletedOnServer)) }
        if summary.deletedHere > 0 { parts.append(trn("%d deleted here", "%d deleted here", summary.deletedHere)) }
        if summary.conflicts > 0 { parts.append(trn("%d conflict (see the log)", "%d conflicts (see the log)", summary.conflicts)) }
        return parts.isEmpty ? tr("nothing changed") : parts.joined(separator: tr(", "))
    }

    static func failureWords(_ failure: AlarmProtocol.SyncFailure) -> String? {
        guard let kind = failure.known else { return nil }
        let host = failure.host ?? "?"
        let detail = failure.detail ?? ""
        switch kind {
        case .badURL:
            return tr("cannot use %1$s: %2$s", failure.url ?? "", urlReason(failure.reason))
        case .settings:
            return tr("[sync] in config.toml is not used, so sync is off: %s", settingsReason(failure.reason))
        case .unauthorized:
            return tr("%1$s from %2$s: check the username and password", String(failure.status ?? 401), host)
        case .notFound:
            return tr("404 from %1$s: %2$s does not exist; check the calendar URL", host, failure.href ?? "")
        case .http:
            return tr("%1$s from %2$s for %3$s: the server refused the request", String(failure.status ?? 0), host, failure.method ?? "")
        case .offline:
            return tr("offline: cannot reach %1$s (%2$s); changes wait and go out when it answers", host, detail)
        case .tls:
            return tr("TLS failure with %1$s: %2$s (%3$s); check the server's certificate or the URL", host, tlsReason(failure.reason), detail)
        case .malformedReply:
            return tr("%1$s sent a reply that is not CalDAV: %2$s", host, detail)
        case .preconditionFailed:
            return tr("%s changed on the server meanwhile; it is read again at the next sync", failure.href ?? "")
        case .syncTokenExpired:
            return tr("the server forgot where the last sync ended; everything is listed again")
        case .commandNotFound:
            return tr("sync.password_command: '%s' is not found on PATH", failure.name ?? "")
        case .noKeyringTool:
            return tr("no password_command and no secret-tool for the keyring: apt-get install libsecret-tools, or set sync.password_command")
        case .commandFailed:
            return tr("sync.password_command failed (it exited with an error): run it by hand to see why")
        case .notInKeyring:
            return tr("the keyring has no password for openalarmkit: secret-tool store --label 'OpenAlarmKit sync' service openalarmkit username %s", failure.name ?? "NAME")
        case .emptyPassword:
            return tr("sync.password_command printed nothing: it must print the password on its first line")
        case .badCommand:
            return tr("sync.password_command is not a command line (an unclosed quote, or empty)")
        case .passwordTimeout:
            return tr("sync.password_command did not finish within %s seconds and was stopped: run it by hand to see why", String(failure.seconds ?? 0))
        case .keyringTimeout:
            return tr("the keyring did not answer within %s seconds (locked, or no keyring service): unlock it, or set sync.password_command", String(failure.seconds ?? 0))
        }
    }

    private static func urlReason(_ reason: String?) -> String {
        switch reason {
        case "notAURL": tr("write it as https://host/path/to/calendar/")
        case "credentials": tr("leave the user name out of the URL and set username (and password_command) instead")
        case "noHost": tr("it has no host, or spaces or control characters")
        case "plainHTTP":
            tr("plain http would send the password in clear; use https (http only to 127.0.0.0/8, ::1 or localhost: a name such as 127.example.org is not this machine)")
        default: tr("only https:// (or http:// to this machine) is supported")
        }
    }

    private static func settingsReason(_ key: String?) -> String {
        switch key {
        case "url": tr("sync.url is missing: the calendar collection, e.g. https://dav.example.org/calendars/me/alarms/")
        case "username": tr("sync.username must be a name without ':' or line breaks (or left out)")
        case "password_command": tr("sync.password_command is empty: a command that prints the password, or leave it out for the keyring")
        case "interval": tr("sync.interval must be 1-86400 seconds")
        case "ca_file": tr("sync.ca_file must be an absolute path to a PEM file")
        default: tr("a value of [sync] cannot be used")
        }
    }

    private static func tlsReason(_ reason: String?) -> String {
        switch reason {
        case "expired": tr("the server's certificate has expired")
        case "notYetValid": tr("the server's certificate is not valid yet (or this computer's clock is wrong)")
        case "wrongHost": tr("the server's certificate is for another host name than the URL's")
        case "untrusted": tr("the server's certificate is not signed by an authority this computer trusts (self-signed? see ca_file)")
        default: tr("the secure connection could not be set up")
        }
    }
}
