import AlarmSystem
import Foundation
import Testing

@testable import AlarmStore

/// Two database formats are never one version. Each released version is listed with the schema
/// it writes (the number of store migrations it knows) and the fixture of a file it wrote. While
/// today's version is a released one, today's schema must be that version's: a migration added
/// without a version bump fails here (as 0.1.0 did, writing schema v4 under 0.1.0's name). A
/// release adds its line below, and a fixture of its schema (scripts/make-fixtures).
@Suite(.timeLimit(.minutes(1))) struct VersionFormatTests {
    static let released: [(version: String, migrations: Int, fixture: String)] = [
        ("0.1.0", 2, "alarms-0.1.0.sqlite"),
    ]

    @Test func aNewDatabaseFormatComesWithANewVersion() {
        let migrations = StoreSchema.migrator.identifiers
        if let release = Self.released.first(where: { $0.version == PackageVersion.current }) {
            #expect(migrations.count == release.migrations,
                    "version \(PackageVersion.current) wrote \(release.migrations) migrations; today's store has \(migrations.count) (\(migrations.last ?? "")): bump PackageVersion")
        } else {
            // Not released yet: it must be newer than every release, whose formats it reads.
            #expect(Self.released.allSatisfy { Self.isNewer(PackageVersion.current, than: $0.version) },
                    "\(PackageVersion.current) is neither a release listed here nor newer than all of them")
            #expect(migrations.count >= Self.released.map(\.migrations).max() ?? 0)
        }
    }

    @Test func everyReleaseHasAFixtureOfItsDatabase() {
        for release in Self.released {
            #expect(FileManager.default.fileExists(atPath: FixtureFiles.url(release.fixture).path), "\(release.version): no \(release.fixture)")
        }
    }

    static func isNewer(_ version: String, than other: String) -> Bool {
        let a = version.split(separator: ".").compactMap { Int($0) }, b = other.split(separator: ".").compactMap { Int($0) }
        return a.lexicographicallyPrecedes(b) == false && a != b
    }
}
