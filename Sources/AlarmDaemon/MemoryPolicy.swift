import CLinux

/// When alarmd gives memory back to the system. glibc keeps what it freed for the next
/// allocation, so a daemon that loaded, scheduled or listed many alarms once would stay that
/// much larger for good; `malloc_trim` returns it. Trimming is cheap but not free, so it
/// happens at three moments only: after start-up, after a large reply, and once a burst of
/// requests has settled. Loop thread only.
final class MemoryPolicy {
    /// After a reply this large, free memory goes back at once: a list of 1,000 alarms
    /// (~0.5 MiB) left ~3 MiB behind. Smaller replies wait for the burst to settle.
    static let trimAfterBytes = 256 << 10
    /// Quiet after requests before their memory is given back.
    static let settleDelay = 0.5

    private let loop: EventLoop
    /// Gives back what the storage keeps cached (SQLite's page cache), before the heap is trimmed.
    private let releaseCaches: () -> Void
    private var trimScheduled = false
    private var settleArmed = false
    private var lastRequest = 0.0

    init(loop: EventLoop, releaseCaches: @escaping () -> Void) {
        self.loop = loop
        self.releaseCaches = releaseCaches
    }

    /// The alarms are loaded: loading decoded every alarm through temporary buffers (100,000
    /// alarms: ~100 MiB at the peak), which go back before the daemon idles.
    func started() { _ = malloc_trim(0) }

    /// A request was answered, or a streamed reply finished: the burst is not over yet.
    /// One timer while requests come, none when idle, so an idle daemon still never wakes.
    func requestServed() {
        lastRequest = Double(EventLoop.monotonicNanos()) / 1e9
        guard !settleArmed else { return }
        settleArmed = true
        settle(after: Self.settleDelay)
    }

    /// A streamed reply of `bytes` is out; a large one is given back this loop turn.
    func replyFinished(bytes: Int) {
        if bytes >= Self.trimAfterBytes { trimSoon() }
        requestServed()  // from the reply's end: a long list is not over when it was asked
    }

    private func settle(after delay: Double) {
        loop.after(delay) { [weak self] in
            guard let self else { return }
            let quiet = Double(EventLoop.monotonicNanos()) / 1e9 - lastRequest
            if quiet < Self.settleDelay { return settle(after: Self.settleDelay - quiet) }
            settleArmed = false
            releaseCaches()
            _ = malloc_trim(0)
        }
    }

    /// Once per loop turn, however many large replies finished in it.
    private func trimSoon() {
        guard !trimScheduled else { return }
        trimScheduled = true
        loop.nextTurn { [weak self] in
            self?.trimScheduled = false
            _ = malloc_trim(0)
        }
    }
}
