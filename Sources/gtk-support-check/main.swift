import CGtk
import GtkSupport
import LinuxSupport

#if canImport(Glibc)
    import Glibc
#endif

// Test helper of GtkSupportTests: GtkSupport's logic against real GTK, in a process of its own.
// GTK runs on GLib's default main context, which the test process's other suites give to
// AlarmNotify's GLib thread; here GTK owns it, as in the app. Prints `ok <check>` or
// `fail <check>: <why>` per check, and `checks <n>`; exits 1 when any failed, 2 without GTK.

guard gtk_init_check() != 0 else {
    StandardError.write("gtk-support-check: no display (set DISPLAY to an X server, e.g. Xvfb)\n")
    exit(2)
}

nonisolated(unsafe) var failures = 0
nonisolated(unsafe) var count = 0
func check(_ name: String, _ passed: Bool, _ why: @autoclosure () -> String = "") {
    count += 1
    if passed {
        print("ok \(name)")
    } else {
        failures += 1
        print("fail \(name): \(why())")
    }
}

/// Runs GLib's main loop until `condition` holds or `seconds` pass.
func iterate(until condition: () -> Bool, seconds: Double = 2) -> Bool {
    var waited = 0.0
    while !condition() && waited < seconds {
        if g_main_context_iteration(nil, 0) == 0 {
            usleep(1000)
            waited += 0.001
        }
    }
    return condition()
}

/// Tells when a Swift object (captured by a handler) is freed.
final class Witness {}

// The trampoline: arguments, the emitter, release on disconnect.
do {
    let label = ObjectRef(GObjectPointer(gtk_label_new("a")))
    var changes = 0
    var emitter: gpointer?
    weak var weakWitness: Witness?
    var connection: SignalConnection?
    do {
        let witness = Witness()
        weakWitness = witness
        // notify: (GObject*, GParamSpec*), emitted synchronously by the setter.
        connection = Signal.connect(label.pointer, "notify::label") { arguments in
            _ = witness
            emitter = arguments.instance
            changes += 1
        }
    }
    gtk_label_set_label(ptr(label.pointer), "b")
    gtk_label_set_label(ptr(label.pointer), "c")
    check("handler-runs-per-emission", changes == 2, "ran \(changes) times for 2 emissions")
    check("handler-sees-its-emitter", emitter == label.pointer)
    check("handler-alive-while-connected", weakWitness != nil)
    connection?.disconnect()
    check("handler-released-on-disconnect", weakWitness == nil, "the boxed closure outlived its disconnect")
    gtk_label_set_label(ptr(label.pointer), "d")
    check("handler-silent-after-disconnect", changes == 2)
}

// The trampoline: a handler goes with its object.
do {
    weak var weakWitness: Witness?
    do {
        let label = ObjectRef(GObjectPointer(gtk_label_new("x")))
        let witness = Witness()
        weakWitness = witness
        Signal.connect(label.pointer, "notify::label") { _ = witness }
    }
    check("handler-released-with-its-object", weakWitness == nil, "finalizing the label kept the closure")
}

// The trampoline: a boolean argument and a boolean return value.
do {
    let toggle = ObjectRef(GObjectPointer(gtk_switch_new()))
    var seen: Bool?
    // state-set: (GtkSwitch*, gboolean state) -> gboolean; true keeps the old state.
    Signal.connect(toggle.pointer, "state-set") { arguments in
        seen = arguments.boolean(at: 1)
        arguments.setReturn(true)
    }
    gtk_switch_set_active(ptr(toggle.pointer), 1)
    check("boolean-argument", seen == true, "state-set gave \(String(describing: seen))")
    check("boolean-return-stops-default", gtk_switch_get_active(ptr(toggle.pointer)) != 0 && gtk_switch_get_state(ptr(toggle.pointer)) == 0)
}

// The hop: work queued from another thread runs on this one, the loop's.
do {
    let main = pthread_self()
    nonisolated(unsafe) var ranOnMain: Bool?
    DetachedThread.start {
        MainLoop.invoke { ranOnMain = pthread_equal(pthread_self(), main) != 0 }
    }
    check("hop-runs", iterate(until: { ranOnMain != nil }), "the queued work never ran")
    check("hop-runs-on-the-loop-thread", ranOnMain == true)
}

// A timeout fires once and is gone.
do {
    var fired = 0
    MainLoop.after(milliseconds: 10) { fired += 1 }
    check("timeout-fires", iterate(until: { fired == 1 }))
    _ = iterate(until: { fired > 1 }, seconds: 0.1)
    check("timeout-fires-once", fired == 1, "fired \(fired) times")
}

// ObjectRef sinks a floating reference and drops its one reference.
do {
    let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
    defer { slot.deallocate() }
    do {
        let label = ObjectRef(GObjectPointer(gtk_label_new("floating")))
        check("objectref-sinks", g_object_is_floating(label.pointer) == 0)
        slot.pointee = label.pointer
        g_object_add_weak_pointer(ptr(label.pointer), slot)
    }
    check("objectref-drops-its-reference", slot.pointee == nil, "the label was not finalized")
}

// The bundle the plugin compiled loads into a builder; a bad one is refused.
do {
    var registered = true
    do { try Resources.register(base64: compiledResources) } catch { registered = false }
    check("bundle-registers", registered)
    let builder = Builder(resource: "/org/openalarmkit/Tests/box.ui")
    let label = builder.object("label")
    check("builder-finds-a-label", isInstance(label, of: gtk_label_get_type()))
    check("builder-reads-its-text", String(cString: gtk_label_get_text(ptr(label))) == "Hello")
    var refused = false
    do { try Resources.register(base64: "bm90IGEgYnVuZGxl") } catch { refused = true }
    check("bad-bundle-refused", refused)
}

print("checks \(count)")
exit(failures == 0 ? 0 : 1)
