import CLibNotify
import Synchronization

/// One libnotify `NotifyNotification`, that is one popup on the server with one server id.
/// Lives on the GLib thread. The handle owns the object's reference; every C callback it
/// registers carries a retained `SignalContext` that GLib releases when the callback can no
/// longer run (handler disconnected, actions cleared, object finalized).
final class NotificationHandle {
    let pointer: UnsafeMutablePointer<NotifyNotification>
    /// Distinguishes this popup from earlier and later ones of the same key, so a late signal of
    /// a replaced popup is recognised and ignored.
    let serial: UInt64
    /// The server said NotificationClosed, the popup was withdrawn, or the server vanished.
    var isClosed = false
    /// A button was pressed: this popup's outcome is decided, so the NotificationClosed many
    /// servers send right after is not a second event, and the popup is not updated in place.
    var actionInvoked = false
    /// When it was last (re)shown, to tell a server that drops popups at once from one that
    /// expires them after a while.
    var shownAt = ContinuousClock.now

    init(key: String, serial: UInt64, core: LibNotifyCore) {
        pointer = notify_notification_new(" ", nil, nil)
        self.serial = serial
        let context = SignalContext(core: core, key: key, serial: serial, action: nil)
        oak_notification_connect_closed(pointer, closedCallback, context.retainedPointer, releaseSignalContext)
    }

    deinit {
        // Not unreffed right here: the last reference may be dropped inside one of this object's
        // own signal handlers, and libnotify still uses the object after the handler returns.
        let object = GLibPointer(raw: UnsafeMutableRawPointer(pointer))
        GLibMainLoopThread.shared.schedule { g_object_unref(object.raw) }
    }

    /// Adds a button whose presses reach `core.actionInvoked` with the caller's action key.
    func addAction(wireKey: String, label: String, actionKey: String, key: String, core: LibNotifyCore) {
        let context = SignalContext(core: core, key: key, serial: serial, action: actionKey)
        notify_notification_add_action(
            pointer, wireKey, label, actionCallback, context.retainedPointer, releaseActionContext)
    }
}

/// What a C callback needs to find its way back. `core` is weak: a callback that outlives the
/// presenter does nothing instead of touching freed state.
final class SignalContext {
    weak var core: LibNotifyCore?
    let key: String
    let serial: UInt64
    let action: String?

    init(core: LibNotifyCore, key: String, serial: UInt64, action: String?) {
        self.core = core
        self.key = key
        self.serial = serial
        self.action = action
        Self.alive.add(1, ordering: .relaxed)
    }

    deinit { Self.alive.subtract(1, ordering: .relaxed) }

    /// How many contexts GLib still holds: lets the tests prove every one is released.
    static let alive = Atomic<Int>(0)

    /// +1 reference handed to GLib; balanced by `releaseSignalContext`/`releaseActionContext`.
    var retainedPointer: gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func borrow(_ pointer: gpointer?) -> SignalContext {
        Unmanaged<SignalContext>.fromOpaque(pointer!).takeUnretainedValue()
    }
}

private let closedCallback: oak_closed_callback = { notification, data in
    let context = SignalContext.borrow(data)
    let reason = NotificationCloseReason(wire: notify_notification_get_closed_reason(notification))
    context.core?.serverClosed(key: context.key, serial: context.serial, reason: reason)
}

private let actionCallback: NotifyActionCallback = { _, _, data in
    let context = SignalContext.borrow(data)
    context.core?.actionInvoked(key: context.key, serial: context.serial, action: context.action ?? "")
}

private let releaseSignalContext: GClosureNotify = { data, _ in
    Unmanaged<SignalContext>.fromOpaque(data!).release()
}

private let releaseActionContext: GFreeFunc = { data in
    Unmanaged<SignalContext>.fromOpaque(data!).release()
}
