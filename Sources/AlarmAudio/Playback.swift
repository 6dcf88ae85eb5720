import Dispatch
import FoundationEssentials
import LinuxSupport
import Synchronization

/// One sound playing on its own thread. Every method may be called from any thread and
/// returns promptly; the playback thread is the only one touching ALSA and the decoder.
/// Keep the handle for as long as the sound may need stopping: dropping it does not stop
/// the sound (a looping alarm rings until `stop()`).
public final class Playback: Sendable {
    public enum Status: Sendable, Equatable {
        case starting
        case playing(PlayingSound)
        /// Played to its end (or to `maximumDuration`).
        case finished
        /// Stopped by `stop()`.
        case stopped
        case failed(AudioError)

        public var isDone: Bool {
            switch self {
            case .starting, .playing: return false
            case .finished, .stopped, .failed: return true
            }
        }
    }

    /// What is actually playing after the fallbacks were applied.
    public struct PlayingSound: Sendable, Equatable {
        public var origin: String
        public var format: AudioFormat
        public var device: String
    }

    private struct State {
        var status: Status = .starting
        var firstFrameAt: Date?
        var endedAt: Date?
        var framesPlayed: Int64 = 0
        var threadCPUNanoseconds: UInt64?
        /// Told how the playback ended, once: `finished()` and `waitUntilDone()` callers.
        var waiters: [@Sendable (Status) -> Void] = []
    }

    private let state = Mutex(State())
    let stopRequested = Atomic<Bool>(false)
    let sleeper = WakeableSleeper()
    private let silenced = DispatchSemaphore(value: 0)

    /// Starts playing the first of `choices` that can be opened, on a new thread.
    public static func start(_ choices: [SoundChoice], options: PlaybackOptions) -> Playback {
        start(choices, options: options, openPCM: PCMDevice.opener)
    }

    static func start(_ choices: [SoundChoice], options: PlaybackOptions, openPCM: @escaping PCMOpener) -> Playback {
        let playback = Playback()
        DetachedThread.start(name: "alarm-sound") {  // the name shows in top and perf
            PlaybackEngine(playback: playback, choices: choices, options: options, openPCM: openPCM).run()
        }
        return playback
    }

    public var status: Status { state.withLock { $0.status } }

    /// Wall-clock time the first frame was written to the device; nil until then.
    public var firstFrameWrittenAt: Date? { state.withLock { $0.firstFrameAt } }

    /// Wall-clock time the playback thread ended (finished, stopped or failed); nil until then.
    public var endedAt: Date? { state.withLock { $0.endedAt } }

    /// Frames handed to the device so far, over all passes.
    public var framesPlayed: Int64 { state.withLock { $0.framesPlayed } }

    /// Silences the sound (queued audio is dropped, not drained). Returns once the device
    /// is silent, or after 45 ms at the latest.
    public func stop() {
        if stopRequested.exchange(true, ordering: .acquiringAndReleasing) { return }
        sleeper.wake()
        if status.isDone { return }
        _ = silenced.wait(timeout: .now() + .milliseconds(45))
    }

    /// Waits until the playback is done and returns how it ended. A cancelled wait returns at
    /// once with the status so far (`starting` or `playing`): the sound plays on until `stop()`,
    /// but a caller that gave up (a timeout) is not held by a playback that never ends.
    public func finished() async -> Status {
        let waiter = Waiter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.wait(continuation)
                whenDone { waiter.resume($0) }
            }
        } onCancel: {
            waiter.resume(status)
        }
    }

    /// One `finished()` call's continuation, resumed once: by the end or by cancellation,
    /// whichever comes first (cancellation may come before the continuation exists).
    private final class Waiter: Sendable {
        private let slot = Mutex<(continuation: CheckedContinuation<Status, Never>?, early: Status?)>((nil, nil))

        func wait(_ continuation: CheckedContinuation<Status, Never>) {
            let early: Status? = slot.withLock { slot in
                if let early = slot.early { return early }
                slot.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func resume(_ status: Status) {
            let continuation: CheckedContinuation<Status, Never>? = slot.withLock { slot in
                if slot.early != nil { return nil }
                slot.early = status
                defer { slot.continuation = nil }
                return slot.continuation
            }
            continuation?.resume(returning: status)
        }
    }

    /// Blocks the calling thread until the playback is done and returns how it ended: for
    /// callers outside Swift concurrency (`alarmctl notify --sound`).
    public func waitUntilDone() -> Status {
        let done = DispatchSemaphore(value: 0)
        let ended = Mutex<Status?>(nil)
        whenDone { status in
            ended.withLock { $0 = status }
            done.signal()
        }
        done.wait()
        return ended.withLock { $0! }
    }

    /// Calls `body` with how the playback ended: at once if it already has, else from the
    /// playback thread when it does.
    private func whenDone(_ body: @escaping @Sendable (Status) -> Void) {
        let done: Status? = state.withLock { state in
            if state.status.isDone { return state.status }
            state.waiters.append(body)
            return nil
        }
        if let done { body(done) }
    }

    // MARK: reports from the playback thread

    func report(_ status: Status) {
        let waiters: [@Sendable (Status) -> Void] = state.withLock { state in
            state.status = status
            if status.isDone { state.endedAt = Date() }
            guard status.isDone else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        if status.isDone { silenced.signal() }
        for waiter in waiters { waiter(status) }
    }

    /// Returns true for the first frame ever written.
    func reportWritten(frames: Int) -> Bool {
        state.withLock { state in
            state.framesPlayed += Int64(frames)
            guard state.firstFrameAt == nil else { return false }
            state.firstFrameAt = Date()
            return true
        }
    }

    /// CPU time the playback thread used, known once it is done; tests and the bench
    /// check the pacing with it.
    public var threadCPUSeconds: Double? {
        state.withLock { $0.threadCPUNanoseconds.map { Double($0) / 1e9 } }
    }

    func reportThreadCPU(nanoseconds: UInt64) {
        state.withLock { $0.threadCPUNanoseconds = nanoseconds }
    }

    var isStopRequested: Bool { stopRequested.load(ordering: .acquiring) }
}
