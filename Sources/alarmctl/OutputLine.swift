import Glibc
import LinuxSupport

/// A large output already made as UTF-8 (`list`'s table, `--json`), written as it is, after
/// anything `print` buffered: making a String of it first would only check again that it is
/// UTF-8 and copy it, a sizeable share of `alarmctl list`.
enum OutputLine {
    /// `text` ends with its own newline.
    static func write(_ text: UnsafeBufferPointer<UInt8>) {
        fflush(nil)
        StandardOutput.write(text)
    }
}
