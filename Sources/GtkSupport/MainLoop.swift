import CGtk

/// The hop from any thread onto GTK's: GTK may be called only from the thread that runs its
/// main loop, while alarmd's watch stream is read on a thread of its own. Swift's MainActor
/// executor is not drained while GLib's loop runs, so `Task { @MainActor in }` would never
/// run; the work is instead queued on GLib's default main context, which is that loop.
public enum MainLoop {
    /// Runs `work` on the main loop's thread, soon (g_main_context_invoke_full: at once when
    /// called from that thread and the loop is not running something else).
    public static func invoke(_ work: @escaping @Sendable @MainActor () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        g_main_context_invoke_full(nil, G_PRIORITY_DEFAULT, runOnce, box, releaseWork)
    }

    /// Calls `tick` every `seconds` on the main loop until it returns false; the source is
    /// removed when it does. Used for the "in 9 h 12 min" texts, which change once a minute.
    @MainActor @discardableResult
    public static func every(seconds: UInt32, _ tick: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = Unmanaged.passRetained(TickBox(tick)).toOpaque()
        return g_timeout_add_seconds_full(G_PRIORITY_DEFAULT, seconds, runTick, box, releaseTick)
    }

    /// Calls `tick` once after `milliseconds`.
    @MainActor
    public static func after(milliseconds: UInt32, _ work: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(TickBox { work(); return false }).toOpaque()
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runTick, box, releaseTick)
    }

    @MainActor public static func removeSource(_ id: UInt32) { g_source_remove(id) }
}

final class WorkBox: @unchecked Sendable {
    let work: @Sendable @MainActor () -> Void
    init(_ work: @escaping @Sendable @MainActor () -> Void) { self.work = work }
}

// Touched only on the main thread.
final class TickBox: @unchecked Sendable {
    let tick: @MainActor () -> Bool
    init(_ tick: @escaping @MainActor () -> Bool) { self.tick = tick }
}

private let runOnce: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = Unmanaged<WorkBox>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.work() }
    return 0  // G_SOURCE_REMOVE
}

private let releaseWork: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<WorkBox>.fromOpaque(data).release()
}

private let runTick: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = Unmanaged<TickBox>.fromOpaque(data).takeUnretainedValue()
    return MainActor.assumeIsolated { box.tick() } ? 1 : 0
}

private let releaseTick: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<TickBox>.fromOpaque(data).release()
}
