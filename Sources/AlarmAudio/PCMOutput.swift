/// What the playback loop needs from an open PCM. `PCMDevice` is the ALSA one; tests put
/// a scripted one in its place to drive the underrun, suspend and lost-device paths, which
/// the `null` and `file` PCMs never take.
protocol PCMOutput: AnyObject {
    var name: String { get }
    var sampleType: SampleType { get }
    var sampleRate: Int { get }
    var bufferFrames: Int { get }
    /// Frames written, or a negative errno (-EAGAIN when full, -EPIPE, -ESTRPIPE, ...).
    func write(_ data: UnsafeRawPointer, frames: Int) -> Int
    func delay() -> Int
    func prepare() -> Int32
    func resume() -> Int32
    func startIfPrepared()
    var isRunning: Bool { get }
    func close()
}

/// Opens the PCM called `name` for `format`; runs on the playback thread.
typealias PCMOpener = @Sendable (_ name: String, _ format: AudioFormat) throws(AudioError) -> PCMOutput

extension PCMDevice: PCMOutput {
    static let opener: PCMOpener = { name, format throws(AudioError) in try PCMDevice(name: name, format: format) }
}
