import CALSA
import FoundationEssentials

/// The output level of one mixer element (`Master` on the ctl that belongs to a PCM), read
/// and set through `snd_mixer`. On a desktop `ctl default` is the sound server's default
/// sink (PipeWire's or PulseAudio's ALSA ctl plugin), on bare ALSA the card's mixer.
public struct MixerLevel: Codable, Sendable, Equatable, CustomStringConvertible {
    /// Raw value of each playback channel that has one, in channel order.
    public var volumes: [Int]
    /// Playback switch of each channel (true: on, i.e. not muted); empty without a switch.
    public var switches: [Bool]
    public var minimum: Int
    public var maximum: Int

    public var isMuted: Bool { switches.contains(false) }

    /// The loudest channel, 0–100 of the raw range.
    public var percent: Double {
        guard maximum > minimum, let loudest = volumes.max() else { return 100 }
        return Double(loudest - minimum) / Double(maximum - minimum) * 100
    }

    public var description: String {
        "\(Int(percent.rounded())) %\(isMuted ? " (muted)" : "")"
    }

    /// This level unmuted and with every channel at least `percent`.
    public func raised(toAtLeast percent: Double) -> MixerLevel {
        let floor = minimum + Int((Double(maximum - minimum) * min(max(percent, 0), 100) / 100).rounded(.up))
        return MixerLevel(volumes: volumes.map { max($0, floor) }, switches: switches.map { _ in true },
                          minimum: minimum, maximum: maximum)
    }
}

/// Errors opening or driving a mixer; the volume policy logs them and rings anyway.
public struct MixerError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// One mixer element, opened for a short read or write and closed again: a sound server may
/// restart between two uses, and a mixer handle does not survive that.
public enum MixerVolume {
    public static let elementNames = ["Master", "PCM", "Speaker"]

    /// The ctl that controls `device`: `hw:N` for the card of a `hw`/`plughw` PCM, else
    /// `default` (the sound server, or the default card).
    public static func ctlName(forDevice device: String) -> String {
        for prefix in ["plughw:", "hw:"] where device.hasPrefix(prefix) {
            let card = device.dropFirst(prefix.count).split(separator: ",").first.map(String.init) ?? "0"
            return "hw:" + card
        }
        if device.hasPrefix("pulse") { return "pulse" }
        if device.hasPrefix("pipewire") { return "pipewire" }
        return "default"
    }

    public static func read(ctl: String) throws(MixerError) -> (element: String, level: MixerLevel) {
        try withElement(ctl: ctl) { name, element in (name, Self.level(of: element)) }
    }

    /// Sets `level` on the element `name`; returns what the mixer reports afterwards.
    @discardableResult
    public static func write(_ level: MixerLevel, ctl: String, element name: String) throws(MixerError) -> MixerLevel {
        try withElement(ctl: ctl, only: name) { _, element in
            for (index, channel) in playbackChannels(of: element).enumerated() {
                if index < level.volumes.count {
                    snd_mixer_selem_set_playback_volume(element, channel, level.volumes[index])
                }
                if snd_mixer_selem_has_playback_switch(element) != 0, index < level.switches.count {
                    snd_mixer_selem_set_playback_switch(element, channel, level.switches[index] ? 1 : 0)
                }
            }
            return Self.level(of: element)
        }
    }

    // MARK: -

    private static func withElement<T>(ctl: String, only: String? = nil,
                                       _ body: (String, OpaquePointer) -> T) throws(MixerError) -> T {
        oak_alsa_silence_errors()
        var mixer: OpaquePointer?
        guard snd_mixer_open(&mixer, 0) >= 0, let mixer else { throw MixerError(description: "cannot open a mixer") }
        defer { snd_mixer_close(mixer) }
        var err = snd_mixer_attach(mixer, ctl)
        if err >= 0 { err = snd_mixer_selem_register(mixer, nil, nil) }
        if err >= 0 { err = snd_mixer_load(mixer) }
        guard err >= 0 else {
            throw MixerError(description: "mixer '\(ctl)': \(String(cString: snd_strerror(err)))")
        }
        var id: OpaquePointer?
        guard snd_mixer_selem_id_malloc(&id) >= 0, let id else { throw MixerError(description: "out of memory") }
        defer { snd_mixer_selem_id_free(id) }
        for name in only.map({ [$0] }) ?? elementNames {
            snd_mixer_selem_id_set_index(id, 0)
            snd_mixer_selem_id_set_name(id, name)
            if let element = snd_mixer_find_selem(mixer, id), snd_mixer_selem_has_playback_volume(element) != 0 {
                return body(name, element)
            }
        }
        throw MixerError(description: "mixer '\(ctl)' has no playback volume named \((only.map { [$0] } ?? elementNames).joined(separator: ", "))")
    }

    private static func playbackChannels(of element: OpaquePointer) -> [snd_mixer_selem_channel_id_t] {
        (0...31).map { snd_mixer_selem_channel_id_t(rawValue: $0) }
            .filter { snd_mixer_selem_has_playback_channel(element, $0) != 0 }
    }

    private static func level(of element: OpaquePointer) -> MixerLevel {
        var low = 0, high = 0
        snd_mixer_selem_get_playback_volume_range(element, &low, &high)
        var volumes: [Int] = []
        var switches: [Bool] = []
        let hasSwitch = snd_mixer_selem_has_playback_switch(element) != 0
        for channel in playbackChannels(of: element) {
            var value = 0
            snd_mixer_selem_get_playback_volume(element, channel, &value)
            volumes.append(value)
            if hasSwitch {
                var on: Int32 = 1
                snd_mixer_selem_get_playback_switch(element, channel, &on)
                switches.append(on != 0)
            }
        }
        return MixerLevel(volumes: volumes, switches: switches, minimum: low, maximum: high)
    }
}
