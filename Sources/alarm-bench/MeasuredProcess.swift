import Foundation
import Glibc

/// Runs a command and returns its resource use. CPU comes from wait4(2), to the
/// microsecond (GNU time prints 10 ms steps, which would round a paced aplay to zero). Peak
/// RSS comes from GNU time wrapping the command: it forks from a small process, whereas
/// our posix_spawn vforks and exec then folds this process's resident size into the
/// child's peak. GNU time's own CPU is measured once (`time true`) and subtracted.
enum MeasuredProcess {
    struct Usage {
        var cpu: Double
        var wall: Double
        var peakKiB: Int
    }

    static func run(_ argv: [String], stdin: Int32? = nil, stdout: Int32? = nil, scratch: String) throws -> Usage {
        let overhead = try wrapperOverhead(scratch: scratch)
        var usage = try spawnTimed(argv, stdin: stdin, stdout: stdout, scratch: scratch)
        usage.cpu = max(0, usage.cpu - overhead)
        return usage
    }

    nonisolated(unsafe) private static var cachedOverhead: Double?
    /// Held while starting a child, and by `closeOnExecPipe` while it makes a pipe.
    static let spawnLock = NSLock()

    private static func wrapperOverhead(scratch: String) throws -> Double {
        if let cachedOverhead { return cachedOverhead }
        let runs = try (0..<7).map { _ in try spawnTimed(["/bin/true"], stdin: nil, stdout: nil, scratch: scratch).cpu }.sorted()
        cachedOverhead = runs[runs.count / 2]
        return runs[runs.count / 2]
    }

    private static func spawnTimed(_ argv: [String], stdin: Int32?, stdout: Int32?, scratch: String) throws -> Usage {
        // Unique per run: the table measures a program and its peer at the same time.
        let rssFile = "\(scratch)/rss-\(UUID().uuidString).txt"
        defer { unlink(rssFile) }
        let full = ["/usr/bin/time", "-f", "%M", "-o", rssFile] + argv
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
        let cArgs = full.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let err = spawnLock.withLock { posix_spawn(&pid, cArgs[0]!, &actions, nil, cArgs, environ) }
        guard err == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(err)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw BenchError("\(argv.joined(separator: " ")) failed (wait status \(status))") }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let text = (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? ""
        let peak = Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? 0
        return Usage(cpu: cpu, wall: wall, peakKiB: peak)
    }

    /// Starts a long-running child with `environment`, output discarded; stop it with
    /// `terminate(_:)`. (Foundation's Process cannot be waited for from async code on Linux.)
    static func start(_ argv: [String], environment: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let err = spawnLock.withLock { posix_spawn(&pid, argv[0], &actions, nil, cArgs, envp) }
        guard err == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(err)))") }
        return pid
    }

    /// Waits for a child from `start`, after SIGTERM when `terminating`; returns its wait status.
    @discardableResult
    static func wait(_ pid: pid_t, terminating: Bool = false) -> Int32 {
        if terminating { kill(pid, SIGTERM) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    static func terminate(_ pid: pid_t) { wait(pid, terminating: true) }

    /// Wall time of a whole command run with `environment`.
    static func wallTime(_ argv: [String], environment: [String: String]) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let status = wait(try self.start(argv, environment: environment))
        guard status == 0 else { throw BenchError("\(argv.joined(separator: " ")) failed (wait status \(status))") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
