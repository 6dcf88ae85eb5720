import FoundationEssentials
import Glibc

/// Installing a sound: the file is checked by decoding all of it, then copied into the user's
/// Sounds folder under its name, so alarms find it by that name. The one implementation behind
/// `alarmctl sound install` and alarmd's `installSound` request (the Alarms window's
/// "Add sound…", which must not link the audio engine itself).
public enum SoundInstaller {
    public struct Installed: Sendable, Equatable {
        public var name: String
        public var path: String
        public var format: AudioFormat
    }

    public enum Failure: Error, Sendable, Equatable {
        /// The name is unsafe or the file does not decode: the AudioError says which.
        case invalid(AudioError)
        /// A sound of that name is already installed (these files) and `replacing` was false.
        case exists(name: String, paths: [String])
        /// The Sounds folder or the copy could not be written: the system's reason.
        case cannotWrite(folder: String, reason: String)
    }

    /// Decodes `file` fully, then copies it to `folder/name.ext` (under a temporary name first,
    /// then renamed: a reader never sees half a file), replacing a sound of that name only
    /// when `replacing`.
    public static func install(
        file: String, name: String, replacing: Bool, folder: String = SoundResolver.userSoundsDirectory()
    ) throws(Failure) -> Installed {
        let format: AudioFormat
        do {
            try SoundName.validate(name)
            format = try SoundFileInspector.format(ofFile: file, fully: true)
        } catch {
            throw .invalid(error)
        }
        let original = file.split(separator: "/").last.map(String.init) ?? file
        let dot = original.lastIndex(of: ".")
        let ext = fileExtension(for: format, original: dot.map { String(original[original.index(after: $0)...]).lowercased() } ?? "")
        let fm = FileManager.default
        let existing = SoundResolver.extensions.map { "\(folder)/\(name).\($0)" }.filter { fm.fileExists(atPath: $0) }
        if !existing.isEmpty && !replacing { throw .exists(name: name, paths: existing) }
        let destination = "\(folder)/\(name).\(ext)"
        do {
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let partial = "\(folder)/.\(name).\(ext).partial"
            try? fm.removeItem(atPath: partial)
            try fm.copyItem(atPath: file, toPath: partial)
            for old in existing { try fm.removeItem(atPath: old) }
            guard rename(partial, destination) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: ["NSUnderlyingError": POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
            }
        } catch {
            // FoundationEssentials has no localizedDescription: say the system's reason.
            let code = ((error as? CocoaError)?.underlying as? POSIXError)?.code.rawValue
            throw .cannotWrite(folder: folder, reason: code.map { String(cString: strerror($0)) } ?? "\(error)")
        }
        return Installed(name: name, path: destination, format: format)
    }

    /// The lookup only tries known extensions, so the copy gets the one its content has.
    public static func fileExtension(for format: AudioFormat, original: String) -> String {
        if SoundResolver.extensions.contains(original) { return original }
        switch (format.container, format.encoding) {
        case ("FLAC", _): return "flac"
        case ("Ogg", "Opus"): return "opus"
        case ("Ogg", _): return "ogg"
        case ("MPEG", _): return "mp3"
        case ("AIFF", _): return "aiff"
        default: return "wav"
        }
    }
}
