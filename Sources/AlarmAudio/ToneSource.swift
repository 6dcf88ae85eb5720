import FoundationEssentials
import Glibc

/// The last resort of the fallback chain: an alarm tone made in code, so an alarm is never
/// silent even when every sound file is missing or broken. Two short 880 Hz beeps and a
/// pause, one second per pass, at 48 kHz mono.
final class ToneSource: AudioSource {
    static let sampleRate = 48_000
    private static let pattern: [(start: Double, end: Double)] = [(0.0, 0.15), (0.25, 0.40)]
    private static let passFrames = sampleRate  // one second per pass
    private static let frequency = 880.0
    private static let amplitude = 0.5

    let format = AudioFormat(
        sampleRate: ToneSource.sampleRate, channels: 1, frames: Int64(ToneSource.passFrames),
        sampleType: .int16, container: "built-in", encoding: "synthesized tone")
    let origin = "built-in alarm tone"
    private var position = 0
    /// One pass, computed once per process: a ring that falls back to the tone then costs a
    /// copy per chunk, not a sine and an envelope per sample.
    private static let pass: [Int16] = (0..<passFrames).map(sample(at:))

    func read(into buffer: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int {
        let count = min(frames, Self.passFrames - position)
        Self.pass.withUnsafeBytes { pass in
            (buffer).copyMemory(from: pass.baseAddress! + position * 2, byteCount: count * 2)
        }
        position += count
        return count
    }

    func rewind() throws(AudioError) { position = 0 }

    private static func sample(at frame: Int) -> Int16 {
        let t = Double(frame) / Double(sampleRate)
        guard pattern.contains(where: { t >= $0.start && t < $0.end }) else { return 0 }
        // 5 ms linear edges keep the beeps from clicking.
        let edge = pattern.map { min(t - $0.start, $0.end - t) }.filter { $0 >= 0 }.min() ?? 0
        let envelope = min(1.0, edge / 0.005)
        return Int16(sin(2 * Double.pi * frequency * t) * amplitude * envelope * Double(Int16.max))
    }
}
