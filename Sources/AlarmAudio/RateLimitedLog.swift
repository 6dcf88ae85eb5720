import LinuxSupport
import Logging

/// At most one log line per condition per `interval`: a sound server that is away makes
/// every write and every reopen fail, and a line for each would flood the journal (the
/// issue saw 23,000 lines a second). The next line after a quiet spell says how many were
/// held back. Playback thread only.
struct RateLimitedLog {
    let interval: UInt64
    private var lastLogged: [String: UInt64] = [:]
    private var suppressed: [String: Int] = [:]

    init(intervalSeconds: Double = 10) {
        interval = UInt64(intervalSeconds * 1e9)
    }

    /// Logs `message` unless the same `condition` was logged less than `interval` ago.
    mutating func log(_ logger: Logger, _ level: Logger.Level, condition: String, _ message: @autoclosure () -> String,
                      metadata: @autoclosure () -> Logger.Metadata = [:], now: UInt64 = MonotonicClock.now()) {
        if let last = lastLogged[condition], now &- last < interval {
            suppressed[condition, default: 0] += 1
            return
        }
        lastLogged[condition] = now
        var fields = metadata()
        if let held = suppressed.removeValue(forKey: condition), held > 0 {
            fields["repeated"] = "\(held) more time(s) since the last report"
        }
        logger.log(level: level, "\(message())", metadata: fields)
    }
}
