import CGtk
import Foundation
import GtkSupport
import LinuxSupport
import Testing

/// The binding layer's logic against real GTK: the one trampoline (arguments, return values,
/// release on disconnect and on destroy), the main-loop hop, object lifetimes, and the
/// GResource bundle the plugin compiled.
@MainActor
@Suite(.serialized) struct GtkSupportTests {
    /// Tells when a Swift object (captured by a handler) is freed.
    final class Witness {}

    @Test func aHandlerRunsWithItsArgumentsAndIsReleasedOnDisconnect() throws {
        guard try GtkTestDisplay.start() else { return }
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
        #expect(changes == 2)
        #expect(emitter == label.pointer)
        #expect(weakWitness != nil)
        connection?.disconnect()
        #expect(weakWitness == nil, "the boxed closure is released on disconnect")
        gtk_label_set_label(ptr(label.pointer), "d")
        #expect(changes == 2)
    }

    @Test func aHandlerIsReleasedWithItsObject() throws {
        guard try GtkTestDisplay.start() else { return }
        weak var weakWitness: Witness?
        do {
            let label = ObjectRef(GObjectPointer(gtk_label_new("x")))
            let witness = Witness()
            weakWitness = witness
            Signal.connect(label.pointer, "notify::label") { _ = witness }
            #expect(weakWitness != nil)
        }
        #expect(weakWitness == nil, "finalizing the label released the closure")
    }

    @Test func booleanArgumentsAndReturnValues() throws {
        guard try GtkTestDisplay.start() else { return }
        let toggle = ObjectRef(GObjectPointer(gtk_switch_new()))
        var seen: Bool?
        // state-set: (GtkSwitch*, gboolean state) -> gboolean; true keeps the old state.
        Signal.connect(toggle.pointer, "state-set") { arguments in
            seen = arguments.boolean(at: 1)
            arguments.setReturn(true)
        }
        gtk_switch_set_active(ptr(toggle.pointer), 1)
        #expect(seen == true)
        #expect(gtk_switch_get_active(ptr(toggle.pointer)) != 0)
        #expect(gtk_switch_get_state(ptr(toggle.pointer)) == 0, "the handler's true return stopped the default handler")
    }

    @Test func workFromAnotherThreadRunsOnTheMainLoop() throws {
        guard try GtkTestDisplay.start() else { return }
        let main = pthread_self()
        nonisolated(unsafe) var ranOnMain: Bool?
        DetachedThread.start {
            MainLoop.invoke { ranOnMain = pthread_equal(pthread_self(), main) != 0 }
        }
        #expect(GtkTestDisplay.iterate(until: { ranOnMain != nil }))
        #expect(ranOnMain == true)
    }

    @Test func aTimeoutFiresOnceAndIsGone() throws {
        guard try GtkTestDisplay.start() else { return }
        var fired = 0
        MainLoop.after(milliseconds: 10) { fired += 1 }
        #expect(GtkTestDisplay.iterate(until: { fired == 1 }))
        _ = GtkTestDisplay.iterate(until: { fired > 1 }, seconds: 0.1)
        #expect(fired == 1)
    }

    @Test func objectRefSinksAFloatingReferenceAndDropsIt() throws {
        guard try GtkTestDisplay.start() else { return }
        let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        defer { slot.deallocate() }
        do {
            let label = ObjectRef(GObjectPointer(gtk_label_new("floating")))
            #expect(g_object_is_floating(label.pointer) == 0)
            slot.pointee = label.pointer
            g_object_add_weak_pointer(ptr(label.pointer), slot)
        }
        #expect(slot.pointee == nil, "the one reference was dropped and the label finalized")
    }

    @Test func theCompiledBundleLoadsIntoABuilder() throws {
        guard try GtkTestDisplay.start() else { return }
        try Resources.register(base64: compiledResources)
        let builder = Builder(resource: "/org/openalarmkit/Tests/box.ui")
        let label = builder.object("label")
        #expect(isInstance(label, of: gtk_label_get_type()))
        #expect(String(cString: gtk_label_get_text(ptr(label))) == "Hello")
        #expect(throws: Resources.Failure.self) { try Resources.register(base64: "bm90IGEgYnVuZGxl") }
    }
}
