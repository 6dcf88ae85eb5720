import AlarmClient

/// What alarm clocks offer besides AlarmKit's lifecycle: turning an alarm off and on,
/// skipping one occurrence, and changing it in place. Not in AlarmKit; code that must also
/// build against AlarmKit can do the same with `cancel` and `schedule(id:configuration:)`.
extension AlarmManager {
    /// Turns the alarm off without removing it; a ringing alarm falls silent. Timers cannot
    /// be turned off (pause or cancel them).
    public func disable(id: Alarm.ID) throws { try request(.disable, alarm: id) }

    /// Turns a turned-off alarm on again, from its next date after now.
    public func enable(id: Alarm.ID) throws { try request(.enable, alarm: id) }

    /// A repeating alarm passes over its next occurrence (a holiday) and rings the time after.
    public func skip(id: Alarm.ID) throws { try request(.skip, alarm: id) }

    /// Replaces the alarm's configuration, keeping its id, in one durable step: the same
    /// result as `cancel(id:)` followed by `schedule(id:configuration:)` with that id.
    /// A configuration with intents takes exactly that path, so its intents are registered.
    public func reschedule<Metadata: AlarmMetadata>(id: Alarm.ID, configuration: AlarmConfiguration<Metadata>) async throws -> Alarm {
        if configuration.stopIntent != nil || configuration.secondaryIntent != nil {
            try cancel(id: id)
            return try await schedule(id: id, configuration: configuration)
        }
        guard let existing = try request(.list).alarms?.first(where: { $0.id == id }) else {
            throw ConnectionError.refused(.init(.notFound, "no alarm with id \(id)"))
        }
        var metadata: String?
        if let value = configuration.attributes.metadata {
            metadata = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }
        let record = AlarmRecord(
            id: id, appID: appID, schedule: configuration.schedule, countdownDuration: configuration.countdownDuration,
            presentation: configuration.attributes.presentation, tintColor: configuration.attributes.tintColor,
            metadata: metadata, sound: SoundSettings(sound: configuration.sound, bundleDirectory: existing.sound.bundleDirectory),
            phase: .scheduled(fireDate: Date()))
        let edit = AlarmProtocol.Request(id: 0, op: .edit, app: appID, record: record)
        guard let changed = try send(edit).record else { throw ConnectionError.broken("no alarm in the reply") }
        return changed.alarm
    }
}
