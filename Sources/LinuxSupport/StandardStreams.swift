import Glibc

/// Writes to the standard streams with write(2): what `FileHandle.standardError.write` did,
/// without corelibs Foundation (which links CoreFoundation and ICU into every binary).
public enum StandardError {
    /// Writes all of `text`; a closed or broken stream drops it (FileHandle trapped instead).
    public static func write(_ text: String) { writeAll(2, text) }
}

public enum StandardOutput {
    public static func write(_ text: String) { writeAll(1, text) }

    /// UTF-8 already made (a large JSON output), without making a String of it first.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>) { writeAll(1, bytes) }
}

func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { writeAll(fd, $0) }
}

func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    while offset < bytes.count {
        let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}
