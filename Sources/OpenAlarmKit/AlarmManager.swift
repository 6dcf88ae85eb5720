import Foundation
import Synchronization

/// The entry point for scheduling and managing alarms: AlarmKit's `AlarmManager`, talking to
/// the per-user daemon alarmd (started on demand) over its socket.
///
/// Operations other than `schedule` are synchronous, as in AlarmKit; each is one round trip
/// over a local socket (well under a millisecond).
public final class AlarmManager: Sendable {
    public enum AuthorizationState: String, Codable, Hashable, Sendable {
        case notDetermined, denied, authorized
    }

    public enum AlarmError: Error, Hashable, Sendable {
        /// The app has as many alarms as it may have (alarmd's `max_per_app`); cancel some first.
        case maximumLimitReached
    }

    /// The manager for this process, identified by its executable's name (or
    /// `OPENALARMKIT_APP_ID`).
    public static let shared = AlarmManager()

    /// Who this app is to alarmd: its alarms, its sounds folder
    /// (`$XDG_DATA_HOME/<appID>/Sounds`) and its alarm cap are keyed by it.
    public let appID: String
    private let environment: [String: String]
    private let connection = Mutex<AlarmConnection?>(nil)
    private let intents = Mutex<[UUID: RegisteredIntents]>([:])
    private let intentListener = Mutex<Task<Void, Never>?>(nil)

    private struct RegisteredIntents: Sendable {
        var stop: (any LiveActivityIntent)?
        var secondary: (any LiveActivityIntent)?
    }

    public init(appID: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        self.appID = appID ?? environment["OPENALARMKIT_APP_ID"] ?? ProcessInfo.processInfo.processName
    }

    // MARK: Authorization

    /// Alarms belong to the person logged in, whose own daemon rings them: there is nothing to
    /// ask, so apps are always authorized.
    public var authorizationState: AuthorizationState { .authorized }

    public func requestAuthorization() async throws -> AuthorizationState { .authorized }

    public var authorizationUpdates: some AsyncSequence<AuthorizationState, Never> {
        AsyncStream { continuation in
            continuation.yield(.authorized)
        }
    }

    // MARK: Scheduling

    /// Schedules a new alarm and returns it once alarmd has stored it durably.
    public func schedule<Metadata: AlarmMetadata>(id: Alarm.ID, configuration: AlarmConfiguration<Metadata>) async throws -> Alarm {
        var metadata: String?
        if let value = configuration.attributes.metadata {
            metadata = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }
        let record = AlarmRecord(
            id: id, appID: appID, schedule: configuration.schedule, countdownDuration: configuration.countdownDuration,
            presentation: configuration.attributes.presentation, tintColor: configuration.attributes.tintColor,
            metadata: metadata, sound: SoundSettings(sound: configuration.sound, bundleDirectory: Self.bundleSoundsDirectory()),
            phase: .scheduled(fireDate: Date()))
        if configuration.stopIntent != nil || configuration.secondaryIntent != nil {
            intents.withLock { $0[id] = RegisteredIntents(stop: configuration.stopIntent, secondary: configuration.secondaryIntent) }
            startIntentListener()
        }
        do {
            guard let scheduled = try request(.schedule, record: record).record else { throw ConnectionError.broken("no alarm in the reply") }
            return scheduled.alarm
        } catch {
            intents.withLock { _ = $0.removeValue(forKey: id) }
            throw error
        }
    }

    public func cancel(id: Alarm.ID) throws { try request(.cancel, alarm: id) }
    public func stop(id: Alarm.ID) throws { try request(.stop, alarm: id) }
    /// Snooze or repeat: a ringing alarm counts down its `postAlert` (else `preAlert`) again.
    public func countdown(id: Alarm.ID) throws { try request(.countdown, alarm: id) }
    public func pause(id: Alarm.ID) throws { try request(.pause, alarm: id) }
    public func resume(id: Alarm.ID) throws { try request(.resume, alarm: id) }

    /// This app's alarms.
    public var alarms: [Alarm] {
        get throws { try request(.list, app: appID).alarms?.map(\.alarm) ?? [] }
    }

    /// The metadata an alarm was scheduled with, decoded as `type`; nil if it has none.
    public func metadata<Metadata: AlarmMetadata>(for id: Alarm.ID, as type: Metadata.Type) throws -> Metadata? {
        guard let record = try request(.list, app: appID).alarms?.first(where: { $0.id == id }) else { return nil }
        return try record.metadata.map { try JSONDecoder().decode(type, from: Data($0.utf8)) }
    }

