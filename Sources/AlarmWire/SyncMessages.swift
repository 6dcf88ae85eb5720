/// The typed parts of `SyncStatus`: what a sync round did and why one failed, as data, so each
/// client words them in the person's language (alarmctl, the window). The English `problem`
/// and `changes` stay beside them for clients that predate these.
extension AlarmProtocol {
    /// Why the last round failed, or why `[sync]` is off.
    package struct SyncFailure: Codable, Hashable, Sendable {
        /// A `Kind` raw value; a client meets kinds newer than it knows: it then shows
        /// `SyncStatus.problem`, the daemon's English.
        package var kind: String
        /// The server (`dav.example.org`), for every kind about a server.
        package var host: String?
        /// The HTTP status (`unauthorized`, `http`).
        package var status: Int?
        /// The HTTP method (`http`).
        package var method: String?
        /// The object or collection path (`notFound`).
        package var href: String?
        /// The URL as config.toml has it (`badURL`, `settings`).
        package var url: String?
        /// The library's own words (curl's, libxml2's), English, shown as they are.
        package var detail: String?
        /// A sub-kind: a `URLRefusal` raw value (`badURL`), the settings key (`settings`).
        package var reason: String?
        /// The time limit that ran out (`passwordTimeout`, `keyringTimeout`).
        package var seconds: Int?
        /// The [sync] user name (`notInKeyring`), or the password command's program (`commandNotFound`).
        package var name: String?

        package enum Kind: String, Sendable, CaseIterable {
            case badURL, unauthorized, notFound, http, offline, tls, malformedReply, preconditionFailed, syncTokenExpired
            /// [sync] in config.toml has a value that cannot be used: `reason` is the key.
            case settings
            /// The password: no command on PATH, no secret-tool, it failed, the keyring has
            /// none, it printed nothing, it is not a command line, it or the keyring timed out.
            case commandNotFound, noKeyringTool, commandFailed, notInKeyring, emptyPassword, badCommand, passwordTimeout, keyringTimeout
        }

        package var known: Kind? { Kind(rawValue: kind) }

        package init(_ kind: Kind) { self.kind = kind.rawValue }
    }

    /// What one round changed. Counts of alarms.
    package struct SyncSummary: Codable, Hashable, Sendable {
        package var sent = 0
        package var received = 0
        package var deletedOnServer = 0
        package var deletedHere = 0
        /// Changed here and elsewhere; the older version lost (the log says which).
        package var conflicts = 0
        /// Refused by the server as changed meanwhile (412): settled next round.
        package var retried = 0
        /// Objects of the calendar that give no alarm here.
        package var ignored = 0

        package init() {}

        package var changedNothing: Bool { sent == 0 && received == 0 && deletedOnServer == 0 && deletedHere == 0 && conflicts == 0 }
    }
}
