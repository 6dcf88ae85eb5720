import AlarmClient
import LinuxSupport
import Synchronization

/// The entry point for scheduling and managing alarms: AlarmKit's `AlarmManager`, talking to
/// the per-user daemon alarmd (started on demand) over its socket.
///
/// Operations other than `schedule` are synchronous, as in AlarmKit; each is one round trip
/// over a local socket (well under a millisecond). The first one also hands this app the
/// intents that alarmd kept for it while it was not running (see `runPendingIntents()`).
public final class AlarmManager: Sendable {
    public enum AuthorizationState: String, Codable, Hashable, Sendable {
        case notDetermined, denied, authorized
    }

    public enum AlarmError: Error, Hashable, Sendable {
        /// The app has as many alarms as it may have (alarmd's `max_per_app`); cancel some first.
        case maximumLimitReached
    }

    /// Thrown by `schedule` when the app may not schedule alarms. AlarmKit reports this with an
    /// error of its own too; `state` says whether a person refused or was never asked.
    public struct AuthorizationError: Error, Hashable, Sendable, CustomStringConvertible {
        public var state: AuthorizationState
        public var app: String

        public init(state: AuthorizationState, app: String) {
            self.state = state
            self.app = app
        }

        public var description: String {
            state == .denied
                ? "'\(app)' may not schedule alarms: a person chose Don't Allow (change it with: alarmctl apps allow \(app))"
                : "'\(app)' may not schedule alarms until a person allows it (requestAuthorization(), or: alarmctl apps allow \(app))"
        }
    }

    /// The manager for this process, identified by its executable's name (or
    /// `OPENALARMKIT_APP_ID`).
    public static let shared = AlarmManager()

    /// Who this app is to alarmd: its alarms, its sounds folder
    /// (`$XDG_DATA_HOME/<appID>/Sounds`), its alarm cap and its authorization are keyed by it.
    public let appID: String
    let environment: [String: String]
    private let connection = Mutex<AlarmConnection?>(nil)
    private let registrationState: RegistrationBox
    let intentRunner: IntentRunner

    public init(appID: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        let appID = appID ?? environment["OPENALARMKIT_APP_ID"] ?? ProcessInfo.processInfo.processName
        self.appID = appID
        registrationState = RegistrationBox(Self.defaultRegistration(appID: appID, environment: environment))
        intentRunner = IntentRunner(app: appID, environment: environment)
    }

    /// What alarmd shows in the consent prompt and uses to start this app for an intent.
    /// Defaults: the name from `OPENALARMKIT_APP_NAME` (else the app id), the usage text from
    /// `OPENALARMKIT_USAGE_DESCRIPTION` (AlarmKit's `NSAlarmKitUsageDescription`), and this
    /// executable with no arguments. Sent with every `schedule` and `requestAuthorization()`.
    public var registration: AppRegistration {
        get { registrationState.value }
        set { registrationState.value = newValue }
    }

    // MARK: Scheduling

