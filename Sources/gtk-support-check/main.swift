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
// `gtk-support-check --bad-cast` casts a label to a switch, which a debug build must stop.

guard gtk_init_check() != 0 else {
    StandardError.write("gtk-support-check: no display (set DISPLAY to an X server, e.g. Xvfb)\n")
    exit(2)
}
adw_init()

if CommandLine.arguments.dropFirst().first == "--bad-cast" {
    MainActor.assumeIsolated {
        let label = Label("not a switch")
        let wrong = Switch(casting: label)
        print("cast passed: \(wrong.typeName)")
    }
    exit(0)
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
    let label = Retained(Label("a"))
    var changes = 0
    var emitter: Object?
    weak var weakWitness: Witness?
    var connection: SignalConnection?
    do {
        let witness = Witness()
        weakWitness = witness
        // notify: (GObject*, GParamSpec*), emitted synchronously by the setter.
        connection = Signal.connect(label.object, "notify::label") { arguments in
            _ = witness
            emitter = arguments.instance
            changes += 1
        }
    }
    label.object.setText("b")
    label.object.setText("c")
    check("handler-runs-per-emission", changes == 2, "ran \(changes) times for 2 emissions")
    check("handler-sees-its-emitter", emitter == label.object.object)
    check("handler-alive-while-connected", weakWitness != nil)
    connection?.disconnect()
    check("handler-released-on-disconnect", weakWitness == nil, "the boxed closure outlived its disconnect")
    label.object.setText("d")
    check("handler-silent-after-disconnect", changes == 2)
}

// The trampoline: a handler goes with its object.
do {
    weak var weakWitness: Witness?
    do {
        let label = Retained(Label("x"))
        let witness = Witness()
        weakWitness = witness
        Signal.connect(label.object, "notify::label") { _ = witness }
    }
    check("handler-released-with-its-object", weakWitness == nil, "finalizing the label kept the closure")
}

