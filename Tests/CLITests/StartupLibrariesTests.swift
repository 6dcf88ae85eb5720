import Foundation
import Testing
import TestSupport

/// What the dynamic loader maps at every start of the multi-call binary: not libnotify and the
/// GLib family, nor SQLite, which LibNotifyOnDemand and SQLiteOnDemand open when a notification,
/// a D-Bus call or the daemon's store first needs them (together about 1.5 ms of CPU per exec;
/// `sound play` and `list` use none of them).
@Suite struct StartupLibrariesTests {
    @Test func glibFamilyAndSQLiteAreNotLoadedAtExec() throws {
        // LD_TRACE_LOADED_OBJECTS: the loader lists what it maps (as ldd does) and stops.
        var environment = ProcessInfo.processInfo.environment
        environment["LD_TRACE_LOADED_OBJECTS"] = "1"
        let listed = try Subprocess.run(BuildProducts.path("alarmctl"), [], environment: environment)
        #expect(listed.stdout.contains("libasound.so"), "the list is the loader's: \(listed.stdout)\(listed.stderr)")
        for library in ["libnotify.so", "libglib-2.0.so", "libgobject-2.0.so", "libgio-2.0.so", "libgdk_pixbuf-2.0.so", "libsqlite3.so"] {
            #expect(!listed.stdout.contains(library), "\(library) is loaded at exec:\n\(listed.stdout)")
        }
    }
}
