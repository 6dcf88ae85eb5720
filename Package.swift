// swift-tools-version: 6.1
import PackageDescription

// A file sees only the members of modules it imports itself (SE-0444): in a module where some
// files still import Foundation, the others' `"a".contains("b")` would otherwise bind to
// Foundation's overload and link CoreFoundation and ICU into the binaries.
let essentialsOnly: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

// The binaries' linker (scripts/lib/linker, docs/BUILD.md): ld.lld with --as-needed ahead of the
// libraries (SwiftPM puts linker flags after pkg-config's -l list), so libnotify, GLib, SQLite and
// libsndfile, which OnDemandLibraries loads on first use, are not loaded at every start, and
// packed relative relocations; in the static release build also libstdc++ linked in and the hot
// functions laid out together.
let linker: [LinkerSetting] = [.unsafeFlags(["-use-ld=\(Context.packageDirectory)/scripts/lib/linker"])]

let package = Package(
    name: "OpenAlarmKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenAlarmKit", targets: ["OpenAlarmKit"]),
        .library(name: "OpenAppIntents", targets: ["OpenAppIntents"]),
        // The same under Apple's module names, for apps that keep `import AlarmKit` and
        // `AlarmKit.Alarm` unchanged (the DocC article, "Porting a real app").
        .library(name: "AlarmKit", targets: ["AlarmKit"]),
        .library(name: "AppIntents", targets: ["AppIntents"]),
        .executable(name: "alarmd", targets: ["alarmd"]),
        .executable(name: "alarmctl", targets: ["alarmctl"]),
        .executable(name: "openalarmkit-alarms", targets: ["openalarmkit-alarms"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // `swift package generate-documentation --target OpenAlarmKit`: the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System-library shims: a module map and a header of small helpers each.
        .systemLibrary(
            name: "CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(
            name: "CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CLibNotify", pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev"])]),
        .systemLibrary(name: "CLinux"),
        // HTTP and XML for CalDAV (AlarmSync), loaded on first use like the others.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CXML", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // GTK 4 and libadwaita, for the "Alarms" app alone (GtkSupport, openalarmkit-alarms):
        // alarmd and alarmctl never link them.
        .systemLibrary(
            name: "CGtk", pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]),
        // SQLite's C API, for AlarmStore: no wrapper library, which would bring Foundation (ICU).
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),

        // The App Intents subset AlarmKit code uses (AppIntent, LiveActivityIntent, @Parameter).
        .target(name: "OpenAppIntents"),
        // What corelibs Foundation gave beyond FoundationEssentials (stderr writes, threads, a
        // lock, path strings), on Glibc: binaries link FoundationEssentials only, never ICU.
        .target(name: "LinuxSupport", dependencies: ["CLinux"]),
        // Defines the libnotify/GIO/GLib, SQLite and libsndfile functions the package calls and
        // opens each library on the first call of one of its functions: commands that post no
        // notification start without the GLib family, alarmd without SQLite until its store
        // opens, and only decoding a sound maps libsndfile and its seven codec libraries.
        .target(name: "OnDemandLibraries", dependencies: ["CLibNotify", "CSQLite", "CSndFile", "CCurl", "CXML"]),
        // The layers (docs/ARCHITECTURE.md; scripts/check-layers keeps them): the model, the core
        // on it alone, the wire on the model, the client on the wire, the library on the client.
        // AlarmKit's value types (public), the stored record and the bounds (package): no I/O.
        .target(name: "AlarmModel", dependencies: ["OpenAppIntents"], swiftSettings: essentialsOnly),
        // Fire-time calendar, lifecycle state machine, time specs: no file, socket, clock or C call.
        .target(name: "AlarmCore", dependencies: ["AlarmModel"], swiftSettings: essentialsOnly),
        // The protocol's messages and their JSON reader and writer.
        .target(name: "AlarmWire", dependencies: ["AlarmModel"], swiftSettings: essentialsOnly),
        // Where alarmd's socket and files are (XDG paths, the socket address, the private folders
        // they live in) and what `alarmd --background` tells its starter: below both the client
        // and the daemon, which must agree on them.
        .target(name: "AlarmLocations", dependencies: ["LinuxSupport"], swiftSettings: essentialsOnly),
        // Talking to alarmd: connection, starting it. What alarmctl, the library and the
        // graphical app share; it re-exports the wire and the locations.
        .target(name: "AlarmClient", dependencies: ["AlarmWire", "AlarmLocations", "LinuxSupport"], swiftSettings: essentialsOnly),
        // The public, AlarmKit-shaped API: AlarmManager and AlarmKit's names, nothing else public.
        .target(name: "OpenAlarmKit", dependencies: ["AlarmModel", "AlarmClient", "LinuxSupport"], swiftSettings: essentialsOnly),
        // One-line modules that re-export the two above under Apple's names, so ported code keeps
        // `import AlarmKit` and `AlarmKit.Alarm` (docs/PORTING.md).
        .target(name: "AlarmKit", dependencies: ["OpenAlarmKit"]),
        .target(name: "AppIntents", dependencies: ["OpenAppIntents"]),
        // Alarms as iCalendar and back (export/import, CalDAV's bodies): our own reader and
        // writer, checked against libical by the tests (docs/ICALENDAR.md). No I/O.
        .target(name: "AlarmCalendar", dependencies: ["AlarmModel", "AlarmCore"], swiftSettings: essentialsOnly),
        .target(
            name: "AlarmStore",
            dependencies: ["AlarmCore", "AlarmWire", "CSQLite", "OnDemandLibraries"]),
        .target(
            name: "AlarmAudio",
            dependencies: ["CALSA", "CSndFile", "OnDemandLibraries", "LinuxSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: essentialsOnly),
        .target(
            name: "AlarmNotify",
            dependencies: ["CLibNotify", "OnDemandLibraries", "LinuxSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: essentialsOnly),
        // What alarmd and alarmctl read from the system: the time zone (and the watch on it), how
        // the locale writes times, config.toml, the package version. alarmctl needs these
        // without the daemon.
        .target(
            name: "AlarmSystem",
            // AlarmCalendar for the zones the codec gets from this system and the words of its
            // refusals, one for alarmctl, alarmd and the window.
            dependencies: [
                "AlarmCore", "AlarmCalendar", "CLinux", "LinuxSupport", .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: essentialsOnly),
        // The daemon's desktop services over D-Bus (GDBus, through libnotify's GLib, loaded on
        // first use): the logind sleep inhibitor and MPRIS media pausing, run off the loop.
        .target(
            name: "AlarmDesktop",
            dependencies: ["CLibNotify", "OnDemandLibraries", .product(name: "Logging", package: "swift-log")],
            swiftSettings: essentialsOnly),
        // CalDAV: the WebDAV client (libcurl, libxml2, loaded on first use), the [sync] password,
        // the pure sync planner. Below the daemon, which runs it off its loop; above AlarmSystem,
        // whose settings (the calendar's CalDAVURL) it connects to.
        .target(
            name: "AlarmSync",
            dependencies: ["AlarmSystem", "CCurl", "CXML", "OnDemandLibraries", "LinuxSupport"],
            swiftSettings: essentialsOnly),
        // The words people read about alarms and alarmd, in their language: an alarm's
        // description and `status`'s values, worded once for alarmctl and the window.
        .target(
            name: "AlarmWords", dependencies: ["AlarmWire", "AlarmCore", "AlarmSystem", "LinuxSupport"],
            swiftSettings: essentialsOnly),
        .target(
            name: "AlarmDaemon",
            dependencies: [
                "AlarmWire", "AlarmLocations", "AlarmCore", "AlarmStore", "AlarmAudio", "AlarmNotify", "AlarmSystem", "AlarmDesktop",
                "AlarmSync", "AlarmCalendar", "CLinux", "LinuxSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: essentialsOnly),
        .executableTarget(
            name: "alarmd", dependencies: ["AlarmDaemon", "LinuxSupport"], swiftSettings: essentialsOnly,
            linkerSettings: linker),
        .executableTarget(
            name: "alarmctl",
            dependencies: [
                "AlarmClient", "AlarmCore", "AlarmAudio", "AlarmNotify", "AlarmSystem", "AlarmCalendar", "AlarmWords", "LinuxSupport",
                // For AlarmCtlEntry alone: the multi-call binary runs the daemon as alarmd.
                "AlarmDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: essentialsOnly, linkerSettings: linker),
        .executableTarget(
            name: "alarm-bench",
            dependencies: [
                "OpenAlarmKit", "AlarmClient", "AlarmCore", "AlarmAudio", "AlarmStore", "AlarmSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The "Alarms" app (docs/GUI.md): a client of alarmd like alarmctl. GtkSupport is the small
        // typed layer over the GTK calls it makes (typed handles, builder look-ups, the one
        // signal trampoline, actions, the main-loop hop, the list helper); AlarmsAppModel its view
        // models, no GTK; AlarmsApp the window itself, a library so that alarms-ui-check can bind
        // its builder files; openalarmkit-alarms the executable that runs it.
        .target(name: "GtkSupport", dependencies: ["CGtk"], swiftSettings: essentialsOnly),
        .target(
            name: "AlarmsAppModel", dependencies: ["AlarmClient", "AlarmCore", "AlarmSystem", "AlarmWords", "LinuxSupport"],
            swiftSettings: essentialsOnly),
        .target(
            name: "AlarmsApp",
            dependencies: [
                "AlarmsAppModel", "GtkSupport", "AlarmClient", "AlarmSystem", "LinuxSupport",
            ],
            exclude: ["ui"], swiftSettings: essentialsOnly, plugins: ["GResourceCompiler"]),
        .executableTarget(
            name: "openalarmkit-alarms", dependencies: ["AlarmsApp"], swiftSettings: essentialsOnly,
            linkerSettings: linker),
        // Test helper of GtkSupportTests: binds every builder file of the app against its
        // compiled bundle (every id the code looks up exists, with the class the code expects).
        .executableTarget(
            name: "alarms-ui-check", dependencies: ["AlarmsApp", "GtkSupport", "CGtk", "LinuxSupport"],
            swiftSettings: essentialsOnly),
        // Build tool: the app's .ui files compiled by glib-compile-resources and embedded.
        .executableTarget(name: "gresource-embed", swiftSettings: essentialsOnly),
        .plugin(name: "GResourceCompiler", capability: .buildTool(), dependencies: ["gresource-embed"]),
        // Test helper of GtkSupportTests: the binding layer's checks against real GTK; its ui/
        // bundle is compiled by the same plugin as the app's.
        .executableTarget(
            name: "gtk-support-check", dependencies: ["GtkSupport", "CGtk", "LinuxSupport"], exclude: ["ui"],
            swiftSettings: essentialsOnly, plugins: ["GResourceCompiler"]),
        // Test helper: the child process that AlarmStoreTests kills with SIGKILL mid-write.
        .executableTarget(name: "alarm-store-crashtest", dependencies: ["AlarmStore"]),

        // The WWDC25 cooking timer as AlarmKit code, ported by changing its import line.
        .executableTarget(name: "CookingTimer", dependencies: ["OpenAlarmKit"], path: "Examples/CookingTimer"),

        // The library's own behaviour beyond the API shapes (named colours).
        .testTarget(name: "OpenAlarmKitTests", dependencies: ["OpenAlarmKit"]),
        .testTarget(name: "AlarmWireTests", dependencies: ["AlarmWire"]),
        .testTarget(name: "AlarmClientTests", dependencies: ["AlarmClient"]),
        .testTarget(name: "LinuxSupportTests", dependencies: ["LinuxSupport"]),
        // The app's view models, and its link to alarmd against a real one (the dependencies make
        // `swift test` build alarmd and alarmctl).
        .testTarget(
            name: "AlarmsAppModelTests",
            dependencies: ["AlarmsAppModel", "AlarmClient", "AlarmCore", "AlarmSystem", "AlarmWords", "TestSupport", "alarmd", "alarmctl"]),
        // GtkSupport against real GTK on a private Xvfb, in gtk-support-check's own process
        // (GTK needs GLib's default main context, which AlarmNotify's tests hold here).
        .testTarget(name: "GtkSupportTests", dependencies: ["TestSupport", "gtk-support-check", "alarms-ui-check"]),
        // Compiles every documented AlarmKit declaration, in its documented shape, through
        // `import OpenAlarmKit` alone (no Foundation import).
        .testTarget(name: "AlarmKitAPITests", dependencies: ["OpenAlarmKit"]),
        // With AlarmSystem, which words the core's refusals (TimeSpecError.message).
        .testTarget(name: "AlarmCoreTests", dependencies: ["AlarmCore", "AlarmSystem"]),
        .testTarget(name: "AlarmCalendarTests", dependencies: ["AlarmCalendar", "AlarmSystem", "TestSupport"]),
        // Runs the built alarmctl as a subprocess; the dependency makes `swift test` build it.
        .testTarget(name: "CLITests", dependencies: ["alarmctl", "alarmd", "TestSupport"]),
        .testTarget(name: "AlarmStoreTests", dependencies: ["AlarmStore", "TestSupport"]),
        .testTarget(name: "AlarmAudioTests", dependencies: ["AlarmAudio", "LinuxSupport", "TestSupport"]),
        .testTarget(name: "AlarmNotifyTests", dependencies: ["AlarmNotify", "TestSupport"]),
        // The CalDAV client against real Radicale and Xandikos servers on loopback; the planner.
        .testTarget(name: "AlarmSyncTests", dependencies: ["AlarmSync", "AlarmSystem", "TestSupport"]),
        // End to end: runs the built alarmd and alarmctl; the dependencies make `swift test` build them.
        .testTarget(
            name: "AlarmDaemonTests",
            dependencies: [
                "AlarmDaemon", "AlarmSystem", "AlarmDesktop", "AlarmStore", "AlarmClient", "OpenAlarmKit", "TestSupport",
                "alarmd", "alarmctl", "CookingTimer",
            ]),
        // The formats pinned: Tests/Fixtures (0.1.0 and schema v4 databases, every protocol message) read and
        // written by today's code.
        .testTarget(name: "FixtureTests", dependencies: ["AlarmDaemon", "AlarmStore", "AlarmClient"]),
        // Real PipeWire/PulseAudio started per test (scripts/testing/pipewire-session.py):
        // server restarts, mute, what a speaker would play.
        .testTarget(
            name: "DesktopSoundTests",
            dependencies: ["AlarmClient", "TestSupport", "alarmd", "alarmctl"]),
        // Drives the project's scriptable notification server (scripts/testing) for the tests.
        .target(name: "TestSupport", dependencies: ["CLinux"], path: "Tests/TestSupport"),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzzing (docs/SECURITY.md, "Fuzzing"): one libFuzzer executable with a target per parser of
// outside data, declared only when OPENALARMKIT_FUZZ=1, so that the normal build and its tests
// never see it. scripts/fuzz builds it in .build-fuzz, the libraries instrumented for coverage
// and AddressSanitizer here rather than by -Xswiftc, which would also give the build plugin's
// tool libFuzzer's `main`.
if Context.environment["OPENALARMKIT_FUZZ"] == "1" {
    let sanitized: [String] = ["-sanitize=fuzzer,address"]
    for target in package.targets where target.type == .regular {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(sanitized)]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])]
    }
    package.targets.append(
        .executableTarget(
            name: "openalarmkit-fuzz",
            dependencies: ["AlarmCalendar", "AlarmCore", "AlarmModel", "AlarmNotify", "AlarmSync", "AlarmSystem", "AlarmWire"],
            path: "Tests/Fuzz", exclude: ["seeds", "lsan.supp"], swiftSettings: essentialsOnly + [.enableExperimentalFeature("Extern"), .unsafeFlags(sanitized)],
            linkerSettings: [.unsafeFlags(sanitized + ["-use-ld=lld"])]))
}
