import AlarmClient
import FoundationEssentials
import LinuxSupport

extension AlarmRowMaker {
    /// What the window says when alarmd refuses a row's request, in the person's words where
    /// the reason is known (alarmd's own message is English, for every client): a one-off that
    /// rang on its date needs a new date before it can be on again; a skip already made.
    package static func refusal(_ op: AlarmProtocol.Operation, record: AlarmRecord, error: ConnectionError, now: Date = Date()) -> String {
        let title = Self.title(record)
        guard case .refused(let reply) = error else { return error.description }
        let datePassed = if case .fixed(let date) = record.schedule { date <= now } else { false }
        switch (op, reply.code) {
        case (.enable, _) where datePassed:
            return tr("“%1$s” rang on its date: open it and choose a new date to use it again.", title)
        case (.skip, .invalidTransition) where record.skippedFire != nil:
            return tr("“%1$s” already skips its next date.", title)
        case (.unskip, .invalidTransition):
            return tr("“%1$s” skips nothing now.", title)
        default:
            return error.description
        }
    }
}
