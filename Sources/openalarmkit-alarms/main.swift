import CGtk
import GtkSupport
import LinuxSupport

// "Alarms": the GTK face of alarmd (docs/GUI.md). Only a client: every alarm lives in alarmd,
// which rings with this window closed; closing it changes nothing.

// Binds the gettext domain before GtkBuilder translates the .ui files' strings.
_ = tr("Alarms")
do { try Resources.register(base64: compiledResources) } catch {
    StandardError.write("openalarmkit-alarms: \(error.description)\n")
    exit(1)
}

let application = GObjectPointer(adw_application_new("org.openalarmkit.Alarms", G_APPLICATION_DEFAULT_FLAGS)!)
var controller: AlarmsWindow?
Signal.connect(application, "activate") {
    // A second launch activates the running instance: show its window again.
    if let controller {
        controller.present()
        return
    }
    let made = AlarmsWindow(application: application)
    controller = made
    made.present()
}
let status = g_application_run(ptr(application), CommandLine.argc, CommandLine.unsafeArgv)
g_object_unref(application)
exit(status)
