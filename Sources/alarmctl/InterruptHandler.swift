import Dispatch
import Glibc
import Synchronization

/// Ctrl-C for the commands that run until stopped (`sound play`, `timer --wait`): SIGINT no
/// longer kills the process but runs `action` on a dispatch queue, as ordinary code that may
/// stop a sound, send a request or print, and the command then ends as it reports (exit 130).
/// Until `cancel()`, which must come before the handler is released.
final class InterruptHandler: @unchecked Sendable {
    // @unchecked: `source` is set once in init and only cancelled afterwards.
    private let source: DispatchSourceSignal
    private let firedFlag = Atomic<Bool>(false)
    var fired: Bool { firedFlag.load(ordering: .acquiring) }

    init(_ action: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [unowned self] in
            firedFlag.store(true, ordering: .releasing)
            action()
        }
        source.resume()
    }

    func cancel() { source.cancel() }
}
