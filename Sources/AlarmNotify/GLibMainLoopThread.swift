import CLibNotify
import Dispatch
import FoundationEssentials
import LinuxSupport

/// The one thread that runs GLib's default main context, and so the only thread that ever
/// calls libnotify or GDBus in this process.
///
/// libnotify keeps process-wide state (its init flag and a single D-Bus proxy whose signals are
/// dispatched to the main context of the thread that created it), so there is one loop per
/// process, shared by every presenter, rather than one per presenter.
final class GLibMainLoopThread: Sendable {
    static let shared = GLibMainLoopThread()

    private init() {
        DetachedThread.start(name: "openalarmkit-glib") {
            // Acquires the default context and dispatches its sources until the process ends.
            let loop = g_main_loop_new(nil, 0)
            g_main_loop_run(loop)
        }
    }

    /// True on the loop thread while it dispatches (the thread that owns the default context).
    var isCurrent: Bool { g_main_context_is_owner(g_main_context_default()) != 0 }

    /// Runs `body` on the loop thread soon (never synchronously on the caller, even if the caller
    /// is the loop thread: callbacks may schedule work without re-entering libnotify).
    ///
    /// `g_main_context_invoke` is deliberately not used: it runs the function on the calling
    /// thread when the context is not yet owned by anyone, which would break confinement.
    func schedule(afterMilliseconds delay: UInt32 = 0, _ body: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        if delay == 0 {
            g_idle_add_full(0 /* G_PRIORITY_DEFAULT */, Job.run, job, Job.release)
        } else {
            g_timeout_add_full(0 /* G_PRIORITY_DEFAULT */, delay, Job.run, job, Job.release)
        }
    }

    /// Runs `body` on the loop thread and blocks the calling thread (never the loop thread)
    /// until it returns: for callers that avoid Swift concurrency.
    func performAndWait<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        precondition(!isCurrent, "performAndWait on the GLib thread would wait for itself")
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<T>()
        schedule {
            result.value = body()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// Runs `body` on the loop thread and returns its result to the awaiting caller.
    func perform<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            schedule { continuation.resume(returning: body()) }
        }
    }
}

/// A result handed from the loop thread to a waiting thread; the semaphore orders the accesses.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// A closure carried through GLib's `gpointer` user data: retained when the source is added,
/// released by the source's destroy notify, so it lives exactly as long as GLib can call it.
private final class Job {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    static let run: GSourceFunc = { data in
        Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue().body()
        return 0  // G_SOURCE_REMOVE: every job runs once
    }
    static let release: GDestroyNotify = { data in
        Unmanaged<Job>.fromOpaque(data!).release()
    }
}

/// State that belongs to the loop thread, handed around as a Sendable token. Reading `value`
/// anywhere else is a programming error and traps instead of racing.
final class LoopConfined<Value: AnyObject>: @unchecked Sendable {
    private let storage: Value
    init(_ value: Value) { storage = value }
    var value: Value {
        precondition(GLibMainLoopThread.shared.isCurrent, "loop-confined state touched off the GLib thread")
        return storage
    }
}
