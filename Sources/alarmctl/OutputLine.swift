import Glibc
import LinuxSupport

/// A large output already made as UTF-8 (`list`'s table, `--json`), written as it is, after
/// anything `print` buffered: making a String of it first would only check again that it is
/// UTF-8, a sizeable share of `alarmctl list`.
enum OutputLine {
    static func write(_ text: [UInt8]) {
        var line = text
        line.append(0x0A)
        fflush(nil)
        StandardOutput.write(line)
    }
}
