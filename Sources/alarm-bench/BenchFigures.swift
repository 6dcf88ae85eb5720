import Foundation

/// Several runs of one measurement: the table shows the median and the worst.
struct Figures {
    let values: [Double]

    init(_ values: [Double]) { self.values = values.sorted() }

    var median: Double { values.isEmpty ? .nan : values[values.count / 2] }
    /// The largest: for times and memory, the worst.
    var worst: Double { values.last ?? .nan }

    /// "1.52 ms (worst 3.10)"
    func text(_ unit: String, digits: Int = 2) -> String {
        values.count == 1 ? "\(Self.number(median, digits)) \(unit)" : "\(Self.number(median, digits)) \(unit) (worst \(Self.number(worst, digits)))"
    }

    static func number(_ value: Double, _ digits: Int) -> String { value.isFinite ? String(format: "%.\(digits)f", value) : "?" }
}

/// One row of the performance table (docs/PERFORMANCE.md).
struct TableRow {
    var metric: String
    var peer: String
    var ours: String
    /// Ours divided by the peer's (medians), when both exist.
    var ratio: Double?
    var goal: String
}

/// The rows, printed as they come (a long run shows progress) and as a Markdown table at the end.
final class Table {
    private(set) var rows: [TableRow] = []

    func add(_ metric: String, peer: String, ours: String, ratio: Double? = nil, goal: String) {
        let row = TableRow(metric: metric, peer: peer, ours: ours, ratio: ratio, goal: goal)
        rows.append(row)
        print("  \(metric): ours \(ours); peer \(peer)\(ratio.map { String(format: "; ratio %.2f×", $0) } ?? ""); goal \(goal)")
        fflush(nil)
    }

    func markdown() -> String {
        var lines = ["| metric | peer / floor | ours | ours ÷ peer | goal |", "|---|---|---|---|---|"]
        for row in rows {
            let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? "—"
            lines.append("| \(row.metric) | \(row.peer) | \(row.ours) | \(ratio) | \(row.goal) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// Copies a byte stream at the pace a sound card drains it (25 ms at a time), so that players
/// which do not pace themselves on ALSA `null` (aplay, and the decoders feeding it) wake and
/// work as they would on a real device. `output` nil: the relay is the device and discards.
enum PacedRelay {
    static func start(from input: Int32, to output: Int32?, bytesPerSecond: Double) -> Thread {
        let thread = Thread {
            let chunk = Int(bytesPerSecond / 40)
            var buffer = [UInt8](repeating: 0, count: chunk)
            var total = 0
            var start: UInt64?
            while true {
                let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, chunk) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                if start == nil { start = DispatchTime.now().uptimeNanoseconds }
                if let output {
                    var sent = 0
                    while sent < n {
                        let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + sent, n - sent) }
                        if w < 0 && errno == EINTR { continue }
                        guard w > 0 else { break }
                        sent += w
                    }
                }
                total += n
                let due = start! + UInt64(Double(total) / bytesPerSecond * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32((due - now) / 1000)) }
            }
            close(input)
            if let output { close(output) }
        }
        thread.start()
        return thread
    }
}

/// A pipe whose ends are not inherited by the programs the bench starts (only the end given
/// to a child as its stdin or stdout is, through dup2), so end-of-file arrives when it should.
func closeOnExecPipe() -> (read: Int32, write: Int32) {
    // Glibc's module hides pipe2; the spawn lock keeps a child from being started between
    // pipe() and the flags.
    MeasuredProcess.spawnLock.withLock {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fatalError("pipe: \(String(cString: strerror(errno)))") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}

/// Runs `work` on its own thread for each item, all at once, and waits for all of them.
func concurrently(_ work: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    for job in work {
        group.enter()
        Thread {
            job()
            group.leave()
        }.start()
    }
    group.wait()
}

/// The load the machine was under: the figures only compare within one run.
func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}