    /// Schedules a new alarm and returns it once alarmd has stored it durably. An app that was
    /// never authorized is asked first, as AlarmKit does; one that was refused gets
    /// `AuthorizationError`.
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
        try AlarmBounds.checkRequest(record)  // the library's edge: a clear error before any I/O
        var request = AlarmProtocol.Request(id: 0, op: .schedule, app: appID, record: record)
        request.stopIntent = try configuration.stopIntent.map { intent throws(IntentCodingError) in try EncodedIntent(intent) }
        request.secondaryIntent = try configuration.secondaryIntent.map { intent throws(IntentCodingError) in try EncodedIntent(intent) }
        request.registration = registration.wire
        do {
            return try scheduled(send(request))
        } catch ConnectionError.refused(let reply) where reply.code == .notAuthorized {
            // Never asked: ask now, as AlarmKit does on the first schedule.
            let state = authorizationState == .notDetermined ? try await requestAuthorization() : authorizationState
            guard state == .authorized else { throw AuthorizationError(state: state, app: appID) }
            do { return try scheduled(send(request)) } catch ConnectionError.refused(let again) where again.code == .notAuthorized {
                throw AuthorizationError(state: authorizationState, app: appID)
            }
        }
    }

    private func scheduled(_ reply: AlarmProtocol.Message) throws -> Alarm {
        guard let record = reply.record else { throw ConnectionError.broken("no alarm in the reply") }
        return record.alarm
    }

    /// Removes the alarm, whatever its state. The app's intents do not run.
    public func cancel(id: Alarm.ID) throws { try request(.cancel, alarm: id) }
    /// Stops a ringing alarm (a repeating one waits for its next date) or ends a countdown. As in
    /// AlarmKit, the stop intent runs only when a person presses Stop, not for this call.
    public func stop(id: Alarm.ID) throws { try request(.stop, alarm: id) }
    /// Snooze or repeat: a ringing alarm counts down its `postAlert` (else `preAlert`) again.
    public func countdown(id: Alarm.ID) throws { try request(.countdown, alarm: id) }
    public func pause(id: Alarm.ID) throws { try request(.pause, alarm: id) }
    public func resume(id: Alarm.ID) throws { try request(.resume, alarm: id) }

    /// This app's alarms.
    public var alarms: [Alarm] {
        get throws { try request(.list).alarms?.map(\.alarm) ?? [] }
    }

    /// The metadata an alarm was scheduled with, decoded as `type`; nil if it has none.
    public func metadata<Metadata: AlarmMetadata>(for id: Alarm.ID, as type: Metadata.Type) throws -> Metadata? {
        guard let record = try request(.list).alarms?.first(where: { $0.id == id }) else { return nil }
        return try record.metadata.map { try JSONDecoder().decode(type, from: Data($0.utf8)) }
    }

    // MARK: Talking to alarmd

    @discardableResult
    func request(_ op: AlarmProtocol.Operation, alarm: UUID? = nil, record: AlarmRecord? = nil) throws -> AlarmProtocol.Message {
        try send(AlarmProtocol.Request(id: 0, op: op, app: appID, alarm: alarm, record: record))
    }

    /// Sends a request on this manager's connection, connecting (and starting alarmd) when
    /// needed. A fresh connection first claims the intents alarmd kept for this app.
    @discardableResult
    func send(_ request: AlarmProtocol.Request) throws -> AlarmProtocol.Message {
        func attempt() throws -> AlarmProtocol.Message {
            var isNew = false
            let link = try connection.withLock { current in
                if let current { return current }
                let fresh = try DaemonLauncher.connect(environment: environment)
                current = fresh
                isNew = true
                return fresh
            }
            if isNew { intentRunner.connected(claimingWith: link) }
            do { return try link.send(request) } catch {
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

    /// A connection of its own, for a watch stream.
    func watchConnection() throws(ConnectionError) -> AlarmConnection {
        try DaemonLauncher.connect(environment: environment)
    }

    private static func defaultRegistration(appID: String, environment: [String: String]) -> AppRegistration {
        var launch: AppLaunch?
        if let executable = executablePath() {
            launch = AppLaunch(executable: executable, arguments: [])
        }
        return AppRegistration(
            displayName: environment["OPENALARMKIT_APP_NAME"] ?? appID,
            usageDescription: environment["OPENALARMKIT_USAGE_DESCRIPTION"], launch: launch)
    }

    /// A `Sounds/` folder beside the executable, or in `../share/<name>/`, as an app bundle's.
    private static func bundleSoundsDirectory() -> String? {
        guard let executable = executablePath() else { return nil }
        let folder = executable.deletingLastPathComponent
        let name = executable.lastPathComponent
        for candidate in ["\(folder)/Sounds", "\(folder)/../share/\(name)/Sounds"] {
            var isDirectory = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory { return candidate }
        }
        return nil
    }
}

/// The app's registration, settable from any thread.
final class RegistrationBox: @unchecked Sendable {  // `stored` only under `lock`
    private let lock = Lock()
    private var stored: AlarmManager.AppRegistration

    init(_ value: AlarmManager.AppRegistration) { stored = value }

    var value: AlarmManager.AppRegistration {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
