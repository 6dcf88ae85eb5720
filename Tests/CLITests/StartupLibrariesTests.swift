import Foundation
import Testing
import TestSupport

/// What the dynamic loader maps at every start of the multi-call binary: not libnotify and the
/// GLib family, SQLite, nor libsndfile and its codecs, which OnDemandLibraries opens when a
/// notification, a D-Bus call, the daemon's store or a sound file first needs them (together
/// about 2 ms of CPU per exec, which `list` and most commands never use), nor libcurl and
/// libxml2, which only CalDAV sync opens.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct StartupLibrariesTests {
    @Test func onDemandLibrariesAreNotLoadedAtExec() throws {
        // LD_TRACE_LOADED_OBJECTS: the loader lists what it maps (as ldd does) and stops.
        var environment = ChildEnvironment.base
        environment["LD_TRACE_LOADED_OBJECTS"] = "1"
        let listed = try Subprocess.run(BuildProducts.path("alarmctl"), [], environment: environment)
        #expect(listed.stdout.contains("libasound.so"), "the list is the loader's: \(listed.stdout)\(listed.stderr)")
        for library in ["libnotify.so", "libglib-2.0.so", "libgobject-2.0.so", "libgio-2.0.so", "libgdk_pixbuf-2.0.so", "libsqlite3.so",
                        "libsndfile.so", "libFLAC.so", "libmpg123.so", "libcurl.so", "libxml2.so"] {
            #expect(!listed.stdout.contains(library), "\(library) is loaded at exec:\n\(listed.stdout)")
        }
    }
}
