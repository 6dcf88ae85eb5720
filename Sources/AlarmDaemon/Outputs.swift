import AlarmAudio
import AlarmCore
import AlarmStore
import FoundationEssentials
import AlarmWire

/// Durable storage of alarms. `commit` returns only once the writes are durable; `sync`, the
/// sync's rows that belong with the alarm changes, in the same transaction.
protocol AlarmPersistence: AnyObject {
    func loadAll() throws -> [AlarmRecord]
    func commit(saves: [AlarmRecord], deletes: [UUID], missed: [MissedEntry], sync: SyncChanges) throws
    func missed(limit: Int) throws -> [AlarmProtocol.MissedAlarm]
    /// Gives back what the storage keeps cached; called once a burst of requests has settled.
    func releaseMemory()
}

extension AlarmPersistence {
    func releaseMemory() {}
}

/// The sync state's stored side (the writes go with `AlarmPersistence.commit`).
protocol SyncPersistence: AnyObject {
    func loadSync() throws -> StoredSyncState
    /// A foreign event's server text as last committed.
    func syncServerText(uid: String) throws -> String?
    /// Gives back SQLite's page cache (a round may have written megabytes of server texts).
    func releaseMemory()
}

struct MissedEntry {
    var record: AlarmRecord
    var dueAt: Date
    var reason: MissedReason
    var recordedAt: Date
}

/// Plays alarm sounds; called on the loop thread. `start` returns at once (a ring opens its
/// device and plays on a thread of its own); `stop` returns once the device is silent, waiting
/// up to 45 ms for it (`Playback.stop`), so no sound is heard after the reply that stopped it;
/// `audioStatus` opens the device to say whether it works.
protocol SoundOutput: AnyObject {
    func start(_ record: AlarmRecord, firedFor: Date)
    func stop(_ id: UUID)
    func stopAll()
    var audioStatus: AlarmProtocol.AudioStatus { get }
    /// Holds exactly these rings ready to start by themselves at their instants (others
    /// prepared before are cancelled); `start` then takes the prepared one over.
    func prepare(_ rings: [UpcomingRing])
    /// The latest instant a prepared ring waits for; nil when none is prepared.
    var preparedThrough: Date? { get }
    /// Plays the named sound (nil: the default) once as a preview, replacing an earlier one;
    /// throws when the name resolves to no sound. Returns at once.
    func preview(_ name: String?) throws(AudioError)
    /// Silences the preview, if one plays.
    func stopPreview()
}

extension SoundOutput {
    func prepare(_ rings: [UpcomingRing]) {}
    var preparedThrough: Date? { nil }
    func preview(_ name: String?) throws(AudioError) {}
    func stopPreview() {}
}

/// Shows alarms to a person (notifications, or the log when there is no server).
protocol PresentationOutput: AnyObject {
    func present(_ record: AlarmRecord)
    func withdraw(_ id: UUID)
    /// One message for a batch of alarms that did not ring.
    func reportMissed(_ entries: [MissedEntry])
    /// The notification server alarms are shown on, or the terminal.
    var notifier: AlarmProtocol.NotifierStatus { get }
}
