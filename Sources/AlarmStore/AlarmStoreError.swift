import FoundationEssentials

/// Why the store could not do what was asked, with the file involved and what a person can
/// do about it. `description` is meant to be shown as is (logs, `alarmctl` output).
package enum AlarmStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder that holds the database could not be created or is not a folder.
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite could not open or set up the file for a reason other than corruption
    /// (permissions, a full disk, an I/O error, another process holding a lock). Nothing
    /// was moved: the file may be fine once the cause is fixed.
    case cannotOpen(path: String, reason: String)
    /// The file is not a usable alarm database. Only `AlarmStore(at:)` throws this;
    /// `AlarmStore.open(at:)` moves such a file aside instead.
    case corrupt(path: String, reason: CorruptDatabase.Reason)
    /// A corrupt database was found but could not be moved out of the way, so nothing was
    /// replaced.
    case cannotMoveAside(path: String, destination: String, reason: String)
    case readFailed(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// The record could not be turned into JSON (a non-finite number, say); nothing was written.
    case unencodable(id: UUID, reason: String)

    package var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the alarm database folder \(path): \(reason). "
                + "Check that its parent exists and is writable by you, or set XDG_STATE_HOME elsewhere."
        case .cannotOpen(let path, let reason):
            "cannot open the alarm database \(path): \(reason). "
                + "Check its permissions and the free disk space, and that no other alarmd is using it."
        case .corrupt(let path, let reason):
            "the alarm database \(path) is unusable: \(reason). "
                + "Move it aside (alarmd does so itself at start-up) to start with an empty one."
        case .cannotMoveAside(let path, let destination, let reason):
            "the alarm database \(path) is unusable, and moving it to \(destination) failed: \(reason). "
                + "Move or delete it by hand; nothing was overwritten."
        case .readFailed(let path, let reason):
            "cannot read the alarm database \(path): \(reason). "
                + "If this persists, stop alarmd and check the file with `sqlite3 \(path) 'PRAGMA integrity_check'`."
        case .writeFailed(let path, let reason):
            "cannot save to the alarm database \(path): \(reason). "
                + "Nothing of this change was saved; check the free disk space and the file's permissions."
        case .unencodable(let id, let reason):
            "cannot encode alarm \(id.uuidString) for saving: \(reason). Nothing was saved."
        }
    }
}
