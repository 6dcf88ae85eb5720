import Foundation
import CLinux
import Glibc
import Logging
import Testing
@testable import AlarmDesktop

/// Every change of alarmd's earliest deadline tells `DesktopSession`, which keeps a wake-up
/// for two minutes before it (to hold the sleep inhibitor). A wake-up per change, each left
/// registered until its own deadline when the next replaced it, held memory for as long as
/// days: scheduling 1,000 alarms kept 0.7 MiB of them in an idle alarmd.
@Suite(.timeLimit(.minutes(2))) struct DesktopSessionMemoryTests {
    @Test func manyDeadlineChangesHoldNoMemory() {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let session = DesktopSession(pauseMedia: false, logger: logger)
        let far = Date().addingTimeInterval(86_400)
        session.deadlineChanged(far)  // the timer and the queue exist before counting
        session.deadlineChanged(nil)
        let before = mallinfo2().uordblks
        for index in 0..<5_000 { session.deadlineChanged(far.addingTimeInterval(Double(index))) }
        session.deadlineChanged(far)  // as the loop does: the earliest deadline, again and again
        session.shutdown()  // runs what is queued; 5,000 wake-ups left registered held 3 MB
        let grown = Int(mallinfo2().uordblks) - Int(before)
        #expect(grown < 256 * 1024, "\(grown) bytes still allocated after 5,000 deadline changes")
    }
}
