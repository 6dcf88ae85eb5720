import CLinux
import Glibc

/// A detached POSIX thread running one closure: every `Thread { }.start()` here was that
/// (a loop that lives as long as the process, or a child reaper), and Foundation's `Thread` is
/// not in FoundationEssentials.
public enum DetachedThread {
    /// Starts `body` on a new detached thread. `name` (at most 15 bytes are kept, the kernel's
    /// limit) shows in top, perf and gdb.
    public static func start(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            if let name = body.name { oak_name_this_thread(name) }
            body.run()
            return nil
        }, box)
        // As Foundation's Thread.start: a process that cannot make a thread cannot go on.
        precondition(status == 0, "pthread_create failed: \(String(cString: strerror(status)))")
        pthread_detach(thread)
    }

    private final class Body {
        let name: String?
        let run: @Sendable () -> Void
        init(name: String?, run: @escaping @Sendable () -> Void) { (self.name, self.run) = (name, run) }
    }
}
