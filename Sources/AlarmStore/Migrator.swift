/// Applies schema migrations once each, in order, and records them in the table GRDB used,
/// `grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)`: a database made by the versions
/// built on GRDB opens unchanged, neither re-running nor forgetting what they applied.
struct Migrator {
    struct Migration {
        let identifier: String
        let migrate: (SQLiteConnection) throws -> Void
    }

    static let table = "grdb_migrations"

    private(set) var migrations: [Migration] = []

    mutating func register(_ identifier: String, _ migrate: @escaping (SQLiteConnection) throws -> Void) {
        precondition(!migrations.contains { $0.identifier == identifier }, "migration \(identifier) registered twice")
        migrations.append(Migration(identifier: identifier, migrate: migrate))
    }

    var identifiers: [String] { migrations.map(\.identifier) }

    /// Every identifier recorded in the file, known to this version or not (a newer one's).
    func appliedIdentifiers(_ db: SQLiteConnection) throws -> Set<String> {
        // Checked first rather than inferred from a failed SELECT: a table that exists stays
        // (it is never dropped), so the SELECT that follows cannot fail for lack of it.
        guard try db.tableExists(Self.table) else { return [] }
        return Set(try db.texts("SELECT identifier FROM \(Self.table)"))
    }

    /// The first registered migration not yet applied, when the file already holds some:
    /// the one an upgrade is about to run on existing data. Nil for a new or current file.
    func firstPendingOnExistingData(_ db: SQLiteConnection) throws -> String? {
        let applied = try appliedIdentifiers(db)
        guard !applied.isEmpty else { return nil }
        return identifiers.first { !applied.contains($0) }
    }

    /// Applies, each in its own BEGIN IMMEDIATE transaction, every migration up to and
    /// including `target` (all of them when nil) that is not applied yet.
    ///
    /// Whether a migration is applied is decided again inside its transaction, under the
    /// write lock: another connection creating the same file meanwhile (a tool opening it as
    /// alarmd starts) has then either finished it, and it is skipped, or not begun it. So a
    /// concurrent creator never makes the second opener run a migration twice, which GRDB,
    /// reading before it locked, did ("table alarm already exists").
    func migrate(_ db: SQLiteConnection, upTo target: String? = nil) throws {
        let end = target.flatMap { identifier in migrations.firstIndex { $0.identifier == identifier } }.map { $0 + 1 }
        precondition(target == nil || end != nil, "unknown migration \(target!)")
        let wanted = migrations[..<(end ?? migrations.count)]
        // The common case, a current file, takes no write lock at all.
        let applied = try appliedIdentifiers(db)
        for migration in wanted where !applied.contains(migration.identifier) {
            try db.transaction {
                // Created inside the first migration's transaction, so a migration that fails
                // on a foreign file leaves that file exactly as it was.
                try db.execute("CREATE TABLE IF NOT EXISTS \(Self.table) (identifier TEXT NOT NULL PRIMARY KEY)")
                guard try !appliedIdentifiers(db).contains(migration.identifier) else { return }
                try migration.migrate(db)
                try db.run("INSERT INTO \(Self.table) (identifier) VALUES (?)", [.text(migration.identifier)])
            }
        }
    }
}
