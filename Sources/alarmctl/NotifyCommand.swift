import AlarmAudio
import AlarmNotify
import ArgumentParser
import Dispatch
import Foundation

/// `alarmctl notify`: a notify-send compatible popup that can also wait for a button press.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Post a desktop notification (notify-send style) and optionally wait for a button.",
        discussion: """
            With actions or --wait, waits until the popup is clicked or closed and prints the \
            key of the action pressed (nothing when it was closed). Exit status 0 either way. \
            Without a notification server the popup is printed to stderr and nothing is awaited.
            """)

    @Argument(help: "The summary (title).")
    var summary: String

    @Argument(help: "The body text (plain text).")
    var body: String?

    @Option(name: [.customShort("u"), .long], help: "low, normal or critical.")
    var urgency: UrgencyLevel = .normal

    @Option(name: [.customShort("t"), .customLong("expire-time")],
            help: "Milliseconds until the popup expires; 0 = never (default: the server's).")
    var expireTime: Int32?

    @Option(name: [.customShort("i"), .long], help: "An icon name or file path.")
    var icon: String?

    @Option(name: [.customShort("a"), .customLong("app-name")], help: "The application name.")
    var appName: String = "alarmctl"

    @Option(name: [.customShort("c"), .long], help: "The category hint, e.g. x-openalarmkit.alarm.")
    var category: String?

    @Option(name: [.customShort("A"), .long],
            help: ArgumentHelp("A button, KEY=LABEL (or LABEL: the key is its index). Repeatable.",
                               valueName: "KEY=LABEL"))
    var action: [ActionSpec] = []

    @Flag(name: [.customShort("w"), .long], help: "Wait until the popup is closed or clicked.")
    var wait = false

    @Option(help: "A sound to play while the popup is up: a name (see `alarmctl sound list`) or a file path.")
    var sound: String?

    @Flag(help: "Loop the sound until the popup is clicked or closed.")
    var loop = false

    func validate() throws {
        if summary.isEmpty { throw ValidationError("the summary must not be empty") }
        if let expireTime, expireTime < 0 { throw ValidationError("--expire-time must be 0 or more milliseconds") }
        if loop && sound == nil { throw ValidationError("--loop goes with --sound") }
    }

    /// Starts `--sound`, if any: looping only when asked and when there is a popup to end it.
    private func startSound(looping: Bool) -> Playback? {
        guard let sound else { return nil }
        let request: RingSound = sound.contains("/") ? .file(sound) : .named(sound)
        return AlarmRinger.ring(request, options: PlaybackOptions(device: PlaybackOptions.device(flag: nil), loop: looping))
    }

    func run() async throws {
        let presenter = await NotificationPresenter.start(appName: appName)
        let notification = makeNotification()
        do {
            try await presenter.show(notification)
        } catch {
            FileHandle.standardError.write(Data("alarmctl notify: \(error)\n".utf8))
            await presenter.shutdown()
            throw ExitCode.failure
        }
        guard wait || !action.isEmpty, presenter.server != nil else {
            // Nothing to wait for: a sound plays once, to its end.
            if let playback = startSound(looping: false) { _ = await playback.finished() }
            await presenter.shutdown()
            return
        }
        if !action.isEmpty, presenter.server?.supportsActions == false {
            FileHandle.standardError.write(Data(
                "alarmctl notify: the notification server shows no buttons; waiting for the popup to close\n".utf8))
        }

        // The sound accompanies the popup: it starts now and stops with the popup's outcome.
        let playback = startSound(looping: loop)
        let outcome = await Self.firstOutcome(for: notification.key, from: presenter.events)
        playback?.stop()
        await presenter.withdraw(key: notification.key)
        await presenter.shutdown()
        switch outcome {
        case .action(let key): print(key)
        case .closed: break
        case .interrupted: throw ExitCode(130)
        }
    }

    func makeNotification() -> AlarmNotification {
        let actions = action.enumerated().map { index, spec in
            NotificationAction(key: spec.key ?? String(index), label: spec.label)
        }
        let timeout: NotificationTimeout = switch expireTime {
        case nil: .serverDefault
        case 0: .never
        case let milliseconds?: .milliseconds(milliseconds)
        }
        return AlarmNotification(
            key: "alarmctl-notify-\(getpid())", summary: summary, body: body ?? "", appName: appName,
            icon: icon, urgency: urgency.urgency, timeout: timeout, category: category, actions: actions)
    }

    enum Outcome: Sendable, Equatable {
        case action(String)
        case closed
        case interrupted
    }

    /// The first action or close of our popup, or Ctrl-C / SIGTERM (then the popup is withdrawn
    /// rather than left behind with buttons nobody listens to).
    static func firstOutcome(for key: String, from events: AsyncStream<NotificationEvent>) async -> Outcome {
        await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                for await event in events where event.key == key {
                    switch event {
                    case .actionInvoked(_, let action): return .action(action)
                    case .closed: return .closed
                    }
                }
                return .closed
            }
            group.addTask { await Interruption.wait() }
            let first = await group.next() ?? .closed
            group.cancelAll()
            return first
        }
    }
}

/// notify-send's urgency names.
enum UrgencyLevel: String, ExpressibleByArgument, CaseIterable {
    case low, normal, critical

    var urgency: NotificationUrgency {
        switch self {
        case .low: .low
        case .normal: .normal
        case .critical: .critical
        }
    }
}

/// `KEY=LABEL`, or a bare `LABEL` like notify-send (whose key is then the action's index).
struct ActionSpec: ExpressibleByArgument {
    let key: String?
    let label: String

    init?(argument: String) {
        if let equals = argument.firstIndex(of: "=") {
            let key = String(argument[..<equals])
            let label = String(argument[argument.index(after: equals)...])
            guard !key.isEmpty, !label.isEmpty else { return nil }
            self.key = key
            self.label = label
        } else {
            guard !argument.isEmpty else { return nil }
            key = nil
            label = argument
        }
    }
}

/// Resolves when SIGINT or SIGTERM arrives; cancellable.
enum Interruption {
    static func wait() async -> NotifyCommand.Outcome {
        let watch = SignalWatch([SIGINT, SIGTERM])
        let stream = AsyncStream<Void> { continuation in
            watch.start { continuation.yield() }
            continuation.onTermination = { _ in watch.cancel() }
        }
        for await _ in stream { return .interrupted }
        return .closed  // cancelled: another outcome won
    }
}

/// Dispatch signal sources, which the Dispatch overlay does not mark Sendable although they
/// are thread-safe; this wrapper only starts and cancels them.
private final class SignalWatch: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32]) {
        sources = signals.map { number in
            signal(number, SIG_IGN)  // delivered to the dispatch source instead of killing us
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
    }

    func start(_ handler: @escaping @Sendable () -> Void) {
        for source in sources {
            source.setEventHandler(handler: handler)
            source.resume()
        }
    }

    func cancel() { sources.forEach { $0.cancel() } }
}
