import CALSA
import Glibc

/// One open ALSA playback PCM, owned by one playback thread.
final class PCMDevice {
    let name: String
    /// The sample type the device was configured with (may differ from the source's).
    let sampleType: SampleType
    let sampleRate: Int
    let channels: Int
    let bufferFrames: Int
    private var pcm: OpaquePointer?

    /// Opens `name` without blocking (a busy device fails at once instead of waiting) and
    /// lets ALSA convert rate, channels and format where the PCM has a plug layer.
    /// The 500 ms buffer is generous on purpose: an alarm has no latency to win (stop drops
    /// the buffer), and a deep buffer rides out a loaded machine without underruns.
    init(name: String, format: AudioFormat, latencyMicroseconds: UInt32 = 500_000) throws(AudioError) {
        Self.silenceLibraryMessages
        self.name = name
        var handle: OpaquePointer?
        var err = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard err >= 0, let handle else {
            throw .device(name: name, reason: Self.openReason(err))
        }
        // `null` and `file` take data at once and the playback paces itself by the clock
        // there; a deep buffer would only delay the first byte (the file plugin writes out
        // what exceeds one buffer: 0.5 s of sound before anything reached the file).
        let type = snd_pcm_type(handle)
        let latency = type == SND_PCM_TYPE_FILE || type == SND_PCM_TYPE_NULL
            ? Self.instantDeviceLatencyMicroseconds : latencyMicroseconds
        // Prefer the source's own sample type; a device that refuses float still takes
        // 16-bit, converted by us.
        var types: [SampleType] = [format.sampleType]
        if format.sampleType == .float32 { types.append(.int16) }
        var chosen: SampleType?
        for type in types {
            err = snd_pcm_set_params(
                handle, type == .int16 ? oak_alsa_format_s16() : oak_alsa_format_float(),
                SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(format.channels), UInt32(format.sampleRate),
                1, latency)
            if err >= 0 { chosen = type; break }
        }
        guard let chosen else {
            snd_pcm_close(handle)
            throw .device(name: name, reason: "cannot play \(format.channels) channel(s) at \(format.sampleRate) Hz: "
                + Self.message(err) + "; try a 'plug' device such as 'plughw:0'")
        }
        var buffer: snd_pcm_uframes_t = 0
        var period: snd_pcm_uframes_t = 0
        snd_pcm_get_params(handle, &buffer, &period)
        pcm = handle
        sampleType = chosen
        sampleRate = format.sampleRate
        channels = format.channels
        bufferFrames = Int(buffer)
    }

    /// Buffer for devices that take data at once: small, so the first write is out at once.
    static let instantDeviceLatencyMicroseconds: UInt32 = 10_000

    deinit { close() }

    /// Frames written, or a negative errno (-EAGAIN when the buffer is full).
    func write(_ data: UnsafeRawPointer, frames: Int) -> Int {
        guard let pcm else { return -Int(EBADFD) }
        return snd_pcm_writei(pcm, data, snd_pcm_uframes_t(frames))
    }

    /// Frames queued but not yet heard; 0 on devices that swallow data at once.
    func delay() -> Int {
        guard let pcm else { return 0 }
        var frames: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &frames) < 0 ? 0 : frames
    }

    func prepare() -> Int32 { pcm.map { snd_pcm_prepare($0) } ?? -EBADFD }
    func resume() -> Int32 { pcm.map { snd_pcm_resume($0) } ?? -EBADFD }

    /// Starts a stream that is still waiting for its start threshold (a sound shorter
    /// than the buffer), so it does get played out.
    func startIfPrepared() {
        guard let pcm else { return }
        if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED { snd_pcm_start(pcm) }
    }

    var isRunning: Bool {
        guard let pcm else { return false }
        return snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING
    }

    /// Silences at once: queued frames are dropped, not drained.
    func close() {
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
        self.pcm = nil
    }

    static func message(_ err: some BinaryInteger) -> String {
        String(cString: snd_strerror(Int32(err)))
    }

    private static func openReason(_ err: Int32) -> String {
        switch -err {
        case ENOENT: return "no such device (\(message(err)))"
        case EBUSY, EAGAIN: return "busy, another program holds it (\(message(err)))"
        case EACCES, EPERM: return "permission denied; is the user in the 'audio' group? (\(message(err)))"
        default: return message(err)
        }
    }

    private static let silenceLibraryMessages: Void = { oak_alsa_silence_errors() }()
}
