// swift-tools-version: 6.1
import PackageDescription

// An app's AlarmKit code ported with its imports untouched, two ways (scripts/check-porting
// builds and runs both):
// - AliasedClock: `-module-alias AlarmKit=OpenAlarmKit -module-alias AppIntents=OpenAppIntents`,
//   compiler flags SwiftPM only accepts as unsafeFlags (allowed in a root package, refused in
//   a dependency);
// - ReexportedClock: the same file against the package's `AlarmKit` and `AppIntents`
//   products, modules that re-export OpenAlarmKit and OpenAppIntents (and Foundation): no
//   flags, and usable from a package that is itself a dependency. The porting path the docs
//   recommend.
//
// And the porting corpus (Corpus/README.md), all of it written here: modules in the shapes of
// real apps' AlarmKit code (Corpus/Apps), the stand-ins for the frameworks two of them bridge
// to (Corpus/Stubs), and two executables (Corpus/Written): TintedAlarm, for what none of the
// apps uses, and AppShapesProbe, which runs the app modules' logic; each built against the
// `AlarmKit` and `AppIntents` products.
let alarmKit: [Target.Dependency] = [
    .product(name: "AlarmKit", package: "OpenAlarmKit"), .product(name: "AppIntents", package: "OpenAlarmKit"),
]

let package = Package(
    name: "PortedClock",
    dependencies: [
        .package(name: "OpenAlarmKit", path: "../.."),
        // The root package's own logging library, for TintedAlarm's os.Logger calls on Linux.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "AliasedClock",
            dependencies: [.product(name: "OpenAlarmKit", package: "OpenAlarmKit")],
            swiftSettings: [.unsafeFlags(["-module-alias", "AlarmKit=OpenAlarmKit", "-module-alias", "AppIntents=OpenAppIntents"])]),
        .executableTarget(name: "ReexportedClock", dependencies: alarmKit),

        // Stand-ins for the frameworks the bridges are written against.
        .target(name: "ExpoModulesCore", path: "Corpus/Stubs/ExpoModulesCore"),
        .target(name: "NitroModules", path: "Corpus/Stubs/NitroModules"),

        // In the shape of cvburgess/expo-alarm-kit: an Expo module; Foundation only through AlarmKit.
        .target(name: "ExpoAlarms", dependencies: alarmKit + ["ExpoModulesCore"], path: "Corpus/Apps/ExpoAlarms"),
        // In the shape of sauravhiremath/react-native-ios-alarmkit: a Nitro hybrid object.
        .target(name: "NitroAlarms", dependencies: alarmKit + ["NitroModules"], path: "Corpus/Apps/NitroAlarms"),
        // In the shape of gdelataillade/flutter_alarmkit: a Flutter plugin's intents, metadata and
        // alarm encoding.
        .target(name: "FlutterAlarms", dependencies: alarmKit, path: "Corpus/Apps/FlutterAlarms"),
        // In the shapes of FromF/AlarmKitSample and lioneldude83/AlarmKitDemo: sample apps' intents
        // and metadata.
        .target(name: "SampleActions", dependencies: alarmKit, path: "Corpus/Apps/SampleActions"),
        .target(name: "TimerDemo", dependencies: alarmKit, path: "Corpus/Apps/TimerDemo"),
        // In the shape of jihoonahn/withDay: an app of modules, split as it splits them (domain,
        // scheduling interface and implementation, design system).
        .target(name: "DayPlannerDomain", path: "Corpus/Apps/DayPlanner/Domain"),
        .target(
            name: "DayPlannerAlarmsInterface", dependencies: alarmKit + ["DayPlannerDomain"],
            path: "Corpus/Apps/DayPlanner/AlarmsInterface"),
        .target(
            name: "DayPlannerAlarms", dependencies: alarmKit + ["DayPlannerAlarmsInterface", "DayPlannerDomain"],
            path: "Corpus/Apps/DayPlanner/Alarms"),
        .target(name: "DayPlannerPalette", dependencies: alarmKit, path: "Corpus/Apps/DayPlanner/Palette"),

        // Written: an asset-catalog tint, opacity, Foundation through AlarmKit, and os.Logger
        // calls with privacy: interpolations over swift-log, run by scripts/check-porting; its
        // asset catalog shipped as it is (Linux has no asset compiler).
        .executableTarget(
            name: "TintedAlarm", dependencies: alarmKit + [.product(name: "Logging", package: "swift-log")],
            path: "Corpus/Written/TintedAlarm",
            resources: [.copy("Assets.xcassets")]),
        // Written: runs what the app-shaped modules do without alarmd (scripts/check-porting).
        .executableTarget(
            name: "AppShapesProbe", dependencies: alarmKit + ["DayPlannerPalette", "ExpoAlarms", "FlutterAlarms"],
            path: "Corpus/Written/AppShapesProbe"),
    ],
    swiftLanguageModes: [.v5]
)
