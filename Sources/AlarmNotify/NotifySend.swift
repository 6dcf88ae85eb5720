import CLibNotify
import Dispatch

/// One notify-send 0.8.1 invocation, already read from its command line: what to post and
/// whether to wait. `NotifySend.run` turns it into the same libnotify calls, in the same
/// order, as notify-send makes, so the server sees the same D-Bus call.
public struct NotifySendRequest: Sendable, Equatable {
    /// The name given to libnotify (`notify_init`), which is the app name unless `appName` is set.
    public var programName: String
    public var appName: String?
    public var summary: String
    /// Already unescaped (`NotifySend.expandEscapes`); nil when no body was given.
    public var body: String?
    public var icon: String?
    public var replaceID: Int32
    public var category: String?
    /// 0 low, 1 normal, 2 critical.
    public var urgency: UInt8
    /// Milliseconds; -1 the server's default, 0 never.
    public var expireTimeout: Int32
    public var transient: Bool
    /// `TYPE:NAME:VALUE`, as typed.
    public var hints: [String]
    /// `[NAME=]Text`, as typed.
    public var actions: [String]
    public var wait: Bool
    public var printID: Bool

    public init(
        programName: String, appName: String? = nil, summary: String, body: String? = nil, icon: String? = nil,
        replaceID: Int32 = 0, category: String? = nil, urgency: UInt8 = 1, expireTimeout: Int32 = -1,
        transient: Bool = false, hints: [String] = [], actions: [String] = [], wait: Bool = false, printID: Bool = false
    ) {
        self.programName = programName
        self.appName = appName
        self.summary = summary
        self.body = body
        self.icon = icon
        self.replaceID = replaceID
        self.category = category
        self.urgency = urgency
        self.expireTimeout = expireTimeout
        self.transient = transient
        self.hints = hints
        self.actions = actions
        self.wait = wait
        self.printID = printID
    }
}

/// Where notify-send's output goes (lines without their newline).
public struct NotifySendOutput: Sendable {
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

public enum NotifySend {
    /// notify-send's body unescaping (GLib's `g_strcompress`): `\n`, `\t`, `\\`, `\"`, `\b`,
    /// `\f`, `\r`, `\v`, octal `\101`; any other escaped character stands for itself.
    public static func expandEscapes(_ text: String) -> String {
        guard let expanded = g_strcompress(text) else { return text }
        defer { g_free(expanded) }
        return String(cString: expanded)
    }

    /// Whether `bytes` are valid UTF-8 by GLib's rules (what notify-send checks).
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { g_utf8_validate($0.baseAddress, gssize(buffer.count), nil) != 0 }
        }
    }

    /// Posts the notification, and waits when the request says so (or has actions the server
    /// shows) until the popup is answered, closed, expires or Ctrl-C. Returns the exit status.
    /// `onShown` runs once the popup is posted, with whether the run will wait for it.
    /// The popup is never withdrawn on the way out: it outlives the command, as with notify-send.
    /// Blocks the calling thread while the GLib thread does the work, as notify-send's main
    /// does: the command needs no Swift concurrency (whose runtime would be most of notify's
    /// memory and start-up).
    public static func run(
        _ request: NotifySendRequest, output: NotifySendOutput, onShown: (_ waiting: Bool) -> Void = { _ in }
    ) -> Int32 {
        let loop = GLibMainLoopThread.shared
        let session = loop.performAndWait { LoopConfined(NotifySendSession(request: request, output: output)) }
        let waiting = loop.performAndWait { session.value.post() }
        onShown(waiting)
        if waiting {
            let answered = DispatchSemaphore(value: 0)
            loop.schedule { session.value.whenDone { answered.signal() } }
            answered.wait()
        }
        return loop.performAndWait { session.value.finish() }
    }
}

/// The state of one run, on the GLib thread (as notify-send's own main loop).
final class NotifySendSession {
    private let request: NotifySendRequest
    private let output: NotifySendOutput
    private var notification: UnsafeMutablePointer<NotifyNotification>?
    private var failed = false
    private var done = false
    private var onDone: (() -> Void)?
    private var interruptSource: guint = 0

    init(request: NotifySendRequest, output: NotifySendOutput) {
        self.request = request
        self.output = output
    }

