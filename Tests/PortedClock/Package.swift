// swift-tools-version: 6.1
import PackageDescription

// An app's AlarmKit code ported with its imports untouched, two ways (scripts/check-porting
// builds and runs both):
// - AliasedClock: `-module-alias AlarmKit=OpenAlarmKit -module-alias AppIntents=OpenAppIntents`,
//   compiler flags SwiftPM only accepts as unsafeFlags (allowed in a root package, refused in
//   a dependency);
// - ReexportedClock: the same file against the package's `AlarmKit` and `AppIntents`
//   products, one-line modules that re-export OpenAlarmKit and OpenAppIntents: no flags, and
//   usable from a package that is itself a dependency. The porting path the docs recommend.
let package = Package(
    name: "PortedClock",
    dependencies: [.package(name: "OpenAlarmKit", path: "../..")],
    targets: [
        .executableTarget(
            name: "AliasedClock",
            dependencies: [.product(name: "OpenAlarmKit", package: "OpenAlarmKit")],
            swiftSettings: [.unsafeFlags(["-module-alias", "AlarmKit=OpenAlarmKit", "-module-alias", "AppIntents=OpenAppIntents"])]),
        .executableTarget(
            name: "ReexportedClock",
            dependencies: [.product(name: "AlarmKit", package: "OpenAlarmKit"), .product(name: "AppIntents", package: "OpenAlarmKit")]),
    ],
    swiftLanguageModes: [.v5]
)
