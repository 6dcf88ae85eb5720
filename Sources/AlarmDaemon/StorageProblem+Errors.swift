import AlarmStore
import AlarmWire

extension AlarmProtocol.StorageProblem {
    /// What a failed commit says to clients: the kind of failure, the file, and the system's
    /// reason, for each client to word (alarmd's own popup words it itself).
    init(_ error: any Error) {
        switch error {
        case let store as AlarmStoreError:
            switch store {
            case .cannotCreateDirectory(let path, let reason): self.init(kind: .cannotCreateFolder, path: path, detail: reason)
            case .cannotOpen(let path, let reason): self.init(kind: .cannotOpen, path: path, detail: reason)
            case .writeFailed(let path, let reason): self.init(kind: .cannotWrite, path: path, detail: reason)
            case .readFailed(let path, let reason): self.init(kind: .cannotRead, path: path, detail: reason)
            case .corrupt(let path, let reason): self.init(kind: .other, path: path, detail: "\(reason)")
            case .cannotMoveAside(let path, _, let reason): self.init(kind: .other, path: path, detail: reason)
            case .unencodable(_, let reason): self.init(kind: .other, detail: reason)
            }
        case let upgrade as InstanceLock.UpgradeFailure:
            switch upgrade {
            case .unwritable(let problem): self = problem
            case .displaced(let error): self.init(kind: .other, detail: error.description)
            }
        default:
            self.init(kind: .other, detail: "\(error)")
        }
    }

    /// The older `storageProblem` field, for clients before `unsaved`: the file and the
    /// system's reason, no sentence.
    var legacyText: String { [path, detail].compactMap { $0 }.joined(separator: ": ") }
}
