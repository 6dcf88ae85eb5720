import Glibc

/// The descriptors systemd passes alarmd.service (sd_listen_fds(3)): `LISTEN_FDS` of them from
/// fd 3 up, named by `LISTEN_FDNAMES` (colon-separated): the socket of alarmd.socket, and
/// `wake-alarm`, the socket to the wake helper that the launcher's `--wake-helper` left in the
/// service's file descriptor store (WakeTimer.swift). Only for the process they were meant
/// for (`LISTEN_PID`).
struct PassedDescriptors {
    /// The name of the wake helper's socket.
    static let wakeAlarm = "wake-alarm"

    /// (fd, name) in the order passed; the name is "" when systemd gave none.
    let all: [(fd: Int32, name: String)]

    init(environment: [String: String], pid: Int32 = getpid()) {
        guard let listenPID = environment["LISTEN_PID"].flatMap(Int32.init), listenPID == pid,
            let count = environment["LISTEN_FDS"].flatMap(Int32.init), count > 0, count < 1024
        else {
            all = []
            return
        }
        let names = (environment["LISTEN_FDNAMES"] ?? "").split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        all = (0..<count).map { (3 + $0, Int($0) < names.count ? names[Int($0)] : "") }
    }

    /// The listening socket: the first descriptor that is not the wake helper's.
    var socket: Int32? { all.first { $0.name != Self.wakeAlarm }?.fd }
    /// The socket to the wake helper, when systemd passed one.
    var wakeHelper: Int32? { all.first { $0.name == Self.wakeAlarm }?.fd }
}
