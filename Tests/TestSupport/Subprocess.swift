import CLinux
import Foundation
import Testing

/// A child process for tests, started and waited for without Foundation's Process: its
/// `waitUntilExit` waits on the same few threads Swift's concurrency runs on, so two tests
/// waiting at once can deadlock, and its children inherit every open descriptor.
///
/// Every wait has a deadline: a child that does not end in time is killed (SIGKILL) and the
/// test that waited fails with an issue naming it, so one hung process costs that test a
/// minute or two instead of the whole CI run (docs/TESTING.md, "Time limits").
public final class Subprocess: @unchecked Sendable {
    public let pid: pid_t
    /// What was started, for messages: the executable and its arguments.
    public let command: String
    /// Our ends of the pipes asked for.
    public let input: FileHandle?
    public let output: FileHandle?
    public let errors: FileHandle?
    private let lock = NSLock()
    private var ended: Termination?

    /// How long `run` lets a child take, and `wait` waits, unless the caller says otherwise:
    /// far beyond what any child of the tests needs on a loaded 2-core machine, far below
    /// CI's budget.
    public static let runLimit: Double = 180
    public static let waitLimit: Double = 90

    public enum Stream: Sendable {
        case inherit, null, pipe
        /// Appends to a file (created if missing).
        case file(String)
    }

    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                stdin: Stream = .null, stdout: Stream = .inherit, stderr: Stream = .inherit) throws {
        var close: [Int32] = []
        func open(_ stream: Stream, forReading: Bool) throws -> (child: Int32, ours: FileHandle?) {
            switch stream {
            case .inherit: return (-1, nil)
            case .null:
                let fd = Glibc.open("/dev/null", forReading ? O_RDONLY : O_WRONLY)
                close.append(fd)
                return (fd, nil)
            case .file(let path):
                let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw SpawnError(description: "cannot open \(path)") }
                close.append(fd)
                return (fd, nil)
            case .pipe:
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else { throw SpawnError(description: "pipe failed") }
                _ = oak_set_cloexec(fds[0])
                _ = oak_set_cloexec(fds[1])
                let (childEnd, ourEnd) = forReading ? (fds[0], fds[1]) : (fds[1], fds[0])
                close.append(childEnd)
                return (childEnd, FileHandle(fileDescriptor: ourEnd, closeOnDealloc: true))
            }
        }
        let i = try open(stdin, forReading: true)
        let o = try open(stdout, forReading: false)
        let e = try open(stderr, forReading: false)
        let env = (environment ?? ChildEnvironment.base).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            close.forEach { _ = Glibc.close($0) }
        }
        pid = oak_spawn(executable, argv, envp, i.child, o.child, e.child)
        guard pid > 0 else { throw SpawnError(description: "cannot start \(executable)") }
        command = ([executable] + arguments).joined(separator: " ")
        input = i.ours
        output = o.ours
        errors = e.ours
    }

    /// Waits until the child ends (it is reaped once; later calls return the same), at most
    /// `seconds`: past that the child is killed with SIGKILL, the waiting test gets an issue
    /// saying which command hung, and the kill is returned.
    @discardableResult
    public func wait(within seconds: Double = Subprocess.waitLimit, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Termination {
        let deadline = Deadline(seconds)
        var pause: UInt32 = 500
        while !deadline.passed {
            if let termination { return termination }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        if let termination { return termination }
        Issue.record("\(command) (pid \(pid)) did not end within \(Int(seconds)) s: killed it",
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        kill(pid, SIGKILL)
        return reap()
    }

    /// Blocks until the child ends, with no deadline: only after SIGKILL, which always ends it.
    private func reap() -> Termination {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let result = Self.termination(status)
        ended = result
        return result
    }

    private static func termination(_ status: Int32) -> Termination {
        (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// Nil while running.
    public var termination: Termination? {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        ended = Self.termination(status)
        return ended
    }

    public var isRunning: Bool { termination == nil }

    public func signal(_ number: Int32) { if isRunning { kill(pid, number) } }

    /// Runs to the end, collecting stdout and stderr (read at the same time, so neither pipe
    /// can fill up and stall the child). A child still running after `timeout` seconds is
    /// killed and the test gets an issue naming it; what it wrote until then is returned.
    public static func run(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil, input: Data? = nil,
                           timeout: Double = Subprocess.runLimit, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column)
        throws -> (termination: Termination, stdout: String, stderr: String)
    {
        let child = try Subprocess(executable, arguments, environment: environment, stdin: input == nil ? .null : .pipe, stdout: .pipe, stderr: .pipe)
        let deadline = Deadline(timeout)
        if let input, let handle = child.input {
            // A writer of its own: a child that reads nothing must not block us past the deadline.
            let writer = Thread {
                handle.write(input)
                try? handle.close()
            }
            writer.start()
        }
        var out = Data(), err = Data()
        let finished = Self.drain([(child.output!, { out.append($0) }), (child.errors!, { err.append($0) })], until: deadline)
        if !finished {
            Issue.record("\(child.command) did not finish within \(Int(timeout)) s: killed it",
                         sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            kill(child.pid, SIGKILL)
            // Whatever a grandchild still holds open is not waited for.
            _ = Self.drain([(child.output!, { out.append($0) }), (child.errors!, { err.append($0) })], until: Deadline(2))
        }
        let termination = child.wait(within: max(deadline.left, 10), fileID: fileID, filePath: filePath, line: line, column: column)
        return (termination, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// Reads the handles until each reaches its end or the deadline passes; true if all ended.
    static func drain(_ sources: [(FileHandle, (Data) -> Void)], until deadline: Deadline) -> Bool {
        var open = sources.map { (fd: $0.0.fileDescriptor, sink: $0.1) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), deadline.milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            var stillOpen: [(fd: Int32, sink: (Data) -> Void)] = []
            for (index, source) in open.enumerated() {
                guard polled[index].revents != 0 else {
                    stillOpen.append(source)
                    continue
                }
                let count = read(source.fd, &buffer, buffer.count)
                if count > 0 {
                    source.sink(Data(buffer[0..<count]))
                    stillOpen.append(source)
                } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    stillOpen.append(source)
                }
            }
            open = stillOpen
        }
        return true
    }

    /// All the child writes on `stream` (a `.pipe`: `output` or `errors`) until it closes it,
    /// at most `seconds`: past that the child is killed, the test gets an issue naming the
    /// command, and what came until then is returned. Never a read with no deadline: a product
    /// that hangs fails this one test instead of blocking `swift test` until CI's stop.
    public func readToEnd(_ stream: KeyPath<Subprocess, FileHandle?> = \.output, within seconds: Double = Subprocess.waitLimit,
                          fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Data {
        guard let handle = self[keyPath: stream] else { return Data() }
        var data = Data()
        if !Self.drain([(handle, { data.append($0) })], until: Deadline(seconds)) {
            Issue.record("\(command) (pid \(pid)) did not close its output within \(Int(seconds)) s: killed it",
                         sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            kill(pid, SIGKILL)
            _ = Self.drain([(handle, { data.append($0) })], until: Deadline(2))
        }
        return data
    }

    /// The next bytes the child writes on its stdout, as they come: empty at its end, nil when
    /// `seconds` pass with nothing (the test gets an issue naming the command and the child is
    /// killed).
    public func readChunk(within seconds: Double = Subprocess.waitLimit,
                          fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Data? {
        guard let output else { return Data() }
        let deadline = Deadline(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var polled = [pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 1, deadline.milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                Issue.record("\(command) (pid \(pid)) wrote nothing for \(Int(seconds)) s: killed it",
                             sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
                kill(pid, SIGKILL)
                return nil
            }
            let count = read(output.fileDescriptor, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return count > 0 ? Data(buffer[0..<count]) : Data()
        }
    }

    /// The first line the child writes on its stdout (a `.pipe`), without the newline; nil if
    /// it ends its output or `seconds` pass first (a helper that died before it reported).
    public func readLine(within seconds: Double) -> String? {
        guard let output else { return nil }
        var line = Data()
        var done = false
        let deadline = Deadline(seconds)
        while !done {
            var polled = [pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 1, deadline.milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var byte: UInt8 = 0
            guard read(output.fileDescriptor, &byte, 1) == 1 else { return nil }
            if byte == 0x0A { done = true } else { line.append(byte) }
        }
        return String(decoding: line, as: UTF8.self)
    }
}

/// A point in time some seconds ahead, on the monotonic clock.
public struct Deadline: Sendable {
    private let end: ContinuousClock.Instant
    public init(_ seconds: Double) { end = .now + .milliseconds(Int64(seconds * 1000)) }
    public var passed: Bool { ContinuousClock.now >= end }
    /// Seconds left (0 once passed).
    public var left: Double {
        let rest = ContinuousClock.now.duration(to: end)
        return max(0, Double(rest.components.seconds) + Double(rest.components.attoseconds) / 1e18)
    }
    /// What is left, for poll(2): at least 0.
    var milliseconds: Int32 { Int32(min(left * 1000, Double(Int32.max)).rounded(.up)) }
}

extension Subprocess.Termination {
    /// The exit status, or 128 + the signal, as a shell reports it.
    public var status: Int32 {
        switch self {
        case .exited(let code): code
        case .signalled(let signal): 128 + signal
        }
    }
}

extension Subprocess {
    /// Appends each line the child writes to its stdout (a `.pipe`) to `lines`, from a thread
    /// of its own, until the child closes it: how tests follow a helper script's reports.
    public func collectLines(into lines: Locked<[String]>) {
        guard let reader = output else { return }
        Thread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.append(line) }
                }
            }
        }.start()
    }
}
