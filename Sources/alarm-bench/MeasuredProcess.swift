import Foundation
import Glibc

/// Runs a command and returns its own resource use: CPU from wait4(2), to the microsecond
/// (GNU time's 10 ms steps would round a paced aplay to zero), and peak RSS from the
/// child's VmHWM, sampled while it runs. (wait4's ru_maxrss is no good here: posix_spawn
/// vforks, and exec folds the parent's resident size into the child's maximum.)
enum MeasuredProcess {
    struct Usage {
        var cpu: Double
        var wall: Double
        var peakKiB: Int
    }

    static func run(_ argv: [String], stdin: Int32? = nil, environment: [String: String]? = nil) throws -> Usage {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        let err = envp.map { posix_spawn(&pid, argv[0], &actions, nil, cArgs, $0) } ?? posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ)
        guard err == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(err)))") }
        var status: Int32 = 0
        var usage = rusage()
        var peakKiB = 0
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { throw BenchError("wait4: \(String(cString: strerror(errno)))") }
            peakKiB = max(peakKiB, highWaterKiB(pid))
            usleep(5_000)
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw BenchError("\(argv.joined(separator: " ")) failed (wait status \(status))") }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Usage(cpu: cpu, wall: wall, peakKiB: peakKiB)
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
        let err = posix_spawn(&pid, argv[0], &actions, nil, cArgs, envp)
        guard err == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(err)))") }
        return pid
    }

    static func terminate(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func highWaterKiB(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
