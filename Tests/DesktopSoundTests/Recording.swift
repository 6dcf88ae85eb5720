import Foundation

/// A 16-bit PCM WAV file as pw-record/parecord write it, measured in 10 ms windows.
struct Recording {
    let rate: Int
    let channels: Int
    let samples: [Int16]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" else {
            throw SoundServerSession.Failure(description: "\(path) is not a WAV file (\(bytes.count) bytes)")
        }
        var at = 12
        var rate = 48000, channels = 2
        var samples: [Int16] = []
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            var size = u32(at + 4)
            if id == "fmt " {
                channels = u16(at + 10)
                rate = u32(at + 12)
            } else if id == "data" {
                // A recorder killed mid-way leaves the size unset: take what is there.
                if size == 0 || size == 0xFFFF_FFFF || at + 8 + size > bytes.count { size = bytes.count - at - 8 }
                samples = stride(from: at + 8, to: at + 8 + size - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
                break
            }
            at += 8 + size + (size & 1)
        }
        self.rate = rate
        self.channels = channels
        self.samples = samples
    }

    var seconds: Double { Double(samples.count / max(channels, 1)) / Double(rate) }

    /// RMS (0-1) of each 10 ms window.
    var windows: [Double] {
        let size = rate / 100 * channels
        return stride(from: 0, to: samples.count - size + 1, by: size).map { start in
            var sum = 0.0
            for s in samples[start..<start + size] { sum += Double(s) * Double(s) }
            return (sum / Double(size)).squareRoot() / 32768
        }
    }

    /// Seconds into the recording of the first window louder than `threshold`; nil if none.
    func firstAudible(threshold: Double = 0.01) -> Double? {
        windows.firstIndex { $0 > threshold }.map { Double($0) / 100 }
    }

    /// RMS over the whole recording from `from` seconds.
    func rms(from: Double = 0) -> Double {
        let start = min(Int(from * Double(rate)) * channels, samples.count)
        let part = samples[start...]
        guard !part.isEmpty else { return 0 }
        var sum = 0.0
        for s in part { sum += Double(s) * Double(s) }
        return (sum / Double(part.count)).squareRoot() / 32768
    }
}

/// Polls every 10 ms; true once `condition` holds, false after `seconds`.
func eventuallyTrue(within seconds: Double, _ condition: () async -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if await condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}
