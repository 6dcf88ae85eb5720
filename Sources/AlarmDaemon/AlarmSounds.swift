import AlarmAudio
import AlarmSystem
import CLinux
import FoundationEssentials
import LinuxSupport
import Logging
import AlarmWire

/// Rings alarms through AlarmAudio: one playback per ringing alarm (so two alarms ringing
/// together are both heard), with the alarm's sound, volume and ramp, else the config's.
/// Loop thread only, except the callbacks, which `report` hands back to the loop.
final class AlarmSounds: SoundOutput {
    private var playing: [UUID: Playback] = [:]
    private let logger: Logger
    private let environment: [String: String]
    var config: DaemonConfig
    private let volume: AlarmVolumeGuard
    /// (alarm, when it was due, when its first frame was written or nil if nothing could play,
    /// and why). Called on a playback thread.
    var report: @Sendable (UUID, Date, Date?, String?) -> Void = { _, _, _, _ in }
    /// Told when the first alarm starts ringing (true) and when the last one stops (false).
    var onRingingChanged: (Bool) -> Void = { _ in }

    init(config: DaemonConfig, environment: [String: String], stateDirectory: String, logger: Logger) {
        self.config = config
        self.environment = environment
        self.logger = logger
        volume = AlarmVolumeGuard(stateDirectory: stateDirectory, logger: logger)
        // On its own thread, so that start-up does not wait for it.
        // ALSA's parsed configuration stays; what parsing it freed goes back to the system.
        DetachedThread.start {
            AlarmRinger.warmUp(environment: environment)
            _ = malloc_trim(0)
        }
    }

    /// The device alarms use and whether it opens now (probed: a sound server may be down).
    var audioStatus: AlarmProtocol.AudioStatus {
        let device = config.audioDevice
        if !playing.isEmpty { return .init(device: device, state: .playing) }
        if let problem = SoundDevices.openProblem(device) { return .init(device: device, state: .cannotOpen, detail: problem) }
        return .init(device: device, state: .opens)
    }

    func start(_ record: AlarmRecord, firedFor: Date) {
        if let ready = prepared.removeValue(forKey: record.id), ready.firedFor == firedFor {
            // Prepared ahead: it started (or starts) by itself at the instant.
            playing.removeValue(forKey: record.id)?.stop()
            playing[record.id] = ready.playback
            if playing.count == 1 { onRingingChanged(true) }
            return
        } else {
            prepared.removeValue(forKey: record.id)?.playback.stop()
        }
        stop(record.id)
        playing[record.id] = ring(record, firedFor: firedFor, at: nil)
        if playing.count == 1 { onRingingChanged(true) }
    }

    /// Rings prepared ahead of their instant (ring at the floor), by alarm.
    private var prepared: [UUID: (firedFor: Date, instant: Date, playback: Playback)] = [:]

    var preparedThrough: Date? { prepared.values.map(\.instant).max() }

    func prepare(_ rings: [UpcomingRing]) {
        let wanted = Dictionary(rings.map { ($0.record.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (id, ready) in prepared where wanted[id]?.firedFor != ready.firedFor || wanted[id]?.instant != ready.instant {
            prepared.removeValue(forKey: id)
            ready.playback.stop()
            if playing.isEmpty && prepared.isEmpty { volume.quiet() }  // raised when it was prepared
        }
        for ring in rings where prepared[ring.record.id] == nil && playing[ring.record.id] == nil {
            let playback = self.ring(ring.record, firedFor: ring.firedFor, at: ring.instant)
            prepared[ring.record.id] = (ring.firedFor, ring.instant, playback)
        }
    }

    /// A playback for `record`, starting at `instant` when given (prepared), else at once.
    private func ring(_ record: AlarmRecord, firedFor: Date, at instant: Date?) -> Playback {
        let sound: RingSound
        switch record.sound.sound {
        case .default: sound = .default
        case .named(let name): sound = .named(name)
        }
        let id = record.id
        let report = self.report
        let volume = self.volume, device = config.audioDevice, minimumVolume = config.minimumVolumePercent
        volume.ringing(device: device, minimumPercent: minimumVolume)
        let ramp = record.sound.rampSeconds ?? config.rampSeconds
        var options = PlaybackOptions(
            device: config.audioDevice, volumePercent: (record.sound.volume ?? config.volume) * 100,
            ramp: ramp > 0 ? Ramp(seconds: ramp) : nil, loop: true,
            // A sound server restarting must not end the ring: retry until it is back.
            waitForDevice: true,
            onSilent: { error in report(id, firedFor, nil, error.description) },
            onFirstFrame: { at in
                report(id, firedFor, at, nil)
                // Checked again once sound flows: the server may have been away at the start.
                volume.ringing(device: device, minimumPercent: minimumVolume)
            },
            // The sound is back after an outage: a restarted server may have restored a mute.
            onResumed: { volume.ringing(device: device, minimumPercent: minimumVolume) },
            onEnd: { status in if case .failed(let error) = status { report(id, firedFor, nil, error.description) } },
            logger: logger)
        options.startAt = instant
        return AlarmRinger.ring(
            sound, appID: record.appID, bundleSoundsDirectory: record.sound.bundleDirectory, options: options, environment: environment)
    }

    func stop(_ id: UUID) {
        guard let playback = playing.removeValue(forKey: id) else { return }
        playback.stop()
        if playing.isEmpty {
            volume.quiet()
            onRingingChanged(false)
        }
    }

    /// The Alarms window's preview: the sound as alarms play it (device, volume), once, cut at
    /// `maxPreviewSeconds`. Exactly that sound: a preview that fell back would mislead.
    private var previewing: Playback?

    func preview(_ name: String?) throws(AudioError) {
        let resolver = SoundResolver(environment: environment)
        let sound: SoundResolver.ResolvedSound
        if let name { sound = try resolver.resolve(name) } else { sound = try resolver.resolveDefault() }
        stopPreview()
        let options = PlaybackOptions(
            device: config.audioDevice, volumePercent: config.volume * 100, maximumDuration: AlarmProtocol.maxPreviewSeconds,
            logger: logger)
        previewing = Playback.start([.file(sound.path)], options: options)
    }

    func stopPreview() {
        previewing?.stop()
        previewing = nil
    }

    func stopAll() {
        stopPreview()
        for ready in prepared.values { ready.playback.stop() }
        prepared = [:]
        for id in Array(playing.keys) { stop(id) }
        volume.settle()
    }
}
