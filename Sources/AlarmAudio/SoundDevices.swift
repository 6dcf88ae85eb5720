import CALSA
import FoundationEssentials

/// What the machine offers to play on: ALSA's PCM name hints (what `aplay -L` lists) and,
/// where a sound server runs, its sinks as ALSA device names.
public enum SoundDevices {
    public struct PCM: Sendable, Equatable {
        public var name: String
        public var description: String
    }

    /// Playback PCMs from ALSA's name hints, in ALSA's order.
    public static func pcms() -> [PCM] {
        oak_alsa_silence_errors()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var found: [PCM] = []
        var index = 0
        while let hint = hints[index], found.count < 1000 {
            index += 1
            func value(_ key: String) -> String? {
                guard let raw = snd_device_name_get_hint(hint, key) else { return nil }
                defer { free(raw) }
                return String(cString: raw)
            }
            // IOID is absent for devices that do both; "Input" ones cannot play.
            guard let name = value("NAME"), value("IOID") != "Input" else { continue }
            let description = (value("DESC") ?? "").split(separator: "\n").joined(separator: ", ")
            found.append(PCM(name: name, description: description))
        }
        return found
    }

    /// Whether `device` opens for playback right now; nil when it does, else why not.
    /// Opened without blocking and closed at once.
    public static func openProblem(_ device: String) -> String? {
        let format = AudioFormat(sampleRate: 48000, channels: 2, frames: nil, sampleType: .int16, container: "probe", encoding: "pcm")
        do {
            let pcm = try PCMDevice(name: device, format: format, latencyMicroseconds: 100_000)
            pcm.close()
            return nil
        } catch {
            if case .device(_, let reason) = error { return reason }
            return error.description
        }
    }
}
