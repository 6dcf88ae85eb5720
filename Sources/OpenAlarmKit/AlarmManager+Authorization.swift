import AlarmClient

extension AlarmManager {
    /// This app's authorization as alarmd has it; `.notDetermined` while alarmd cannot be
    /// reached.
    public var authorizationState: AuthorizationState {
        (try? send(AlarmProtocol.Request(id: 0, op: .authorization, app: appID)).authorization).map(AuthorizationState.init) ?? .notDetermined
    }

    /// Asks the person, once, whether this app may schedule alarms and timers, and returns the
    /// answer. alarmd shows a notification ("<App> wants to schedule alarms and timers", the
    /// usage description, Allow / Don't Allow); later calls answer the stored decision at once.
    /// A prompt closed without an answer returns `.notDetermined`.
    ///
    /// This is consent, as on iOS, not a security boundary: any program of the same user can
    /// talk to alarmd, and `alarmctl` acts for the person without asking.
    public func requestAuthorization() async throws -> AuthorizationState {
        // Subscribe before asking, so the answer cannot slip past.
        let events = try watchConnection().watch(app: appID)
        var request = AlarmProtocol.Request(id: 0, op: .requestAuthorization, app: appID)
        request.registration = registration.wire
        let state = try send(request).authorization.map(AuthorizationState.init) ?? .notDetermined
        guard state == .notDetermined else { return state }
        for await message in events where message.event == .authorization && message.app == appID {
            return message.authorization.map(AuthorizationState.init) ?? .notDetermined
        }
        throw ConnectionError.broken("alarmd went away while asking for consent")
    }
}
