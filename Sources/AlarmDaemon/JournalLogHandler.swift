import FoundationEssentials
import LinuxSupport
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
        // Messages carry anyone's text (titles, app ids, file names): control characters are
        // escaped, so a title cannot send escape sequences to whoever reads the log on a
        // terminal, nor start a forged line.
        line += "\(label): " + TerminalSafe.text("\(event.message)")
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { TerminalSafe.text("\($0.key)=\($0.value)") }.joined(separator: " ")
        }
        line += "\n"
        StandardError.write(line)
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
