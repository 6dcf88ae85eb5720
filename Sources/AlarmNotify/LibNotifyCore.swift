import CLibNotify
import Logging

/// The presenter's state and every libnotify call. Confined to the GLib thread: the public
/// `LibNotifyPresenter` reaches it only through `GLibMainLoopThread.perform`, and libnotify's
/// callbacks arrive on that thread by construction.
final class LibNotifyCore {
    let appName: String
    let server: NotificationServerInfo
    let logger: Logger
    /// Where events go: the presenter's AsyncStream, or a plain callback (`startBlocking`).
    let sink: EventSink
    private let loop = GLibMainLoopThread.shared

    /// What the caller currently wants on screen, by key.
    private final class Entry {
        var content: AlarmNotification
        var handle: NotificationHandle?
        /// False once withdrawn, or once a user gesture decided (action or dismiss).
        var wanted = true
        /// Grows while a server keeps dropping the popup, so a hostile server is not hammered.
        var reshowDelay: UInt32 = 0
        /// Identifies the pending re-show timer; a newer one makes older timers no-ops.
        var reshowToken: UInt64 = 0
        /// The serial of a Notify call that timed out: a stalled server may still show the
        /// popup and answer with its id later. Until it does (or goes away), nothing else is
        /// sent for this key: every retry would be one more popup once the server catches up.
        var awaitingReply: UInt32?
        init(content: AlarmNotification) { self.content = content }
    }

    private var entries: [String: Entry] = [:]
    /// Notify calls that timed out, by serial: their popups, once the late reply names them.
    private var pendingReplies: [UInt32: (key: String, handle: NotificationHandle)] = [:]
    private var lateReplyFilter: guint = 0
    private var nextSerial: UInt64 = 0
    private var nextToken: UInt64 = 0
    private var isShutDown = false
    private var nameWatch: guint = 0
    private var serverHasVanished = false
    /// The watch's first callback only reports the state when it started, which may be stale:
    /// a server D-Bus-activated by our first Notify appears after the watch said "vanished".
    private var nameWatchPrimed = false
    /// The unique bus name of the server now owning the name, once the watch said so.
    private var serverOwner: String?
    /// Told the popups on screen when they change (`observeShown`), and what it was last told.
    private var shownObserver: (@Sendable (ShownPopups) -> Void)?
    private var lastShown: ShownPopups?
    /// A dead instance's popups, closed once the server's bus name is known to be theirs.
    private var leftovers: ShownPopups?

    init(appName: String, server: NotificationServerInfo, logger: Logger,
         sink: EventSink) {
        self.appName = appName
        self.server = server
        self.logger = logger
        self.sink = sink
    }

    // MARK: Requests from the presenter

    func show(_ content: AlarmNotification) -> Result<Void, NotificationError> {
        guard !isShutDown else { return .failure(.presenterShutDown) }
        defer { reportShown() }
        let entry = entries[content.key] ?? Entry(content: content)
        entries[content.key] = entry
        entry.content = content
        entry.wanted = true
        entry.reshowDelay = 0
        entry.reshowToken = 0
        let result = present(entry, key: content.key)
        if case .failure = result {
            if content.keepsShown { scheduleReshow(key: content.key, entry: entry) } else { entries[content.key] = nil }
        }
        return result
    }

