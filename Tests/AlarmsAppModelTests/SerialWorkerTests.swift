@testable import AlarmsAppModel
import Foundation
import Synchronization
import Testing

/// The window's one request thread: work runs in the order given, a delayed item waits
/// without holding up what comes after it, and everything runs on one thread.
@Suite(.timeLimit(.minutes(2))) struct SerialWorkerTests {
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        let threads = Mutex<Set<UInt>>([])
        func add(_ entry: String) {
            entries.withLock { $0.append(entry) }
            threads.withLock { _ = $0.insert(UInt(bitPattern: Int(pthread_self()))) }
        }
        var all: [String] { entries.withLock { $0 } }
    }

    /// Waits (at most `seconds`, a guard against a hang, not a measurement) for `condition`.
    func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { usleep(2000) }
        return condition()
    }

    @Test func runsInOrderOnOneThread() {
        let worker = SerialWorker(name: "test-worker")
        let log = Log()
        for index in 0..<50 { worker.run { log.add("\(index)") } }
        #expect(eventually { log.all.count == 50 })
        #expect(log.all == (0..<50).map(String.init))
        #expect(log.threads.withLock { $0.count } == 1)
        #expect(!log.threads.withLock { $0.contains(UInt(bitPattern: Int(pthread_self()))) }, "not on the caller's thread")
    }

    @Test func delayedWorkDoesNotHoldUpLaterWork() {
        let worker = SerialWorker(name: "test-worker")
        let log = Log()
        worker.run(after: 3600) { log.add("in an hour") }
        worker.run { log.add("now") }
        worker.run(after: 0.05) { log.add("soon") }
        #expect(eventually { log.all.count == 2 })
        #expect(log.all == ["now", "soon"], "the hour-long wait held nothing up: \(log.all)")
    }
}
