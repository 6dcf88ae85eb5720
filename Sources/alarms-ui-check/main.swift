import AlarmsApp
import CGtk
import GtkSupport
import LinuxSupport

// Test helper of GtkSupportTests: every builder file of the Alarms app bound against the bundle
// the app carries (AlarmsApp's UIFiles), in a process of its own on a private display. Prints
// `ok <resource>` or `fail <resource>: <why>` per file and `files <n>`; exits 1 when any
// failed, 2 without a display.

guard gtk_init_check() != 0 else {
    StandardError.write("alarms-ui-check: no display (set DISPLAY to an X server, e.g. Xvfb)\n")
    exit(2)
}
let failed = MainActor.assumeIsolated { () -> Bool in
    // libadwaita's widgets (AdwToastOverlay...) must be registered before a builder names them.
    adw_init()
    do { try AlarmsApplication.registerResources() } catch {
        print("fail bundle: \(error)")
        return true
    }
    let results = UIFiles.check()
    for (index, (resource, problem)) in results.enumerated() {
        // The last line is the shortcuts window's keys, checked against the app's accelerators.
        let what = index == results.count - 1 ? "accelerators in \(resource)" : resource
        switch problem {
        case nil: print("ok \(what)")
        case .binding(let error): print("fail \(what): \(error.description)")
        case .undeclared: print("fail \(what): no BuilderFile reads it: declare one and list it in UIFiles.all")
        case .shortcut(let action, let shown, let set): print("fail \(what): \(action) shows \(shown), the app sets \(set)")
        }
    }
    print("files \(results.count)")
    return results.contains { $0.problem != nil }
}
exit(failed ? 1 : 0)