    func withdraw(key: String) {
        defer { reportShown() }
        guard let entry = entries.removeValue(forKey: key) else { return }
        entry.wanted = false
        // A popup still awaited has no id to close yet: the late reply closes it (`adopt`).
        if let handle = entry.handle, entry.awaitingReply == nil { close(handle) }
    }

    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        for key in Array(entries.keys) { withdraw(key: key) }
        reportShown()
        if nameWatch != 0 { g_bus_unwatch_name(nameWatch) }
        nameWatch = 0
        oak_unwatch_late_replies(lateReplyFilter)
        lateReplyFilter = 0
        sink.finish()
    }

    // MARK: Signals from the server (via NotificationHandle's C callbacks)

    func actionInvoked(key: String, serial: UInt64, action: String) {
        guard let entry = entries[key], let handle = entry.handle, handle.serial == serial,
            !handle.isClosed, !handle.actionInvoked
        else { return }
        handle.actionInvoked = true
        entry.wanted = false
        defer { reportShown() }
        // A resident popup stays on screen after its button was pressed (that is what
        // `resident` asks); the press decided, so it goes now, before it can hide what comes
        // next. Servers that already closed it ignore the close.
        if entry.content.isResident { close(handle) }
        sink.emit(.actionInvoked(key: key, action: action))
    }

    func serverClosed(key: String, serial: UInt64, reason: NotificationCloseReason) {
        guard let entry = entries[key], let handle = entry.handle, handle.serial == serial, !handle.isClosed
        else { return }
        handle.isClosed = true
        defer { reportShown() }
        if handle.actionInvoked {
            // The close that follows an action: the action already decided.
            if !entry.wanted { entries[key] = nil }
            return
        }
        if entry.wanted, entry.content.keepsShown, reason != .dismissedByUser {
            logger.debug("notification '\(key)' closed by the server (\(reason)); showing it again")
            if ContinuousClock.now - handle.shownAt > .seconds(10) { entry.reshowDelay = 0 }
            scheduleReshow(key: key, entry: entry)
            return
        }
        entries[key] = nil
        sink.emit(.closed(key: key, reason: reason))
    }

    /// The server left the bus (crashed, restarted): its popups are gone without a signal.
    /// - Parameter ownedNow: asks the bus whether the name has an owner at this moment.
    func serverVanished(ownedNow: () -> Bool) {
        if !nameWatchPrimed {
            nameWatchPrimed = true
            // The first report may be stale (see `nameWatchPrimed`), or may arrive after a real
            // vanish that followed our first show: believe it only if nobody owns the name now.
            guard !ownedNow() else { return }
        }
        serverHasVanished = true
        serverOwner = nil
        defer { reportShown() }
        for (key, entry) in entries {
            guard let handle = entry.handle, !handle.isClosed else { continue }
            handle.isClosed = true
            // An awaited reply will not come from a server that left.
            if let serial = entry.awaitingReply {
                pendingReplies[serial] = nil
                entry.awaitingReply = nil
            }
            if handle.actionInvoked {
                if !entry.wanted { entries[key] = nil }
            } else if entry.wanted, entry.content.keepsShown {
                scheduleReshow(key: key, entry: entry)
            } else {
                entries[key] = nil
                sink.emit(.closed(key: key, reason: .undefined))
            }
        }
    }

    /// A server (again) owns the name: bring back what must stay shown without waiting for the
    /// backoff timers.
    func serverAppeared(owner: String?) {
        serverOwner = owner
        closeLeftoversOfThisServer()
        reportShown()
        guard nameWatchPrimed else { return nameWatchPrimed = true }
        guard serverHasVanished else { return }
        serverHasVanished = false
        for (key, entry) in entries where entry.wanted && entry.content.keepsShown {
            if entry.handle?.isClosed ?? true {
                entry.reshowDelay = 0
                scheduleReshow(key: key, entry: entry)
            }
        }
    }

    /// Installs the filter that sees late Notify replies (`adopt`).
    func watchLateReplies() {
        let context = Unmanaged.passRetained(LateReplyContext(core: self)).toOpaque()
        lateReplyFilter = oak_watch_late_replies(lateReplyCallback, context) { data in
            Unmanaged<LateReplyContext>.fromOpaque(data!).release()
        }
    }

    /// A stalled server answered a Notify that had timed out: the popup it showed is the one
    /// the entry awaited. Still wanted, it takes the id and shows its latest content in place;
    /// stopped or withdrawn meanwhile, it is closed at once, so no popup with dead buttons
    /// stays.
    func adopt(serial: UInt32, id: UInt32) {
        guard let (key, handle) = pendingReplies.removeValue(forKey: serial), id != 0 else { return }
        defer { reportShown() }
        oak_notification_set_id(handle.pointer, gint(bitPattern: id))
        if let entry = entries[key], entry.handle === handle, entry.awaitingReply == serial, entry.wanted, !isShutDown {
            entry.awaitingReply = nil
            handle.shownAt = .now
            logger.info("the notification server caught up with '\(key)'; its popup is updated in place")
            _ = present(entry, key: key)
            return
        }
        entries[key]?.awaitingReply = nil
        logger.info("the notification server caught up with '\(key)', no longer wanted: closing it")
        close(handle)
    }

    func watchServerName() {
        let context = NameWatchContext(core: self)
        nameWatch = g_bus_watch_name(
            G_BUS_TYPE_SESSION, SessionBusProbe.serverName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, owner, data in NameWatchContext.borrow(data).core?.serverAppeared(owner: owner.map { String(cString: $0) }) },
            { connection, _, data in
                NameWatchContext.borrow(data).core?.serverVanished(ownedNow: { connection.map(SessionBusProbe.nameHasOwner) ?? false })
            },
            Unmanaged.passRetained(context).toOpaque(),
            { data in Unmanaged<NameWatchContext>.fromOpaque(data!).release() })
    }

    // MARK: Showing

    private func present(_ entry: Entry, key: String) -> Result<Void, NotificationError> {
        let handle: NotificationHandle
        if let current = entry.handle, !current.isClosed, !current.actionInvoked {
            handle = current  // replace in place: libnotify sends the same id as replaces_id
        } else {
            // A closed popup has no id to replace any more, and a decided one must not turn into
            // the next presentation (its late NotificationClosed would be taken for ours).
            if let old = entry.handle, !old.isClosed { close(old) }
            nextSerial += 1
            handle = NotificationHandle(key: key, serial: nextSerial, core: self)
            entry.handle = handle
        }
        if entry.awaitingReply != nil { return .success(()) }  // shown with its latest content once adopted
        configure(handle, with: entry.content, key: key)
        var error: UnsafeMutablePointer<GError>?
        handle.shownAt = .now
        guard notify_notification_show(handle.pointer, &error) != 0 else {
            let timedOut = oak_error_is_timeout(error) != 0
            let reason = takeErrorMessage(&error)
            let serial = oak_session_bus_last_serial()
            if timedOut, serial != 0 {
                // The server may still carry it out: wait for its answer instead of sending
                // another Notify, which would be one more popup once it catches up.
                entry.awaitingReply = serial
                pendingReplies[serial] = (key, handle)
                logger.warning("the notification server did not answer in time for '\(key)' (\(reason)); waiting for it rather than sending the popup again")
                return .success(())
            }
            handle.isClosed = true
            logger.warning("could not show notification '\(key)': \(reason)")
            return .failure(.showFailed(key: key, reason: reason))
        }
        return .success(())
    }

    private func configure(_ handle: NotificationHandle, with content: AlarmNotification, key: String) {
        let notification = handle.pointer
        notify_notification_clear_hints(notification)
        notify_notification_clear_actions(notification)
        notify_notification_update(
            notification, content.summary.isEmpty ? " " : content.summary,
            content.wireBody(for: server), content.icon)
        notify_notification_set_app_name(notification, content.appName ?? appName)
        notify_notification_set_timeout(notification, content.timeout.wireValue)
        notify_notification_set_urgency(notification, NotifyUrgency(UInt32(content.urgency.rawValue)))
        if let category = content.category { notify_notification_set_category(notification, category) }
        if content.isResident { notify_notification_set_hint(notification, "resident", g_variant_new_boolean(1)) }
        if content.suppressesSound {
            notify_notification_set_hint(notification, "suppress-sound", g_variant_new_boolean(1))
        }
        if let entry = content.desktopEntry {
            notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(entry))
        }
        guard server.supportsActions else { return }
        // Never the `action-icons` hint: servers that honour it (notification-daemon,
        // xfce4-notifyd) then draw bare icons instead of the labels, and dunst lists the icon
        // names in its menu. Labels are the one thing every server shows.
        for action in content.actions {
            handle.addAction(wireKey: action.key, label: action.label, actionKey: action.key, key: key, core: self)
        }
    }

    private func close(_ handle: NotificationHandle) {
        guard !handle.isClosed else { return }
        handle.isClosed = true
        var error: UnsafeMutablePointer<GError>?
        if server.ignoresCloseRequests {
            // Replaced in place by a copy that expires at once: the one removal it honours.
            notify_notification_set_timeout(handle.pointer, 1)
            if notify_notification_show(handle.pointer, &error) == 0 {
                logger.debug("expiring a notification failed: \(takeErrorMessage(&error))")
            }
            return
        }
        if notify_notification_close(handle.pointer, &error) == 0 {
            logger.debug("closing a notification failed: \(takeErrorMessage(&error))")
        }
    }

    private func scheduleReshow(key: String, entry: Entry) {
        nextToken += 1
        let token = nextToken
        entry.reshowToken = token
        let delay = entry.reshowDelay
        entry.reshowDelay = delay == 0 ? 250 : min(delay * 2, 30_000)
        let core = LoopConfined(self)
        loop.schedule(afterMilliseconds: max(delay, 1)) {
            core.value.reshow(key: key, token: token)
        }
    }

    private func reshow(key: String, token: UInt64) {
        guard !isShutDown, let entry = entries[key], entry.reshowToken == token,
            entry.wanted, entry.content.keepsShown
        else { return }
        if case .failure = present(entry, key: key) { scheduleReshow(key: key, entry: entry) }
        reportShown()
    }
}

