import CLinux
import Foundation

/// A child process for tests, started and waited for without Foundation's Process: its
/// `waitUntilExit` waits on the same few threads Swift's concurrency runs on, so two tests
/// waiting at once can deadlock, and its children inherit every open descriptor.
public final class Subprocess: @unchecked Sendable {
    public let pid: pid_t
    /// Our ends of the pipes asked for.
    public let input: FileHandle?
    public let output: FileHandle?
    public let errors: FileHandle?
    private let lock = NSLock()
    private var ended: Termination?

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
        input = i.ours
        output = o.ours
        errors = e.ours
    }

    /// Blocks until the child ends (it is reaped once; later calls return the same).
    @discardableResult
    public func wait() -> Termination {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let result: Termination = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        ended = result
        return result
    }

    /// Nil while running.
    public var termination: Termination? {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        ended = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        return ended
    }

    public var isRunning: Bool { termination == nil }

    public func signal(_ number: Int32) { kill(pid, number) }

    /// Runs to the end, collecting stdout and stderr (read at the same time, so neither pipe
    /// can fill up and stall the child).
    public static func run(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil, input: Data? = nil)
        throws -> (termination: Termination, stdout: String, stderr: String)
    {
        let child = try Subprocess(executable, arguments, environment: environment, stdin: input == nil ? .null : .pipe, stdout: .pipe, stderr: .pipe)
        if let input {
            child.input?.write(input)
            try? child.input?.close()
        }
        let errors = LockedData()
        let reader = Thread { errors.set(child.errors?.readDataToEndOfFile() ?? Data()) }
        reader.start()
        let out = child.output?.readDataToEndOfFile() ?? Data()
        let termination = child.wait()
        while !errors.isSet { usleep(1000) }
        return (termination, String(decoding: out, as: UTF8.self), String(decoding: errors.value, as: UTF8.self))
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
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
