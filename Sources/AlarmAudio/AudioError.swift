import LinuxSupport

/// Everything that can keep a sound from playing. Each message names the thing that failed
/// and says what to do about it, in the person's language (`tr`; the reasons libasound and
/// libsndfile give stay theirs).
public enum AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sound name that could escape the Sounds folders or is not a file name at all.
    case unsafeSoundName(String, reason: String)
    /// No file for this name in any lookup location.
    case unknownSound(String, lookedIn: [String])
    /// The file exists (or was asked for) but cannot be decoded.
    case undecodable(path: String, reason: DecodeFailure)
    /// One PCM device could not be opened or configured, or failed while playing.
    case device(name: String, reason: String)
    /// Every device of the fallback chain failed; the list says why each did.
    case noUsableDevice(attempts: [DeviceAttempt])

    public struct DeviceAttempt: Sendable, Equatable, CustomStringConvertible {
        public var device: String
        public var reason: String
        public init(device: String, reason: String) {
            self.device = device
            self.reason = reason
        }
        public var description: String { "'\(device)': \(reason)" }
    }

    public var description: String {
        switch self {
        case .unsafeSoundName(let name, let reason):
            return tr("unsafe sound name '%1$s': %2$s; use a plain file name such as 'Chime'", name.debugEscaped, reason)
        case .unknownSound(let name, let dirs):
            return tr("unknown sound '%1$s' (looked in: %2$s); run 'alarmctl sound list' for the available names or 'alarmctl sound install FILE'", name, dirs.joined(separator: ", "))
        case .undecodable(let path, let reason):
            return tr("cannot play '%1$s': %2$s", path, reason.description)
        case .device(let name, let reason):
            return tr("audio device '%1$s': %2$s", name, reason)
        case .noUsableDevice(let attempts):
            return tr("no usable audio device (tried %s); pass --device, set OPENALARMKIT_AUDIO_DEVICE (e.g. 'null' or 'plughw:1'), or check 'aplay -L'", attempts.map(\.description).joined(separator: "; "))
        }
    }
}

/// Why a file could not be decoded.
public enum DecodeFailure: Sendable, Equatable, CustomStringConvertible {
    case notFound
    case notAFile
    case unreadable(String)
    case empty
    case truncated(String)
    case corrupt(String)
    case unsupported(String)

    public var description: String {
        switch self {
        case .notFound: return tr("no such file; check the path")
        case .notAFile: return tr("not a regular file")
        case .unreadable(let why): return tr("cannot read it (%s); check its permissions", why)
        case .empty: return tr("it holds no audio (empty file)")
        case .truncated(let why): return tr("the file is truncated (%s); copy it again from its source", why)
        case .corrupt(let why): return tr("the file is corrupt (%s); re-encode it, e.g. with sox or ffmpeg", why)
        case .unsupported(let why):
            return tr("unsupported format (%s); convert it to WAV, FLAC, Ogg Vorbis, Opus, MP3 or AIFF", why)
        }
    }
}

extension String {
    /// Shows control characters visibly, so an error about them is readable.
    var debugEscaped: String {
        String(unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())
    }
}

extension AudioError {
    /// The error with where in the sound it happened, when that was part-way: "played for
    /// 1.4 s, then broke" tells a truncated download from a file that never decoded.
    func atPosition(_ frames: Int, rate: Int) -> AudioError {
        guard frames > 0, rate > 0, case .undecodable(let path, let reason) = self else { return self }
        let at = (Double(frames) / Double(rate) * 100).rounded() / 100
        func trimmed(_ why: String) -> String { why.hasSuffix(".") ? String(why.dropLast()) : why }
        switch reason {
        case .corrupt(let why): return .undecodable(path: path, reason: .corrupt("\(trimmed(why)), after \(at) s of audio"))
        case .truncated(let why): return .undecodable(path: path, reason: .truncated("\(trimmed(why)), after \(at) s of audio"))
        default: return self
        }
    }
}