// MARK: Popups of a dead instance

extension LibNotifyCore {
    func observeShown(_ observer: @escaping @Sendable (ShownPopups) -> Void) {
        shownObserver = observer
        lastShown = nil
        reportShown()
    }

    func closeLeftovers(_ popups: ShownPopups) {
        leftovers = popups.ids.isEmpty ? nil : popups
        closeLeftoversOfThisServer()
    }

    /// Closes the leftovers if the server that showed them still runs (same unique bus name);
    /// a restarted server has shown none of them, and its ids belong to others.
    fileprivate func closeLeftoversOfThisServer() {
        guard let popups = leftovers, let owner = serverOwner else { return }
        leftovers = nil
        guard popups.server == owner else { return }
        let ours = Set(currentlyShown().values)
        for id in Set(popups.ids.values) where id != 0 && !ours.contains(id) {
            let notification = oak_notification_new_with_id(" ", "", "", gint(bitPattern: id))!
            var error: UnsafeMutablePointer<GError>?
            if server.ignoresCloseRequests {
                // As in `close`: replaced by a copy that expires at once.
                notify_notification_set_timeout(notification, 1)
                if notify_notification_show(notification, &error) == 0 { logger.debug("expiring a leftover notification failed: \(takeErrorMessage(&error))") }
            } else if notify_notification_close(notification, &error) == 0 {
                logger.debug("closing a leftover notification failed: \(takeErrorMessage(&error))")
            }
            g_object_unref(UnsafeMutableRawPointer(notification))
        }
        logger.info("closed \(popups.ids.count) popup(s) left by a previous alarmd")
    }

