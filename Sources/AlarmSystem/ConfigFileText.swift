import FoundationEssentials
import Glibc

/// Reads config.toml as text, or says why it cannot be used. Only a missing file means "the
/// defaults": a folder in its place, an unreadable file, random bytes, a NUL byte or invalid
/// UTF-8 are problems to report like a typo, not a file to skip in silence (`String(contentsOfFile:)`
/// returned nil for all of them, and TOML's parser stops at a NUL as at the end of the text).
enum ConfigFileText {
    /// Larger than any settings file; a bigger one is not what a person wrote.
    static let maxBytes = 1 << 20

    /// The file's text; nil when there is no file.
    static func read(_ path: String) throws(ConfigProblem) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw problem(path, nil, "cannot be read (\(String(cString: strerror(code)))); fix its permissions or remove it")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw problem(path, nil, "cannot be read (\(String(cString: strerror(errno))))") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw problem(path, nil, "is a folder, not a file; remove it and write the settings in a file of that name")
        default: throw problem(path, nil, "is not a regular file; replace it with a text file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw problem(path, nil, "cannot be read (\(String(cString: strerror(errno))))")
            }
            bytes += chunk[..<count]
            if bytes.count > maxBytes { throw problem(path, nil, "is larger than \(maxBytes >> 20) MiB; this is not a settings file") }
        }
        return try text(bytes, path: path)
    }

    /// `bytes` as text, refusing what TOML forbids and the parser would not notice: a NUL
    /// (it ends the parser's C string, and what follows is never read) and invalid UTF-8.
    static func text(_ bytes: [UInt8], path: String) throws(ConfigProblem) -> String {
        var line = 1
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            let content = bytes[start..<index]
            if content.contains(0) {
                throw problem(path, line, "contains a NUL byte: this is not a text file (write the settings as plain text)")
            }
            if String(validating: content, as: UTF8.self) == nil {
                throw problem(path, line, "is not valid UTF-8 text (a binary file, or another encoding); save it as UTF-8")
            }
            line += 1
            start = index + 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func problem(_ path: String, _ line: Int?, _ message: String) -> ConfigProblem {
        ConfigProblem(path: path, line: line, key: nil, message: message)
    }
}
