import AlarmClient

extension AlarmManager {
    /// An asynchronous sequence of this app's alarms: now, and after every change.
    public struct AlarmUpdates: AsyncSequence, Sendable {
        public typealias Element = [Alarm]
        public typealias Failure = Never

        let stream: AsyncStream<[Alarm]>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<[Alarm]>.Iterator
            public mutating func next() async -> [Alarm]? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    /// An asynchronous sequence of this app's authorization: now, and after every change.
    public struct AlarmAuthorizationStateUpdates: AsyncSequence, Sendable {
        public typealias Element = AuthorizationState
        public typealias Failure = Never

        let stream: AsyncStream<AuthorizationState>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<AuthorizationState>.Iterator
            public mutating func next() async -> AuthorizationState? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    /// This app's alarms, now and after every change. An alarm that disappears was cancelled
    /// or stopped for good. If alarmd goes away, the sequence waits for it to come back.
    public var alarmUpdates: AlarmUpdates {
        let (stream, continuation) = AsyncStream.makeStream(of: [Alarm].self, bufferingPolicy: .bufferingNewest(1))
        let task = Task { [appID, environment] in
            await Self.follow(app: appID, environment: environment) {} handle: { message in
                if message.event == .alarms, let records = message.alarms { continuation.yield(records.map(\.alarm)) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return AlarmUpdates(stream: stream)
    }

    /// This app's authorization, now and whenever a person decides (the consent prompt, or
    /// `alarmctl apps allow|deny|reset`).
    public var authorizationUpdates: AlarmAuthorizationStateUpdates {
        let (stream, continuation) = AsyncStream.makeStream(of: AuthorizationState.self, bufferingPolicy: .bufferingNewest(4))
        let task = Task { [appID, environment] in
            await Self.follow(app: appID, environment: environment) {
                guard let link = try? AlarmConnection(socketPath: AlarmPaths(environment: environment).socket),
                    let state = try? link.send(.authorization, app: appID).authorization.map(AuthorizationState.init)
                else { return }
                continuation.yield(state)
            } handle: { message in
                if message.event == .authorization, message.app == appID, let state = message.authorization { continuation.yield(AuthorizationState(state)) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return AlarmAuthorizationStateUpdates(stream: stream)
    }

    /// Watches the app's events, reconnecting with back-off while alarmd is away, until the
    /// task is cancelled. `connected` runs after each (re)subscription, before its events.
    static func follow(
        app: String, environment: [String: String], runsIntents: Bool = false,
        connected: @escaping @Sendable () -> Void, handle: @escaping @Sendable (AlarmProtocol.Message) -> Void
    ) async {
        var delay: UInt64 = 250_000_000
        while !Task.isCancelled {
            if let stream = try? DaemonLauncher.connect(environment: environment).watch(app: app, runsIntents: runsIntents) {
                delay = 250_000_000
                connected()
                for await message in stream {
                    if Task.isCancelled { return }
                    handle(message)
                }
            }
            try? await Task.sleep(nanoseconds: delay)
            delay = min(delay * 2, 30_000_000_000)
        }
    }
}
