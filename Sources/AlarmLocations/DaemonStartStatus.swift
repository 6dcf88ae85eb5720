/// What `alarmd --background` tells its starter (a client's `DaemonLauncher`) through its exit
/// status: a contract between the client and the daemon, so it sits below both.
package enum DaemonStartStatus: UInt8, Sendable {
    /// The daemon serves on its socket.
    case serving = 0
    /// It could not start; its log says why.
    case failed = 1
    /// Another alarmd already serves this user (a client started one at the same moment).
    case anotherServes = 3
}
