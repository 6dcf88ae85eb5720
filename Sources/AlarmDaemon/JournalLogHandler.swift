import Foundation
import Logging

/// Logs one line per message to stderr. Under systemd (JOURNAL_STREAM set) each line starts
/// with the `<N>` priority prefix journald understands; on a terminal, with a time stamp.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let underJournal: Bool

    public init(label: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        underJournal = environment["JOURNAL_STREAM"] != nil
        if let level = environment["OPENALARMKIT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) { logLevel = level }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = underJournal ? "<\(Self.priority(event.level))>" : "\(Self.timestamp()) \(event.level) "
        line += "\(label): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        line += "\n"
        Self.writeToStderr(line)
    }

    /// A plain write(2) whose failure is ignored: FileHandle.write traps on an error, and a
    /// log file on a full or read-only disk (alarmd.log sits in the state folder when a client
    /// started the daemon) must not kill the daemon at its next log line.
    private static func writeToStderr(_ line: String) {
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    private static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    private static func timestamp() -> String {
        Date().formatted(.iso8601.time(includingFractionalSeconds: true))
    }
}