    /// notify-send's main() from notify_init to the show; returns whether to wait.
    func post() -> Bool {
        if notify_is_initted() == 0, notify_init(request.programName) == 0 {
            failed = true
            return false
        }
        let notification = oak_notification_new_with_id(request.summary, request.body, request.icon, request.replaceID)!
        self.notification = notification
        notify_notification_set_category(notification, request.category)
        notify_notification_set_urgency(notification, NotifyUrgency(UInt32(request.urgency)))
        notify_notification_set_timeout(notification, request.expireTimeout)
        notify_notification_set_app_name(notification, request.appName)
        if request.transient { notify_notification_set_hint(notification, "transient", g_variant_new_boolean(1)) }

        var hintFailed = false
        for hint in request.hints {
            let tokens = hint.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard tokens.count == 3 else {
                output.standardError("Invalid hint syntax specified. Use TYPE:NAME:VALUE.")
                hintFailed = true
                break
            }
            if let message = NotifySendHint.apply(type: tokens[0], name: tokens[1], value: tokens[2], to: notification) {
                output.standardError(message)
                hintFailed = true
                break
            }
        }

        var wait = request.wait
        if !request.actions.isEmpty {
            let serverShowsActions = Self.serverCapabilities().contains { $0.lowercased() == "actions" }
            if !serverShowsActions {
                output.standardError("Actions are not supported by this notifications server. Displaying non-interactively.")
                failed = true
            } else {
                for (index, action) in request.actions.enumerated() {
                    let parts = action.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let name = parts.count == 1 ? String(index) : Self.strip(parts[0])
                    let label = Self.strip(parts.count == 1 ? parts[0] : parts[1])
                    guard !name.isEmpty, !label.isEmpty else { continue }
                    let context = Unmanaged.passRetained(ActionContext(session: self, name: name)).toOpaque()
                    notify_notification_add_action(notification, name, label, actionCallback, context, releaseActionContext)
                    wait = true
                }
            }
        }

        if wait {
            let context = Unmanaged.passRetained(ActionContext(session: self, name: "")).toOpaque()
            oak_notification_connect_closed(notification, closedCallback, context, releaseClosedContext)
            // notify-send 0.8.1 has no wait timeout of its own (later versions do): the server's
            // NotificationClosed on expiry ends the wait.
        }

        var shown = false
        if hintFailed {
            failed = true
        } else {
            var error: UnsafeMutablePointer<GError>?
            if notify_notification_show(notification, &error) == 0 {
                output.standardError(takeErrorMessage(&error))
                failed = true
            } else {
                shown = true
            }
        }
        if request.printID { output.standardOutput(String(oak_notification_get_id(notification))) }
        // Unlike notify-send 0.8.1, which waits forever for a popup that was never posted (no
        // session bus, no notification server on it): the D-Bus error above and status 1.
        guard wait, shown else { return false }
        oak_session_bus_close_terminates_process()
        let context = Unmanaged.passRetained(ActionContext(session: self, name: "")).toOpaque()
        interruptSource = g_unix_signal_add_full(0, SIGINT, interrupted, context, releaseActionContext)
        return true
    }

    func whenDone(_ body: @escaping () -> Void) {
        if done { body() } else { onDone = body }
    }

    func finish() -> Int32 {
        if interruptSource != 0 { g_source_remove(interruptSource) }
        interruptSource = 0
        if let notification { g_object_unref(notification) }
        notification = nil
        return failed ? 1 : 0
    }

    // MARK: Signals

    fileprivate func actionInvoked(_ name: String) {
        output.standardOutput(name)
        if let notification { notify_notification_close(notification, nil) }
    }

    fileprivate func quit() {
        guard !done else { return }
        done = true
        onDone?()
        onDone = nil
    }

    fileprivate func interruptedByUser() {
        interruptSource = 0  // the source ends with this call
        output.standardError("Wait cancelled, closing notification")
        if let notification { notify_notification_close(notification, nil) }
        quit()
    }

    /// g_strstrip: ASCII white space off both ends.
    private static func strip(_ text: String) -> String {
        let space: Set<Character> = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"]
        return String(text.drop { space.contains($0) }.reversed().drop { space.contains($0) }.reversed())
    }

    private static func serverCapabilities() -> [String] {
        var capabilities: [String] = []
        guard let list = notify_get_server_caps() else { return [] }
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data { capabilities.append(String(cString: data.assumingMemoryBound(to: CChar.self))) }
            node = current.pointee.next
        }
        g_list_free_full(list, g_free)
        return capabilities
    }
}

/// What a C callback needs to find the session again; the session outlives every callback
/// (sources are removed and the notification unreffed in `finish`).
private final class ActionContext {
    unowned let session: NotifySendSession
    let name: String
    init(session: NotifySendSession, name: String) {
        self.session = session
        self.name = name
    }
    static func borrow(_ pointer: gpointer?) -> ActionContext { Unmanaged<ActionContext>.fromOpaque(pointer!).takeUnretainedValue() }
}

private let actionCallback: NotifyActionCallback = { _, _, data in
    let context = ActionContext.borrow(data)
    context.session.actionInvoked(context.name)
}

private let closedCallback: oak_closed_callback = { _, data in ActionContext.borrow(data).session.quit() }

private let interrupted: GSourceFunc = { data in
    ActionContext.borrow(data).session.interruptedByUser()
    return 0
}

private let releaseActionContext: GDestroyNotify = { data in Unmanaged<ActionContext>.fromOpaque(data!).release() }
private let releaseClosedContext: GClosureNotify = { data, _ in Unmanaged<ActionContext>.fromOpaque(data!).release() }
