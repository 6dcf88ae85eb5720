/// What a person (or the server) did with a popup. Exactly one event per user gesture: an
/// action followed by the server's own NotificationClosed yields only `actionInvoked`.
/// Withdrawing a popup yields no event (the caller already knows), and neither does a
/// `keepsShown` popup that the server dropped by itself (it is shown again instead).
public enum NotificationEvent: Sendable, Equatable {
    /// `action` is the `NotificationAction.key` of the button pressed.
    case actionInvoked(key: String, action: String)
    case closed(key: String, reason: NotificationCloseReason)

    /// The `AlarmNotification.key` the event is about.
    public var key: String {
        switch self {
        case .actionInvoked(let key, _), .closed(let key, _): key
        }
    }
}

/// The reasons of the NotificationClosed signal (Desktop Notifications spec 1.2).
public enum NotificationCloseReason: UInt32, Sendable, Equatable {
    case expired = 1
    case dismissedByUser = 2
    case closedByCall = 3
    case undefined = 4

    init(wire: Int32) { self = NotificationCloseReason(rawValue: UInt32(clamping: wire)) ?? .undefined }
}

/// Where a presenter's events go: an AsyncStream for async callers, or a callback (run on the
/// GLib thread) for callers that avoid Swift concurrency.
struct EventSink: Sendable {
    let emit: @Sendable (NotificationEvent) -> Void
    let finish: @Sendable () -> Void

    static func stream(_ continuation: AsyncStream<NotificationEvent>.Continuation) -> EventSink {
        EventSink(emit: { continuation.yield($0) }, finish: { continuation.finish() })
    }

    static func callback(_ handler: @escaping @Sendable (NotificationEvent) -> Void) -> EventSink {
        EventSink(emit: handler, finish: {})
    }
}
