// The child of AlarmStoreTests' kill -9 test. It writes to the store as fast as it can and
// reports each write on stdout: "?-ID" before a write that deletes ID, then "+ID" for each
// alarm saved and "-ID" for each deleted, printed only once the write has returned, i.e.
// once the daemon would have acknowledged it. The test kills it at a random moment and
// checks that the reopened store holds every acknowledged change.
import AlarmStore
import Foundation
import OpenAlarmKit

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: alarm-store-crashtest DATABASE\n".utf8))
    exit(2)
}

/// One write(2) per message, so a kill can cut off at most the message being written.
func say(_ lines: [String]) {
    FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
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
    FileHandle.standardError.write(Data("alarm-store-crashtest: \(error)\n".utf8))
    exit(1)
}
