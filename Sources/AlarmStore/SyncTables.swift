import FoundationEssentials

/// What CalDAV sync keeps about one calendar UID (docs/SYNC.md): what this machine and the
/// server last agreed on (the server's href and ETag, the alarm's fingerprint then), the
/// version and RFC 9074 marks its copy carries, and whether the event is another program's
/// (then its server text is kept, in `syncItem.serverText`, read apart: it may be large).
package struct StoredSyncItem: Hashable, Sendable {
    package var uid: String
    /// Agreed with the server; nil until the first agreement (or after the URL changed).
    package var href: String?
    package var etag: String?
    package var fingerprint: String?
    /// The version our copy carries: SEQUENCE and LAST-MODIFIED.
    package var sequence: Int
    package var lastModified: Date?
    /// When a ring of it was last ended by a person (RFC 9074 ACKNOWLEDGED), and a snooze's end.
    package var acknowledged: Date?
    package var snoozedUntil: Date?
    /// Another program's event: its server text is kept and changed in place.
    package var foreign: Bool

    package init(uid: String, href: String? = nil, etag: String? = nil, fingerprint: String? = nil, sequence: Int = 0,
                 lastModified: Date? = nil, acknowledged: Date? = nil, snoozedUntil: Date? = nil, foreign: Bool = false) {
        self.uid = uid
        self.href = href
        self.etag = etag
        self.fingerprint = fingerprint
        self.sequence = sequence
        self.lastModified = lastModified
        self.acknowledged = acknowledged
        self.snoozedUntil = snoozedUntil
        self.foreign = foreign
    }
}

/// The sync state as stored: which collection it belongs to, its RFC 6578 token, the items.
package struct StoredSyncState: Hashable, Sendable {
    package var url: String?
    package var token: String?
    package var items: [StoredSyncItem]
    package init(url: String? = nil, token: String? = nil, items: [StoredSyncItem] = []) {
        self.url = url
        self.token = token
        self.items = items
    }
}

/// Changes to the sync tables, written in the transaction of the alarm changes they belong
/// to. Each UID keeps only its latest row, so merging later changes in is always right.
package struct SyncChanges: Sendable {
    /// Rows to write whole (their server text aside), or nil to delete the UID's row.
    package var items: [String: StoredSyncItem?] = [:]
    /// A foreign event's server text to set, or nil to clear it; its row is in `items` or stored.
    package var serverTexts: [String: String?] = [:]
    /// The collection and its token, when they changed.
    package var collection: (url: String, token: String?)?

    package init() {}

    package var isEmpty: Bool { items.isEmpty && serverTexts.isEmpty && collection == nil }

    package mutating func merge(_ later: SyncChanges) {
        for (uid, item) in later.items {
            items[uid] = item
            if item == nil { serverTexts[uid] = nil }
        }
        for (uid, text) in later.serverTexts { serverTexts[uid] = text }
        if let collection = later.collection { self.collection = collection }
    }
}

extension AlarmStore {
    /// Every sync row (without the server texts) and the collection's token.
    package func syncState() throws -> StoredSyncState {
        try reading { db in
            var state = StoredSyncState()
            try db.query(#"SELECT "url", "token" FROM "syncCollection" WHERE "id" = 1"#) { row in
                state.url = row.text(0)
                state.token = row.text(orNil: 1)
            }
            try db.query(#"""
                SELECT "uid", "href", "etag", "fingerprint", "sequence", "lastModified", "acknowledged", "snoozedUntil", "serverText" IS NOT NULL
                FROM "syncItem"
                """#) { row in
                state.items.append(StoredSyncItem(
                    uid: row.text(0), href: row.text(orNil: 1), etag: row.text(orNil: 2), fingerprint: row.text(orNil: 3),
                    sequence: Int(clamping: row.int64(4)), lastModified: row.double(orNil: 5).map(Date.init(timeIntervalSince1970:)),
                    acknowledged: row.double(orNil: 6).map(Date.init(timeIntervalSince1970:)),
                    snoozedUntil: row.double(orNil: 7).map(Date.init(timeIntervalSince1970:)), foreign: row.int64(8) != 0))
            }
            return state
        }
    }

    /// The server's text of a foreign event, as last agreed.
    package func syncServerText(uid: String) throws -> String? {
        try reading { db in
            var text: String?
            try db.query(#"SELECT "serverText" FROM "syncItem" WHERE "uid" = ?"#, [.text(uid)]) { row in text = row.text(orNil: 0) }
            return text
        }
    }
}

extension AlarmStore.Batch {
    package func write(_ changes: SyncChanges) throws {
        if let collection = changes.collection {
            try db.run(#"""
                INSERT INTO "syncCollection" ("id", "url", "token") VALUES (1, ?, ?)
                ON CONFLICT ("id") DO UPDATE SET "url" = excluded."url", "token" = excluded."token"
                """#, [.text(collection.url), SQLValue(collection.token)])
        }
        for (uid, item) in changes.items.sorted(by: { $0.key < $1.key }) {
            guard let item else {
                try db.run(#"DELETE FROM "syncItem" WHERE "uid" = ?"#, [.text(uid)])
                continue
            }
            try db.run(#"""
                INSERT INTO "syncItem" ("uid", "href", "etag", "fingerprint", "sequence", "lastModified", "acknowledged", "snoozedUntil")
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT ("uid") DO UPDATE SET "href" = excluded."href", "etag" = excluded."etag", "fingerprint" = excluded."fingerprint",
                    "sequence" = excluded."sequence", "lastModified" = excluded."lastModified", "acknowledged" = excluded."acknowledged",
                    "snoozedUntil" = excluded."snoozedUntil"
                """#, [.text(uid), SQLValue(item.href), SQLValue(item.etag), SQLValue(item.fingerprint), SQLValue(item.sequence),
                       SQLValue(item.lastModified?.timeIntervalSince1970), SQLValue(item.acknowledged?.timeIntervalSince1970),
                       SQLValue(item.snoozedUntil?.timeIntervalSince1970)])
        }
        for (uid, text) in changes.serverTexts.sorted(by: { $0.key < $1.key }) {
            try db.run(#"UPDATE "syncItem" SET "serverText" = ? WHERE "uid" = ?"#, [SQLValue(text), .text(uid)])
        }
    }
}

/// The tables of migration v5.
enum SyncSchema {
    static func migrate(_ db: SQLiteConnection) throws {
        // One row: the collection the items belong to, and its RFC 6578 sync token.
        try db.execute(#"""
            CREATE TABLE "syncCollection" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "url" TEXT NOT NULL, "token" TEXT);
            """#)
        // One row per calendar UID (an alarm's, or a deleted alarm's until the server agrees).
        // Dates are seconds since 1970. serverText, for another program's events only, is
        // read apart from the rest (it may be large): a rowid table keeps it out of the key's pages.
        try db.execute(#"""
            CREATE TABLE "syncItem" ("uid" TEXT NOT NULL PRIMARY KEY, "href" TEXT, "etag" TEXT, "fingerprint" TEXT, "sequence" INTEGER NOT NULL DEFAULT 0, "lastModified" DOUBLE, "acknowledged" DOUBLE, "snoozedUntil" DOUBLE, "serverText" TEXT);
            """#)
    }
}
