/// Volume and fade-in, applied to samples in place before they reach the device.
/// The gain is linear in amplitude, interpolated per frame so a ramp has no steps.
struct GainStage {
    let target: Float
    let rampStart: Float
    let rampFrames: Int
    private(set) var position = 0

    init(volumePercent: Double, ramp: Ramp?, sampleRate: Int) {
        target = Float(min(max(volumePercent, 0), 100) / 100)
        if let ramp, ramp.seconds > 0 {
            rampStart = Float(min(max(ramp.fromPercent, 0), 100) / 100)
            rampFrames = Int(ramp.seconds * Double(sampleRate))
        } else {
            rampStart = 1
            rampFrames = 0
        }
    }

    /// The gain at frame `n` of the playback.
    func gain(atFrame n: Int) -> Float {
        guard n < rampFrames else { return target }
        let progress = Float(n) / Float(rampFrames)
        return target * (rampStart + (1 - rampStart) * progress)
    }

    /// True when samples pass through untouched (full volume, ramp done): bit-exact output.
    var isUnity: Bool { target == 1 && position >= rampFrames }

    mutating func apply(to buffer: UnsafeMutableRawPointer, frames: Int, channels: Int, type: SampleType) {
        defer { position += frames }
        if isUnity { return }
        switch type {
        case .int16:
            let samples = buffer.assumingMemoryBound(to: Int16.self)
            for frame in 0..<frames {
                let g = gain(atFrame: position + frame)
                for c in 0..<channels {
                    let i = frame * channels + c
                    samples[i] = Int16(clamping: Int((Float(samples[i]) * g).rounded()))
                }
            }
        case .float32:
            let samples = buffer.assumingMemoryBound(to: Float.self)
            for frame in 0..<frames {
                let g = gain(atFrame: position + frame)
                for c in 0..<channels { samples[frame * channels + c] *= g }
            }
        }
    }
}

/// Converts float samples to 16-bit for a device that refuses float.
enum SampleConverter {
    static func floatToInt16(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, count: Int) {
        let from = source.assumingMemoryBound(to: Float.self)
        let to = destination.assumingMemoryBound(to: Int16.self)
        for i in 0..<count {
            let clipped = min(max(from[i], -1), 1)
            to[i] = Int16((clipped * 32767).rounded())
        }
    }
}

extension GainStage {
    /// Continues a ramp from `frames` in, for a sound that replaces another mid-playback.
    mutating func skip(frames: Int) { position += frames }
}
