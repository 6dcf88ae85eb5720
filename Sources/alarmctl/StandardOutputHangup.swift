import Glibc
import LinuxSupport

/// Ends a long-running command when its standard output closes: a status bar that quits (or
/// is killed) closes the pipe it read `watch` from, and an idle `watch` writes nothing, so
/// SIGPIPE would never come and it would run on as an orphan.
enum StandardOutputHangup {
    /// Starts a thread that sleeps in poll(2) on fd 1 asking for no event: poll then reports
    /// only POLLERR (a pipe whose reader is gone), POLLHUP (a hung-up terminal or socket) or
    /// POLLNVAL, so the thread costs no wake-up until one of them. A regular file or
    /// /dev/null never reports them, and the thread sleeps for good.
    static func exitWhenClosed() {
        DetachedThread.start(name: "stdout-hangup") {
            var watched = pollfd(fd: 1, events: 0, revents: 0)
            while true {
                let ready = poll(&watched, 1, -1)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { return }  // poll itself failed: keep running as before
                if watched.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { _exit(0) }
            }
        }
    }
}