// The trampoline: a boolean argument and a boolean return value.
do {
    let toggle = Retained(Switch(unchecked: UnsafeMutableRawPointer(gtk_switch_new()!)))
    var seen: Bool?
    // state-set: (GtkSwitch*, gboolean state) -> gboolean; true keeps the old state.
    Signal.connect(toggle.object, "state-set") { arguments in
        seen = arguments.boolean(at: 1)
        arguments.setReturn(true)
    }
    toggle.object.setActive(true)
    check("boolean-argument", seen == true, "state-set gave \(String(describing: seen))")
    check("boolean-return-stops-default", toggle.object.isActive && gtk_switch_get_state(OpaquePointer(toggle.object.pointer)) == 0)
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

// Retained sinks a floating reference and drops its one reference.
do {
    let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
    defer { slot.deallocate() }
    do {
        let label = Retained(Label("floating"))
        check("retained-sinks", g_object_is_floating(label.object.pointer) == 0)
        slot.pointee = label.object.pointer
        g_object_add_weak_pointer(label.object.pointer.assumingMemoryBound(to: GObject.self), slot)
    }
    check("retained-drops-its-reference", slot.pointee == nil, "the label was not finalized")
}

// Casts: a subclass is its parent class; another class is not.
do {
    let toggle = Retained(ToggleButton(unchecked: UnsafeMutableRawPointer(gtk_toggle_button_new()!)))
    check("cast-to-a-parent-class", Button(ifInstance: toggle.object) != nil)
    check("cast-to-another-class-refused", Label(ifInstance: toggle.object) == nil)
    check("cast-names-the-class", toggle.object.typeName == "GtkToggleButton", toggle.object.typeName)
}

// The bundle the plugin compiled loads into a builder, whose look-ups are typed and checked;
// a bad bundle is refused.
do {
    var registered = true
    do { try Resources.register(base64: compiledResources) } catch { registered = false }
    check("bundle-registers", registered)
    check("bundle-lists-its-files", Resources.files(under: "/org/openalarmkit/Tests") == ["/org/openalarmkit/Tests/box.ui"],
          "\(Resources.files(under: "/org/openalarmkit/Tests"))")
    let builder = try! Builder(resource: "/org/openalarmkit/Tests/box.ui")
    let label = try? builder.object("label", as: Label.self)
    check("builder-finds-a-label", label != nil)
    check("builder-reads-its-text", label?.text == "Hello")
    check("builder-finds-a-subclass-as-its-parent", (try? builder.object("toggle", as: Button.self)) != nil)
    do {
        _ = try builder.object("lable", as: Label.self)
        check("builder-refuses-a-missing-id", false, "a typo was found")
    } catch {
        check("builder-refuses-a-missing-id", error == .missing(resource: "/org/openalarmkit/Tests/box.ui", id: "lable"), error.description)
    }
    do {
        _ = try builder.object("label", as: Switch.self)
        check("builder-refuses-a-wrong-class", false, "a label was taken for a switch")
    } catch {
        check("builder-refuses-a-wrong-class", error == .wrongClass(
            resource: "/org/openalarmkit/Tests/box.ui", id: "label", expected: "GtkSwitch", found: "GtkLabel"), error.description)
    }
    check("builder-lists-its-ids", Set(builder.ids) == ["box", "label", "button", "toggle"], "\(builder.ids)")
    do {
        _ = try Builder(resource: "/org/openalarmkit/Tests/nothing.ui")
        check("builder-refuses-a-missing-file", false)
    } catch {
        check("builder-refuses-a-missing-file", { if case .unloadable = error { true } else { false } }(), error.description)
    }
    var refused = false
    do { try Resources.register(base64: "bm90IGEgYnVuZGxl") } catch { refused = true }
    check("bad-bundle-refused", refused)
}

// RowList: rows made, updated, moved and removed as the models say, in place.
do {
    struct Item: Identifiable, Equatable {
        var id: Int
        var text: String
    }
    final class ItemView: RowView {
        let row: ListBoxRow
        let label: Label
        private(set) var model: Item
        var shows = 0
        init(_ model: Item) {
            label = Label("")
            row = ListBoxRow(child: label)
            self.model = model
            show(model)
        }
        func show(_ model: Item) {
            self.model = model
            shows += 1
            label.setText(model.text)
        }
    }
    let window = Window()
    let list = ListBox()
    window.setChild(list)
    window.present()
    var made = 0
    let rows = RowList<ItemView>(list) { model in
        made += 1
        return ItemView(model)
    }
    func shown() -> [String] { list.rows.map { rows.view(for: $0)?.model.text ?? "?" } }
    rows.show([Item(id: 1, text: "a"), Item(id: 2, text: "b"), Item(id: 3, text: "c")])
    check("rowlist-adds-in-order", shown() == ["a", "b", "c"], "\(shown())")
    let before = Dictionary(uniqueKeysWithValues: [1, 2, 3].map { ($0, rows.view($0)!.row) })
    var reparented = 0
    for row in before.values { Signal.connect(row, "notify::parent") { reparented += 1 } }
    _ = iterate(until: { window.isMapped })
    let focused = rows.view(2)!.row.grabFocus()
    rows.show([Item(id: 3, text: "c"), Item(id: 1, text: "a"), Item(id: 2, text: "b")])
    check("rowlist-reorders", shown() == ["c", "a", "b"], "\(shown())")
    check("rowlist-reorders-in-place", reparented == 0 && made == 3 && [1, 2, 3].allSatisfy { rows.view($0)!.row == before[$0] },
          "\(reparented) parent changes, \(made) rows made")
    check("rowlist-keeps-the-focus", focused && window.focus == rows.view(2)!.row.widget, "focus on \(window.focus?.typeName ?? "nothing")")
    rows.show([Item(id: 3, text: "c"), Item(id: 1, text: "A"), Item(id: 2, text: "b"), Item(id: 4, text: "d")])
    check("rowlist-updates-only-changed-rows", rows.view(1)!.shows == 2 && rows.view(2)!.shows == 1 && rows.view(3)!.shows == 1,
          "shows: \([1, 2, 3].map { rows.view($0)!.shows })")
    check("rowlist-adds-new-rows-in-place", shown() == ["c", "A", "b", "d"], "\(shown())")
    let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
    defer { slot.deallocate() }
    slot.pointee = rows.view(1)!.row.pointer
    g_object_add_weak_pointer(rows.view(1)!.row.pointer.assumingMemoryBound(to: GObject.self), slot)
    rows.show([Item(id: 4, text: "d"), Item(id: 3, text: "c")])
    check("rowlist-removes", shown() == ["d", "c"] && rows.view(1) == nil, "\(shown())")
    check("rowlist-frees-removed-rows", slot.pointee == nil, "the removed row lives on")
    window.close()
}

// Actions: run by name, with a string parameter, reached by their accelerators; a disabled one
// does not run.
do {
    let application = Retained(Application(id: "org.openalarmkit.GtkSupportCheck"), adopting: true)
    var runs: [String] = []
    application.object.addAction("plain") { runs.append("plain") }
    application.object.addAction("page", string: { runs.append("page \($0)") })
    let off = application.object.addAction("off") { runs.append("off") }
    off.setEnabled(false)
    application.object.activateAction("plain")
    application.object.activateAction("page", string: "timers")
    application.object.activateAction("off")
    check("action-runs", runs.first == "plain", "\(runs)")
    check("action-takes-a-string", runs.dropFirst().first == "page timers", "\(runs)")
    check("disabled-action-does-not-run", !runs.contains("off") && !off.isEnabled, "\(runs)")
    application.object.setAccelerators(["<Control>n", "<Alt>2"], for: "app.page::timers")
    check("accelerators-set", application.object.accelerators(for: "app.page::timers") == ["<Control>n", "<Alt>2"],
          "\(application.object.accelerators(for: "app.page::timers"))")
}

// Settings: a schema that is not installed is nil, not an abort; a key's default, a change.
do {
    check("settings-absent-schema-is-nil", Settings(schema: "org.openalarmkit.NoSuchSchema", key: "clock-format") == nil)
    check("settings-absent-key-is-nil", Settings(schema: "org.openalarmkit.Check", key: "no-such-key") == nil)
    if let settings = Settings(schema: "org.openalarmkit.Check", key: "clock-format") {
        var changes = 0
        settings.onChanged("clock-format") { changes += 1 }
        check("settings-reads-the-default", settings.string("clock-format") == "24h" && !settings.isSet("clock-format"),
              settings.string("clock-format"))
        let writer = g_settings_new("org.openalarmkit.Check")!
        g_settings_set_string(writer, "clock-format", "12h")
        _ = iterate(until: { changes > 0 })
        check("settings-sees-a-change", changes == 1 && settings.string("clock-format") == "12h" && settings.isSet("clock-format"),
              "\(changes) changes, \(settings.string("clock-format"))")
        g_object_unref(UnsafeMutableRawPointer(writer))
    } else {
        check("settings-reads-the-default", false, "org.openalarmkit.Check not found: GSETTINGS_SCHEMA_DIR unset?")
        check("settings-sees-a-change", false, "no schema")
    }
}

// The calendar's day: what `select` sets is what `selectedDay` reads, `day-selected` says so,
// and a day that does not exist changes nothing. A new calendar starts on today, and GTK emits
// `day-selected` only when the day of the month changes: the day picked is never today's (a
// fixed 7 failed on the 7th of every month).
MainActor.assumeIsolated {
    let calendar = Retained(CalendarWidget(unchecked: UnsafeMutableRawPointer(gtk_calendar_new()!)))
    var selections = 0
    calendar.object.onDaySelected { selections += 1 }
    let day = calendar.object.selectedDay.day == 7 ? 8 : 7
    calendar.object.select(year: 2027, month: 1, day: day)
    let picked = calendar.object.selectedDay
    check("calendar-selects-a-day", picked == (2027, 1, day) && selections == 1, "\(picked), \(selections) day-selected")
    calendar.object.select(year: 2027, month: 2, day: 30)
    let kept = calendar.object.selectedDay
    check("calendar-ignores-a-day-that-does-not-exist", kept == (2027, 1, day) && selections == 1, "\(kept), \(selections) day-selected")
}

// A row made in code shows its title as text, not as Pango markup.
MainActor.assumeIsolated {
    let row = Retained(ActionRow(title: "<b>Tom & Jerry</b>"))
    let instance = row.object.pointer.assumingMemoryBound(to: AdwPreferencesRow.self)
    let title = String(cString: adw_preferences_row_get_title(instance))
    check("action-row-title-is-plain-text", title == "<b>Tom & Jerry</b>" && adw_preferences_row_get_use_markup(instance) == 0, "\(title)")
}

print("checks \(count)")
exit(failures == 0 ? 0 : 1)
