import CLinux
import Glibc

/// A detached POSIX thread running one closure: every `Thread { }.start()` here was that
/// (a loop that lives as long as the process, or a child reaper), and Foundation's `Thread` is
/// not in FoundationEssentials.
public enum DetachedThread {
    /// Starts `body` on a new detached thread. `name` (at most 15 bytes are kept, the kernel's
    /// limit) shows in top, perf and gdb. A `background` thread runs at nice 10: when the
    /// machine is busy, the threads that ring alarms and answer clients get the processor
    /// first (Linux's nice is per thread; the programs it starts inherit it).
    public static func start(name: String? = nil, background: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(name: name, background: background, run: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            if let name = body.name { oak_name_this_thread(name) }
            // (`who` 0 is the calling thread, not the whole process, on Linux.)
            if body.background { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
            body.run()
            return nil
        }, box)
        // As Foundation's Thread.start: a process that cannot make a thread cannot go on.
        precondition(status == 0, "pthread_create failed: \(String(cString: strerror(status)))")
        pthread_detach(thread)
    }

    private final class Body {
        let name: String?
        let background: Bool
        let run: @Sendable () -> Void
        init(name: String?, background: Bool, run: @escaping @Sendable () -> Void) { (self.name, self.background, self.run) = (name, background, run) }
    }
}
