import Glibc
import LinuxSupport

/// Where the [sync] password comes from: `password_command`'s first line, else the desktop
/// keyring through libsecret's `secret-tool` (item `service=openalarmkit username=<user>`).
/// The command runs without a shell (no expansion, no injection through config.toml): split
/// into words with '…' and "…" quoting, the first looked up on PATH. It gets `timeoutSeconds`
/// (a keyring that waits for a person to unlock it would otherwise hold the sync for good) and
/// dies with the thread that ran it. The password is held in memory only; errors never
/// contain it.
package enum SyncPassword {
    /// Seconds a password command may take.
    package static let timeoutSeconds = 15.0

    /// Why no password could be had, as data (clients word it; `description` is the log's).
    package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// `password_command`'s program is not on PATH (or not executable).
        case commandNotFound(String)
        /// No `password_command`, and no `secret-tool` for the keyring.
        case noKeyringTool
        /// `password_command` exited with an error.
        case commandFailed
        /// The keyring has no item for us (or is locked and the lookup failed).
        case notInKeyring(username: String?)
        /// It printed nothing on its first line.
        case empty
        /// It (or the keyring lookup, `keyring` true) did not finish within `seconds`.
        case timedOut(keyring: Bool, seconds: Int)
        /// `password_command` is not a command line: an unclosed quote, nothing in it.
        case badCommand(String)

        package var description: String {
            switch self {
            case .commandNotFound(let tool): "sync.password_command: '\(tool)' is not found on PATH"
            case .noKeyringTool: "no password_command and no secret-tool for the keyring: apt-get install libsecret-tools, or set sync.password_command"
            case .commandFailed: "sync.password_command failed (it exited with an error): run it by hand to see why"
            case .notInKeyring(let username):
                "the keyring has no password for openalarmkit: secret-tool store --label 'OpenAlarmKit sync' service openalarmkit username \(username ?? "<name>")"
            case .empty: "sync.password_command printed nothing: it must print the password on its first line"
            case .timedOut(let keyring, let seconds):
                keyring
                    ? "the keyring did not answer within \(seconds) s (locked, or no keyring service): unlock it, or set sync.password_command"
                    : "sync.password_command did not finish within \(seconds) s and was stopped: run it by hand to see why"
            case .badCommand(let why): "sync.password_command \(why)"
            }
        }
    }

    package static func resolve(command: String?, username: String?, path: String? = nil, timeoutSeconds: Double = timeoutSeconds) throws(Problem) -> String {
        let words: [String]
        if let command {
            words = try split(command)
        } else {
            words = ["secret-tool", "lookup", "service", "openalarmkit"] + (username.map { ["username", $0] } ?? [])
        }
        guard let tool = words.first, let executable = locate(tool, path: path ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin") else {
            throw command == nil ? .noKeyringTool : .commandNotFound(words.first ?? "")
        }
        let output: String
        switch boundedToolOutput(executable, Array(words.dropFirst()), seconds: timeoutSeconds) {
        case .output(let text): output = text
        case .timedOut: throw .timedOut(keyring: command == nil, seconds: Int(timeoutSeconds.rounded()))
        case .failed, .notStarted: throw command == nil ? .notInKeyring(username: username) : .commandFailed
        }
        let password = output.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !password.isEmpty else { throw command == nil ? .notInKeyring(username: username) : .empty }
        return password
    }

    /// Shell-like words: blanks separate, '…' and "…" quote, \ escapes outside single quotes.
    package static func split(_ command: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                current.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { throw .badCommand("has an unclosed quote or a trailing \\") }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw .badCommand("is empty") }
        return words
    }

    /// `tool` if it has a slash, else the first executable `dir/tool` on `path`.
    static func locate(_ tool: String, path: String) -> String? {
        if tool.contains("/") { return access(tool, X_OK) == 0 ? tool : nil }
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(tool)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
