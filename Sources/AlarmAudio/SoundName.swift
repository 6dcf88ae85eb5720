/// Sound names come from apps and config files; a name must stay a file name inside the
/// Sounds folders, never a way to reach other files.
public enum SoundName {
    public static let maximumBytes = 255

    /// Throws `.unsafeSoundName` for an empty name, one with a path separator or `..`,
    /// a control character, or more than 255 bytes of UTF-8.
    public static func validate(_ name: String) throws(AudioError) {
        if name.isEmpty { throw .unsafeSoundName(name, reason: "the name is empty") }
        if name.utf8.count > maximumBytes {
            throw .unsafeSoundName(name, reason: "longer than \(maximumBytes) bytes")
        }
        if name.contains("/") || name.contains("\\") {
            throw .unsafeSoundName(name, reason: "contains a path separator")
        }
        if name.contains("..") { throw .unsafeSoundName(name, reason: "contains '..'") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .unsafeSoundName(name, reason: "contains a control character")
        }
    }
}
