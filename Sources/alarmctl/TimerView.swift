import ArgumentParser
import Foundation
import OpenAlarmKit
import Synchronization

/// The live countdown of `alarmctl timer --wait`. On a terminal: one line redrawn every
/// second, keys to pause, resume, stop and repeat. Elsewhere: a line per state change.
final class TimerView: Sendable {
    private let id: UUID
    private let title: String
    private let link: DaemonLink
    private let tty = isatty(1) == 1
    private let current: Mutex<AlarmRecord?>
    private let keyboard = RawKeyboard()

    init(record: AlarmRecord, link: DaemonLink) {
        id = record.id
        title = Format.title(record)
        self.link = link
        current = Mutex(record)
    }

    func run(_ updates: AsyncStream<AlarmProtocol.Message>) async throws {
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        interrupt.setEventHandler { [self] in
            keyboard.restore()
            _ = try? link.send(.cancel, alarm: id)
            print(tty ? "\r\u{1B}[2K\(title): cancelled" : "\(title): cancelled")
            Foundation.exit(130)
        }
        interrupt.resume()
        keyboard.start { [self] key in pressed(key) }
        defer { keyboard.restore() }

        let ticker = Task { [self] in
            while !Task.isCancelled {
                draw()
                try? await Task.sleep(nanoseconds: 1_000_000_000 - UInt64(Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) * 1e9))
            }
        }
        defer { ticker.cancel() }
        var lastState: Alarm.State? = nil
        for await message in updates {
            if message.event == .sounding, message.alarm == id, message.firstFrame == nil, let reason = message.reason {
                printLine("no sound: \(reason)")
            }
            guard message.event == .alarms, let alarms = message.alarms else { continue }
            guard let record = alarms.first(where: { $0.id == id }) else {
                printLine("\(title): stopped")
                return
            }
            current.withLock { $0 = record }
            if record.phase.state != lastState {
                lastState = record.phase.state
                if !tty { print("\(title): \(Format.status(of: record))") }
            }
            draw()
        }
        printLine("\(title): alarmd went away")
        throw Exit.unreachable
    }

    private func pressed(_ key: UInt8) {
        guard let record = current.withLock({ $0 }) else { return }
        let op: AlarmProtocol.Operation? =
            switch (key, record.phase.state) {
            case (0x20, .countdown): .pause
            case (0x20, .paused): .resume
            case (UInt8(ascii: "s"), .alerting), (UInt8(ascii: "s"), .countdown), (UInt8(ascii: "s"), .paused): .stop
            case (UInt8(ascii: "r"), .alerting): .countdown
            default: nil
            }
        if let op { _ = try? link.send(op, alarm: id) }
    }

    private func draw() {
        guard tty, let record = current.withLock({ $0 }) else { return }
        let text: String
        switch record.phase {
        case .countdown(_, let fire, _, _):
            text = "⏳ \(title)  \(Format.clock(fire.timeIntervalSinceNow))   space: pause · s: stop · Ctrl-C: cancel"
        case .paused(let total, let elapsed):
            text = "⏸  \(title)  \(Format.clock(total - elapsed)) (paused)   space: resume · s: stop · Ctrl-C: cancel"
        case .alerting:
            let repeats = record.presentation.alert.secondaryButton != nil ? " · r: repeat" : ""
            text = "🔔 \(title): ringing   s: stop\(repeats)"
        case .scheduled(let fire):
            text = "\(title): \(Format.status(of: record)) \(Format.when(fire))"
        }
        FileHandle.standardOutput.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    private func printLine(_ text: String) {
        FileHandle.standardOutput.write(Data(((tty ? "\r\u{1B}[2K" : "") + text + "\n").utf8))
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
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSANOW, &settings)
        let thread = Thread {
            var byte: UInt8 = 0
            while read(0, &byte, 1) == 1 { handle(byte) }
        }
        thread.start()
    }

    func restore() {
        saved.withLock { settings in
            if var settings { tcsetattr(0, TCSANOW, &settings) }
            settings = nil
        }
    }
}
