/// Which of two versions of an alarm is newer: the higher iCalendar SEQUENCE, then the later
/// LAST-MODIFIED (seconds since 1970). Equal versions: the server's copy wins, so every
/// machine settles on the same one.
package struct SyncVersion: Hashable, Sendable, Comparable {
    package var sequence: Int
    package var lastModified: Double
    package init(sequence: Int, lastModified: Double) {
        self.sequence = sequence
        self.lastModified = lastModified
    }
    package static func < (a: SyncVersion, b: SyncVersion) -> Bool {
        (a.sequence, a.lastModified) < (b.sequence, b.lastModified)
    }
}

/// An alarm on this machine as sync sees it: its calendar UID, a fingerprint of what the
/// calendar would hold (the event text without DTSTAMP), and its version. `foreign`: another
/// program's event (it may have ended here and only have an acknowledgement to send).
package struct LocalItem: Hashable, Sendable {
    package var uid: String
    package var fingerprint: String
    package var version: SyncVersion
    package var foreign: Bool
    package init(uid: String, fingerprint: String, version: SyncVersion, foreign: Bool = false) {
        self.uid = uid
        self.fingerprint = fingerprint
        self.version = version
        self.foreign = foreign
    }
}

/// An alarm on the server: where, which ETag, and (when it was read) its version and whether
/// another program wrote it.
package struct RemoteItem: Hashable, Sendable {
    package var uid: String
    package var href: String
    package var etag: String
    package var version: SyncVersion?
    package var foreign: Bool
    package init(uid: String, href: String, etag: String, version: SyncVersion?, foreign: Bool = false) {
        self.uid = uid
        self.href = href
        self.etag = etag
        self.version = version
        self.foreign = foreign
    }
}

/// What both sides agreed on at the last sync of an alarm: the server's href and ETag then,
/// and the local fingerprint then. A side that differs from it has changed since.
/// `foreign`: the event is another program's, and is never deleted on the server from here.
package struct SyncedItem: Hashable, Sendable {
    package var href: String
    package var etag: String
    package var fingerprint: String
    package var foreign: Bool
    package init(href: String, etag: String, fingerprint: String, foreign: Bool = false) {
        self.href = href
        self.etag = etag
        self.fingerprint = fingerprint
        self.foreign = foreign
    }
}

package enum SyncAction: Hashable, Sendable {
    /// PUT the local alarm (`.create` when the server has none).
    case upload(uid: String, href: String?, condition: WriteCondition)
    /// Take the server's version into the local alarms.
    case download(uid: String, href: String)
    /// DELETE on the server, only if it is still the version we saw.
    case deleteRemote(uid: String, href: String, etag: String)
    /// Remove the local alarm: it was deleted on another machine.
    case deleteLocal(uid: String)
    /// Gone on both sides: drop what we remembered.
    case forget(uid: String)
}

/// The decisions of a sync, with no I/O: local alarms, the server's, and what was agreed
/// last time in; actions and the conflicts' losers (for the log) out.
///
/// | local | server | action |
/// |---|---|---|
/// | changed | unchanged | upload (If-Match the server's ETag) |
/// | unchanged | changed | download |
/// | changed | changed | the newer version (SEQUENCE, then LAST-MODIFIED) wins; the loser is logged |
/// | new | absent | upload (If-None-Match: *) |
/// | absent, never synced | new | download |
/// | deleted | unchanged | delete on the server (If-Match) |
/// | deleted | changed | the edit wins over the deletion: download |
/// | unchanged | deleted | delete here |
/// | changed | deleted | the edit wins: upload again |
/// | deleted | deleted | forget |
///
/// Another program's event (`foreign`) is never deleted on the server from here: an alarm of
/// it that ended or was removed here leaves the event as it is (a changed one comes back),
/// and one deleted on the server goes here too, edited or not. One changed on the server is
/// always read first, even if it changed here too: its new text is what this machine's marks
/// are then written into.
package enum SyncPlanner {
    package struct Plan: Hashable, Sendable {
        package var actions: [SyncAction] = []
        /// One line per conflict: which side lost, to be logged.
        package var conflicts: [String] = []
    }

    package static func plan(local: [String: LocalItem], remote: [String: RemoteItem], synced: [String: SyncedItem]) -> Plan {
        var plan = Plan()
        let uids = Set(local.keys).union(remote.keys).union(synced.keys).sorted()
        for uid in uids {
            let mine = local[uid]
            let theirs = remote[uid]
            let agreed = synced[uid]
            let localChanged = mine.map { agreed?.fingerprint != $0.fingerprint } ?? false
            let remoteChanged = theirs.map { agreed?.etag != $0.etag || agreed?.href != $0.href } ?? false
            let foreign = agreed?.foreign == true || theirs?.foreign == true || mine?.foreign == true
            if foreign {
                switch (mine, theirs) {
                case (nil, let theirs?):
                    if agreed == nil || remoteChanged { plan.actions.append(.download(uid: uid, href: theirs.href)) }
                    continue
                case (_?, nil) where agreed != nil:
                    plan.actions.append(.deleteLocal(uid: uid))
                    continue
                case (_?, let theirs?) where remoteChanged:
                    // Changed there (and maybe here): take the new text first; what this
                    // machine added (a Stop, a snooze) is kept and written into it next round.
                    // A PUT now would write over the other program's change.
                    plan.actions.append(.download(uid: uid, href: theirs.href))
                    if localChanged, agreed != nil {
                        plan.conflicts.append("\(uid): another program changed its event while it changed here; its version is read first and this machine's acknowledgement written into it")
                    }
                    continue
                default:
                    break  // as our own: the edit made here is written into the server's text
                }
            }
            switch (mine, theirs) {
            case (let mine?, let theirs?):
                let meeting = agreed == nil  // both have it, never synced: e.g. imported on both
                if meeting || (localChanged && remoteChanged) {
                    let localWins = theirs.version.map { mine.version > $0 } ?? false
                    if localWins {
                        plan.actions.append(.upload(uid: uid, href: theirs.href, condition: .replace(etag: theirs.etag)))
                    } else {
                        plan.actions.append(.download(uid: uid, href: theirs.href))
                    }
                    if !meeting {
                        plan.conflicts.append(localWins
                            ? "\(uid): changed here and on another machine; this machine's version is newer and replaces the server's"
                            : "\(uid): changed here and on another machine; the server's version is newer (or as new) and replaces this machine's")
                    }
                } else if localChanged {
                    plan.actions.append(.upload(uid: uid, href: theirs.href, condition: .replace(etag: theirs.etag)))
                } else if remoteChanged {
                    plan.actions.append(.download(uid: uid, href: theirs.href))
                }
            case (_?, nil):
                if agreed == nil {
                    plan.actions.append(.upload(uid: uid, href: nil, condition: .create))
                } else if localChanged {
                    plan.actions.append(.upload(uid: uid, href: nil, condition: .create))
                    plan.conflicts.append("\(uid): deleted on another machine but edited here; the edit wins and is uploaded again")
                } else {
                    plan.actions.append(.deleteLocal(uid: uid))
                }
            case (nil, let theirs?):
                if let agreed, !remoteChanged {
                    plan.actions.append(.deleteRemote(uid: uid, href: theirs.href, etag: agreed.etag))
                } else {
                    if agreed != nil { plan.conflicts.append("\(uid): deleted here but edited on another machine; the edit wins and comes back") }
                    plan.actions.append(.download(uid: uid, href: theirs.href))
                }
            case (nil, nil):
                plan.actions.append(.forget(uid: uid))
            }
        }
        return plan
    }
}
