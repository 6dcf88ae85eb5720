import Glibc
import LinuxSupport

/// Where the [sync] password comes from: `password_command`'s first line, else the desktop
/// keyring through libsecret's `secret-tool` (item `service=openalarmkit username=<user>`).
/// The command runs without a shell (no expansion, no injection through config.toml): split
/// into words with '…' and "…" quoting, the first looked up on PATH. The password is held in
/// memory only; errors never contain it.
package enum SyncPassword {
    package struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    package static func resolve(command: String?, username: String?, path: String? = nil) throws(Problem) -> String {
        let words: [String]
        if let command {
            words = try split(command)
        } else {
            words = ["secret-tool", "lookup", "service", "openalarmkit"] + (username.map { ["username", $0] } ?? [])
        }
        guard let tool = words.first, let executable = locate(tool, path: path ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin") else {
            throw Problem(description: command == nil
                ? "no password_command and no secret-tool for the keyring: apt-get install libsecret-tools, or set sync.password_command"
                : "sync.password_command: '\(words.first ?? "")' is not found on PATH")
        }
        guard let output = toolOutput(executable, Array(words.dropFirst())) else {
            throw Problem(description: command == nil
                ? "the keyring has no password for openalarmkit: secret-tool store --label 'OpenAlarmKit sync' service openalarmkit username \(username ?? "<name>")"
                : "sync.password_command failed (it exited with an error): run it by hand to see why")
        }
        let password = output.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !password.isEmpty else { throw Problem(description: "sync.password_command printed nothing: it must print the password on its first line") }
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
        guard quote == nil, !escaped else { throw Problem(description: "sync.password_command has an unclosed quote or a trailing \\") }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw Problem(description: "sync.password_command is empty") }
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
