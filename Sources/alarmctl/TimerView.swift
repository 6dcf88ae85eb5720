import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import LinuxSupport
import AlarmClient
import Synchronization

/// The live countdown of `alarmctl timer --wait`. On a terminal: one line redrawn every
/// second, keys to pause, resume, stop and snooze. Elsewhere: a line per state change.
/// The alarm is followed by its id (see `TimerTracker`); the exit status says how it ended.
final class TimerView: Sendable {
    private let id: UUID
    private let title: String
    private let link: DaemonLink
    private let tty = isatty(1) == 1
    private let tracker: Mutex<TimerTracker>
    private let keyboard = RawKeyboard()

    init(record: AlarmRecord, link: DaemonLink) {
        id = record.id
        title = Format.title(record)
        self.link = link
        tracker = Mutex(TimerTracker(id: record.id))
    }

    /// Follows the timer until it ends; returns the exit status for how it ended.
    func run(_ updates: AsyncStream<AlarmProtocol.Message>) async -> TimerTracker.Ending {
        let interrupt = InterruptHandler { [self] in
            // The loop below sees the alarm go and ends as interrupted; if the cancel cannot
            // be delivered, end here.
            tracker.withLock { $0.interrupted = true }
            if (try? link.connection.send(.cancel, alarm: id)) == nil {
                keyboard.restore()
                printLine(Text.timerCancelled(title))
                Glibc.exit(TimerTracker.Ending.interrupted.exitStatus)
            }
        }
        defer { interrupt.cancel() }
        if tty { keyboard.start { [self] key in pressed(key) } }
        defer { keyboard.restore() }

        let ticker = Task { [self] in
            while !Task.isCancelled {
                draw()
                let fraction = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
                try? await Task.sleep(for: .seconds(1 - fraction))
            }
        }
        defer { ticker.cancel() }
        for await message in updates {
            if message.event == .sounding, message.alarm == id, message.firstFrame == nil, let reason = message.reason {
                printLine(Text.noSound(reason))
            }
            if message.event == .ended || message.event == .missed { tracker.withLock { $0.receive(message) } }
            guard message.event == .alarms, let alarms = message.alarms else { continue }
            var step = tracker.withLock { $0.receive(alarms) }
            if step == .unconfirmed {
                // The schedule was acknowledged before we got here, so a list asked now is
                // newer than it: absence there is real.
                guard let fresh = try? link.connection.send(.list).alarms else { break }
                step = tracker.withLock { $0.receive(fresh) }
                if step == .unconfirmed { step = .ended(tracker.withLock { $0.ending }) }
            }
            switch step {
            case .same, .unconfirmed: continue
            case .changed(let record):
                if !tty { printLine(Text.timerLine(title, status: Format.status(of: record))) }
                draw()
            case .updated: draw()
            case .ended(let ending):
                switch ending {
                case .stopped: printLine(Text.timerStopped(title))
                case .rangOut: printLine(Text.timerRangOut(title))
                case .missed: printLine(Text.timerMissed(title))
                case .interrupted: printLine(Text.timerCancelled(title))
                case .removedElsewhere, .daemonGone: printLine(Text.timerRemoved(title))
                }
                return ending
            }
        }
        printLine(Text.daemonWentAway)
        return .daemonGone
    }

    private func pressed(_ key: UInt8) {
        guard let record = tracker.withLock({ $0.record }) else { return }
        let op: AlarmProtocol.Operation? =
            switch (key, record.phase.state) {
            case (0x20, .countdown): .pause
            case (0x20, .paused): .resume
            case (UInt8(ascii: "s"), .alerting), (UInt8(ascii: "s"), .countdown), (UInt8(ascii: "s"), .paused): .stop
            case (UInt8(ascii: "z"), .alerting), (UInt8(ascii: "r"), .alerting): .countdown
            default: nil
            }
        guard let op else { return }
        if op == .stop { tracker.withLock { $0.stoppedHere = true } }
        _ = try? link.connection.send(op, alarm: id)
    }

    private func draw() {
        guard tty, let record = tracker.withLock({ $0.record }) else { return }
        let text: String
        switch record.phase {
        case .countdown(_, let fire, _, _):
            text = "⏳ \(title)  \(Format.clock(fire.timeIntervalSinceNow))   \(Text.countdownKeys)"
        case .paused(let total, let elapsed):
            text = "⏸  \(title)  \(Format.clock(total - elapsed)) \(Text.pausedMark)   \(Text.pausedKeys)"
        case .alerting:
            text = "🔔 \(title): \(Text.ringing)   \(Text.ringingKeys(canSnooze: record.presentation.alert.secondaryButton != nil))"
        case .scheduled:
            text = Text.timerLine(title, status: Format.status(of: record))
        }
        StandardOutput.write("\r\u{1B}[2K\(text)")
    }

    /// A finished line; unbuffered, so a pipe reader sees each change when it happens.
    private func printLine(_ text: String) {
        StandardOutput.write((tty ? "\r\u{1B}[2K" : "") + text + "\n")
    }
}

/// Single keys from a terminal without Enter or echo; the terminal is put back on exit.
final class RawKeyboard: Sendable {
    private let saved = Mutex<termios?>(nil)

    func start(_ handle: @escaping @Sendable (UInt8) -> Void) {
        guard isatty(0) == 1 else { return }
        var settings = termios()
        tcgetattr(0, &settings)
        saved.withLock { $0 = settings }
        // ISIG stays on: Ctrl-C still arrives as SIGINT.
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSANOW, &settings)
        DetachedThread.start {
            var byte: UInt8 = 0
            while read(0, &byte, 1) == 1 { handle(byte) }
        }
    }

    func restore() {
        saved.withLock { settings in
            if var settings { tcsetattr(0, TCSANOW, &settings) }
            settings = nil
        }
    }
}
