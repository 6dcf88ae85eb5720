import Glibc

/// A short sound held decoded in memory and repeated to fill every read: a looping alarm
/// with a tiny sound (one frame, a click) writes whole chunks like any other, instead of
/// a decoder rewind, a short read and a paced write for each pass (a 1-frame WAV cost 10 %
/// of a core that way). Decoding at open also catches a broken file before it plays.
final class MemoryLoop: AudioSource {
    /// Passes up to this long are held in memory (at most 0.5 s × 8 channels × 4 bytes per
    /// sample at 192 kHz is 3 MiB; a typical short sound is a few KiB); longer ones stream.
    static let maximumSeconds = 0.5

    let format: AudioFormat
    let origin: String
    private let pass: UnsafeMutableRawPointer
    private let passFrames: Int
    private var position = 0

    /// The whole of `source` in memory when its pass is short enough, else nil (stream it).
    static func load(_ source: AudioSource) throws(AudioError) -> MemoryLoop? {
        let format = source.format
        let limit = Int(Double(format.sampleRate) * maximumSeconds)
        guard let announced = format.frames, announced <= Int64(limit) else { return nil }
        // MPEG counts are estimates: read up to the limit plus a little and count.
        let capacity = limit + 4096
        let data = UnsafeMutableRawPointer.allocate(byteCount: capacity * format.bytesPerFrame, alignment: 16)
        var total = 0
        do {
            while total < capacity {
                let n = try source.read(into: data + total * format.bytesPerFrame, frames: capacity - total)
                if n == 0 { break }
                total += n
            }
        } catch {
            data.deallocate()
            throw error.atPosition(total, rate: format.sampleRate)
        }
        let exact = format.container != "MPEG"
        if total == 0 || total >= capacity || (exact && Int64(total) < announced) {
            data.deallocate()
            if total == 0 { throw .undecodable(path: source.origin, reason: .empty) }
            if total >= capacity { return nil }
            throw .undecodable(path: source.origin, reason: .truncated("decoded \(total) of \(announced) frames"))
        }
        return MemoryLoop(format: format, origin: source.origin, pass: data, frames: total)
    }

    private init(format: AudioFormat, origin: String, pass: UnsafeMutableRawPointer, frames: Int) {
        self.format = format
        self.origin = origin
        self.pass = pass
        self.passFrames = frames
    }

    deinit { pass.deallocate() }

    /// Always fills all `frames`: the pass repeated from where the last read stopped.
    func read(into buffer: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int {
        let bytesPerFrame = format.bytesPerFrame
        var done = 0
        while done < frames {
            let n = min(frames - done, passFrames - position)
            memcpy(buffer + done * bytesPerFrame, pass + position * bytesPerFrame, n * bytesPerFrame)
            done += n
            position += n
            if position == passFrames { position = 0 }
        }
        return frames
    }

    func rewind() throws(AudioError) { position = 0 }
}
