import CALSA
import Glibc
import LinuxSupport

/// Waits for a wall-clock instant on a prepared playback thread, as precisely as the kernel
/// allows: the sound file is decoded, the PCM open and the first chunk ready, so the first
/// write follows the wake-up directly. Interruptible by `stop()` until the last 2 ms; those
/// are an uninterruptible absolute `clock_nanosleep` on CLOCK_REALTIME (the alarm's own
/// clock) with the thread's timer slack at its minimum (the default adds up to 50 µs).
struct StartInstant {
    /// Seconds since 1970 (`Date.timeIntervalSince1970`).
    let wallSeconds: Double

    /// Returns false when stopped before the instant.
    func wait(_ sleeper: WakeableSleeper, stopped: () -> Bool) -> Bool {
        _ = oak_set_timer_slack(1)
        let nowWall = Self.wallNow()
        let ahead = wallSeconds - nowWall
        if ahead > 0.002 {
            let monotonicTarget = MonotonicClock.now() + UInt64((ahead - 0.002) * 1e9)
            sleeper.sleep(untilNanoseconds: monotonicTarget)
        }
        if stopped() { return false }
        let whole = wallSeconds.rounded(.down)
        var ts = timespec(tv_sec: Int(whole), tv_nsec: Int(min(max((wallSeconds - whole) * 1e9, 0), 999_999_999)))
        while clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, nil) == EINTR {}
        return !stopped()
    }

    private static func wallNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
