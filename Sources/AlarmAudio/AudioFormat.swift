/// How decoded samples are handed to ALSA. 16-bit integer sources stay 16-bit so a 16-bit
/// file reaches the device bit for bit; everything wider or lossy travels as 32-bit float.
public enum SampleType: Sendable, Equatable {
    case int16
    case float32

    public var bytesPerSample: Int { self == .int16 ? 2 : 4 }
}

/// What a decoded sound is: its native rate and channel count and how long it lasts.
public struct AudioFormat: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    /// Frames in one pass of the sound; nil when the container does not say.
    public var frames: Int64?
    public var sampleType: SampleType
    /// Container, e.g. "WAV", "FLAC", "Ogg".
    public var container: String
    /// Encoding inside the container, e.g. "PCM 16-bit", "Vorbis".
    public var encoding: String

    public init(sampleRate: Int, channels: Int, frames: Int64?, sampleType: SampleType,
                container: String, encoding: String) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
        self.sampleType = sampleType
        self.container = container
        self.encoding = encoding
    }

    public var bytesPerFrame: Int { channels * sampleType.bytesPerSample }

    /// Length of one pass in seconds, when known.
    public var duration: Double? {
        frames.map { Double($0) / Double(sampleRate) }
    }
}

/// A stream of interleaved frames, read in chunks by one playback thread.
/// Not Sendable on purpose: a source is created and consumed on the same thread.
protocol AudioSource: AnyObject {
    var format: AudioFormat { get }
    /// What is playing, for logs and the CLI.
    var origin: String { get }
    /// Reads up to `frames` frames into `buffer`; 0 means the end of the sound.
    func read(into buffer: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int
    /// Starts again from the first frame (for looping).
    func rewind() throws(AudioError)
}