    private func currentlyShown() -> [String: UInt32] {
        var ids: [String: UInt32] = [:]
        for (key, entry) in entries {
            guard let handle = entry.handle, !handle.isClosed else { continue }
            let id = oak_notification_get_id(handle.pointer)
            if id > 0 { ids[key] = UInt32(id) }
        }
        return ids
    }

    /// Tells the observer the popups on screen, when they changed.
    fileprivate func reportShown() {
        guard let shownObserver, let owner = serverOwner else { return }
        let now = ShownPopups(server: owner, ids: currentlyShown())
        guard now != lastShown else { return }
        lastShown = now
        shownObserver(now)
    }
}

/// The user data of the late-reply filter, which GDBus calls on its worker thread: the
/// reply is handed to the GLib thread, where the core lives.
private final class LateReplyContext: @unchecked Sendable {  // `core` is read on the GLib thread only
    weak var core: LibNotifyCore?
    init(core: LibNotifyCore) { self.core = core }
}

private let lateReplyCallback: oak_late_reply_callback = { serial, id, data in
    let context = Unmanaged<LateReplyContext>.fromOpaque(data!).takeUnretainedValue()
    GLibMainLoopThread.shared.schedule { context.core?.adopt(serial: serial, id: id) }
}

/// The user data of the bus-name watch; weak for the same reason as `SignalContext`.
private final class NameWatchContext {
    weak var core: LibNotifyCore?
    init(core: LibNotifyCore) { self.core = core }
    static func borrow(_ pointer: gpointer?) -> NameWatchContext {
        Unmanaged<NameWatchContext>.fromOpaque(pointer!).takeUnretainedValue()
    }
}
