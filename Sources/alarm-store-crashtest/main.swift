// The child of AlarmStoreTests' kill -9 test. It writes to the store as fast as it can and
// reports each write on stdout: "?-ID" before a write that deletes ID, then "+ID" for each
// alarm saved and "-ID" for each deleted, printed only once the write has returned, i.e.
// once the daemon would have acknowledged it. The test kills it at a random moment and
// checks that the reopened store holds every acknowledged change.
import AlarmStore
import FoundationEssentials
import Glibc
import AlarmModel

/// All of `text`, in one write(2) for anything as short as a message.
func write(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { exit(3) }  // the test stopped reading: nothing to report to
            done += count
        }
    }
}

/// One write(2) per message, so a kill can cut off at most the message being written.
func say(_ lines: [String]) {
    write(lines.map { $0 + "\n" }.joined(), to: STDOUT_FILENO)
}

guard CommandLine.arguments.count == 2 else {
    write("usage: alarm-store-crashtest DATABASE\n", to: STDERR_FILENO)
    exit(2)
}

func newRecord(_ index: Int) -> AlarmRecord {
    AlarmRecord(
        id: UUID(), appID: "crashtest", schedule: .fixed(Date(timeIntervalSinceNow: 3600)),
        countdownDuration: nil, presentation: AlarmPresentation(alert: .init(title: "Crash test \(index)")),
        phase: .scheduled(fireDate: Date(timeIntervalSinceNow: 3600)))
}

do {
    let store = try AlarmStore.open(at: URL(fileURLWithPath: CommandLine.arguments[1])).store
    var saved: [UUID] = []
    for index in 0... {
        let record = newRecord(index)
        if index % 5 == 4, let victim = saved.popLast() {
            // A batch, as the daemon applies a transition's effects: a save and a delete.
            say(["?-\(victim.uuidString)"])
            try store.write { tx in
                try tx.save(record)
                try tx.delete(id: victim)
            }
            say(["+\(record.id.uuidString)", "-\(victim.uuidString)"])
        } else {
            try store.save(record)
            say(["+\(record.id.uuidString)"])
        }
        saved.append(record.id)
    }
} catch {
    write("alarm-store-crashtest: \(error)\n", to: STDERR_FILENO)
    exit(1)
}
