// Written for the porting corpus, in the shape of lioneldude83/AlarmKitDemo
// TestingAlarmKit-Sample/TestingAlarmKit/Alarm/AlarmMetadata.swift (studied at
// d1338e3bded8653e8857e6c3abbd8d9d5243acf5): a timer's metadata with `Date` and
// `TimeInterval` fields, with only `import AlarmKit`.
import AlarmKit

// An app built with the main actor as its default isolation marks its metadata nonisolated,
// so that AlarmKit may encode it on any thread.
nonisolated struct KitchenTimerData: AlarmMetadata {
    let startedAt: Date
    var length: TimeInterval
    /// What was left when the person paused it, if they did.
    var remainingWhenPaused: TimeInterval?
    let name: String?

    init(length: TimeInterval, remainingWhenPaused: TimeInterval? = nil, name: String? = nil) {
        startedAt = Date()
        self.length = length
        self.remainingWhenPaused = remainingWhenPaused
        self.name = name
    }
}