    /// This app's alarms, now and after every change. An alarm that disappears was cancelled
    /// or stopped for good. If alarmd goes away, the sequence waits for it to come back.
    public var alarmUpdates: some AsyncSequence<[Alarm], Never> {
        let (stream, continuation) = AsyncStream.makeStream(of: [Alarm].self, bufferingPolicy: .bufferingNewest(1))
        let task = Task { [appID, environment] in
            await Self.follow(app: appID, environment: environment) { message in
                if message.event == .alarms, let records = message.alarms { continuation.yield(records.map(\.alarm)) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    // MARK: Private

    @discardableResult
    func request(_ op: AlarmProtocol.Operation, app: String? = nil, alarm: UUID? = nil, record: AlarmRecord? = nil) throws -> AlarmProtocol.Message {
        func attempt() throws -> AlarmProtocol.Message {
            let link = try connection.withLock { current in
                if let current { return current }
                let fresh = try DaemonLauncher.connect(environment: environment)
                current = fresh
                return fresh
            }
            do { return try link.send(op, app: app, alarm: alarm, record: record) } catch {
                if case .refused(let reply) = error {
                    throw reply.code == .maximumLimitReached ? AlarmError.maximumLimitReached : error
                }
                connection.withLock { $0 = nil }  // broken: the next attempt connects afresh
                throw error
            }
        }
        // One retry on a fresh connection: the daemon may have restarted since the last call.
        do { return try attempt() } catch ConnectionError.broken { return try attempt() }
    }

    /// Runs the app's intents when their buttons are pressed, while this process lives.
    private func startIntentListener() {
        intentListener.withLock { listener in
            guard listener == nil else { return }
            listener = Task { [self] in
                await Self.follow(app: appID, environment: environment) { message in
                    guard message.event == .intent, let id = message.alarm else { return }
                    let registered = self.intents.withLock { $0[id] }
                    let intent = message.intent == "secondary" ? registered?.secondary : registered?.stop
                    if let intent { Task { try? await intent.perform() } }
                }
            }
        }
    }

    /// Watches the app's alarms, reconnecting with back-off while alarmd is away, until the
    /// task is cancelled.
    private static func follow(app: String, environment: [String: String], _ handle: @escaping @Sendable (AlarmProtocol.Message) -> Void) async {
        var delay: UInt64 = 250_000_000
        while !Task.isCancelled {
            if let stream = try? DaemonLauncher.connect(environment: environment).watch(app: app) {
                delay = 250_000_000
                for await message in stream {
                    if Task.isCancelled { return }
                    handle(message)
                }
            }
            try? await Task.sleep(nanoseconds: delay)
            delay = min(delay * 2, 30_000_000_000)
        }
    }

    /// A `Sounds/` folder beside the executable, or in `../share/<name>/`, as an app bundle's.
    private static func bundleSoundsDirectory() -> String? {
        guard let executable = Bundle.main.executablePath else { return nil }
        let folder = (executable as NSString).deletingLastPathComponent
        let name = (executable as NSString).lastPathComponent
        for candidate in ["\(folder)/Sounds", "\(folder)/../share/\(name)/Sounds"] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
        }
        return nil
    }
}

/// Work an app runs when a person presses one of its alarm's buttons.
///
/// AlarmKit takes App Intents here; Linux has none, so an intent is this small protocol. It
/// runs in the app's process, and only while that process lives: the alarm itself is alarmd's
/// and rings and stops whether or not the app runs.
public protocol LiveActivityIntent: Sendable {
    func perform() async throws
}

extension AlarmManager {
    /// Everything needed to schedule an alarm or a timer.
    public struct AlarmConfiguration<Metadata: AlarmMetadata>: Sendable {
        public var countdownDuration: Alarm.CountdownDuration?
        public var schedule: Alarm.Schedule?
        public var attributes: AlarmAttributes<Metadata>
        public var stopIntent: (any LiveActivityIntent)?
        public var secondaryIntent: (any LiveActivityIntent)?
        public var sound: AlertConfiguration.AlertSound

        public init(
            countdownDuration: Alarm.CountdownDuration? = nil, schedule: Alarm.Schedule? = nil,
            attributes: AlarmAttributes<Metadata>, stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) {
            self.countdownDuration = countdownDuration
            self.schedule = schedule
            self.attributes = attributes
            self.stopIntent = stopIntent
            self.secondaryIntent = secondaryIntent
            self.sound = sound
        }

        /// An alarm that alerts on `schedule`.
        public static func alarm(
            schedule: Alarm.Schedule? = nil, attributes: AlarmAttributes<Metadata>,
            stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) -> Self {
            Self(
                schedule: schedule, attributes: attributes, stopIntent: stopIntent,
                secondaryIntent: secondaryIntent, sound: sound)
        }

        /// A countdown of `duration` seconds that alerts when it ends.
        public static func timer(
            duration: TimeInterval, attributes: AlarmAttributes<Metadata>,
            stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) -> Self {
            Self(
                countdownDuration: .init(preAlert: duration, postAlert: nil),
                attributes: attributes, stopIntent: stopIntent,
                secondaryIntent: secondaryIntent, sound: sound)
        }
    }
}
