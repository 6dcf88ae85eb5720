import AlarmClient
import LinuxSupport
import Synchronization

extension AlarmManager {
    /// Runs the intents alarmd kept for this app while it was not running (a person pressed an
    /// alarm's button, alarmd started the app for it), waits for them to finish, and returns
    /// how many ran. From then on this process also runs the app's intents as their buttons are
    /// pressed.
    ///
    /// Call it once at launch, before anything else. Any other `AlarmManager` call also claims
    /// the pending intents, but runs them in the background; a short-lived program (a command
    /// line tool) could exit before they finish.
    @discardableResult
    public func runPendingIntents() async -> Int {
        // Claim before listening, so that the listener cannot take these into the background.
        let claimed = (try? DaemonLauncher.connect(environment: environment)).map(intentRunner.claim) ?? []
        intentRunner.startListening()
        var ran = 0
        for pending in claimed where await intentRunner.run(pending) { ran += 1 }
        return ran
    }

    /// True when alarmd started this process to run an intent.
    public var wasLaunchedForIntent: Bool { environment["OPENALARMKIT_LAUNCH_REASON"] == "intent" }
}

/// Claims and runs an app's intents: at its first connection, whenever alarmd says one is
/// pending, and after every reconnection. alarmd hands each pending intent out once, so a
/// claim racing another (two connections, two processes of one app) cannot run it twice.
final class IntentRunner: Sendable {
    private let app: String
    private let environment: [String: String]
    private let listener = Mutex<Task<Void, Never>?>(nil)

    init(app: String, environment: [String: String]) {
        self.app = app
        self.environment = environment
    }

    deinit { listener.withLock { $0?.cancel() } }

    /// The manager made its first connection: claim what is pending before its request goes
    /// out, run it in the background, and start listening for more.
    func connected(claimingWith link: AlarmConnection) {
        for pending in claim(on: link) { Task { await run(pending) } }
        startListening()
    }

    func startListening() {
        listener.withLock { listener in
            guard listener == nil else { return }
            listener = Task { [app, environment, self] in
                await AlarmManager.follow(app: app, environment: environment, runsIntents: true) {
                    self.claimAndRunInBackground()
                } handle: { message in
                    if message.event == .intentPending { self.claimAndRunInBackground() }
                }
            }
        }
    }

    func claim(on link: AlarmConnection) -> [PendingIntent] {
        (try? link.send(.claimIntents, app: app).intents) ?? []
    }

    /// Rebuilds the intent from its type and parameters and performs it; false if it could not.
    func run(_ pending: PendingIntent) async -> Bool {
        do {
            let intent = try pending.intent.decode()
            _ = try await intent.perform()
            return true
        } catch {
            StandardError.write("OpenAlarmKit: the \(pending.button) intent \(pending.intent.typeName) of alarm \(pending.alarm) failed: \(error)\n")
            return false
        }
    }

    private func claimAndRunInBackground() {
        guard let link = try? AlarmConnection(socketPath: AlarmPaths(environment: environment).socket) else { return }
        for pending in claim(on: link) { Task { await run(pending) } }
    }
}
