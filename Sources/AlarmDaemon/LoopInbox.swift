import FoundationEssentials

/// What other threads tell the daemon: a popup's button (the GLib thread), a ring's first
/// frame or failure (a playback thread), another alarmd taking the state folder.
enum DaemonInput: Sendable {
    case popup(UUID, AlarmPresenter.Input)
    case sounding(alarm: UUID, firedFor: Date, firstFrame: Date?, failure: String?)
    case displaced(DaemonError)
}

/// Hands messages from any thread to the loop thread. The outputs that send them are built
/// before the daemon that receives them (it needs them), so they are handed this inbox; the
/// daemon subscribes when it is built, and nothing is delivered before the loop runs.
final class LoopInbox<Message: Sendable>: @unchecked Sendable {  // `receiver` is touched on the loop thread only
    private let loop: EventLoop
    private var receiver: (Message) -> Void = { _ in }

    init(loop: EventLoop) { self.loop = loop }

    /// Any thread.
    func send(_ message: Message) {
        loop.post { [self] in receiver(message) }
    }

    /// Loop thread (or before the loop runs).
    func receive(_ receiver: @escaping (Message) -> Void) { self.receiver = receiver }
}
