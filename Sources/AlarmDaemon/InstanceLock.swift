import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport
import AlarmLocations
import AlarmWire

/// One alarmd per user. Taken before the socket is bound or the database opened, so a
/// daemon that loses a start-up race (several clients autostarting at once) learns it before
/// it can touch either: the database is never opened, migrated or set aside by a second
/// daemon. An flock belongs to the open file, so the kernel drops it when its holder dies,
/// however it dies; nothing stale is left to clean up.
///
/// Two locks, always taken in the same order, so that two daemons never serve one state
/// folder, writable or not:
/// 1. `alarmd.lock` in the state folder (the database's folder: it is what two daemons would
///    damage). In a folder that cannot be written, the existing file is opened read-only and
///    locked all the same (flock needs no write access), so read-only daemons still exclude
///    each other through it.
/// 2. `alarmd.lock` in the runtime folder (0700, checked), always. It is the only lock while
///    the state folder is read-only and holds no lock file yet (a first start on a read-only
///    home). A daemon that later takes the state lock still holds this one, so a daemon of the
///    same runtime folder that comes first to a writable state folder cannot serve beside it:
///    it takes (1) and then fails (2).
/// The one case no lock file covers: a read-only state folder without a lock file, served by
/// two daemons of different runtime folders (XDG_RUNTIME_DIR set differently). Both serve from
/// memory and neither writes; once the folder is writable, the first to take the state lock
/// keeps serving and the other finds it held and exits (`upgrade`).
final class InstanceLock {
    /// The state folder's lock, when there is a file to lock.
    private var stateFD: Int32 = -1
    private var runtimeFD: Int32 = -1
    private let stateDirectory: String
    /// The state folder could not be written at start: alarmd serves from memory.
    private(set) var stateFolderWritable: Bool

    init(stateDirectory: String, runtimeDirectory: String) throws(DaemonError) {
        self.stateDirectory = stateDirectory
        let statePath = stateDirectory + "/alarmd.lock"
        let created = AlarmPaths.createPrivateDirectory(stateDirectory)
        if created == 0, let fd = try Self.lock(statePath, writable: true) {
            stateFD = fd
            stateFolderWritable = access(stateDirectory, W_OK) == 0
        } else if created == 0 || Self.isReadOnly(created) {
            // Read-only (EROFS, or no permission): lock the file another daemon would hold.
            stateFD = try Self.lock(statePath, writable: false) ?? -1
            stateFolderWritable = false
        } else {
            throw .system("cannot create \(stateDirectory)", created)
        }
        do { try RuntimeDirectoryCheck.ensure(runtimeDirectory) } catch { throw .configuration(error.description) }
        guard let fd = try Self.lock(runtimeDirectory + "/alarmd.lock", writable: true) else {
            throw .system("cannot lock \(runtimeDirectory)/alarmd.lock", errno)
        }
        runtimeFD = fd
        Self.writePID(fd)
        if stateFD >= 0, stateFolderWritable { Self.writePID(stateFD) }
    }

    deinit {
        if stateFD >= 0 { close(stateFD) }
        if runtimeFD >= 0 { close(runtimeFD) }
    }

    /// The state folder became writable: makes sure this daemon holds its lock (creating the
    /// file if it was missing). Throws `.displaced` when another daemon took it meanwhile (see
    /// the type's comment): this one must then stop serving.
    func upgrade() throws(UpgradeFailure) {
        guard !stateFolderWritable else { return }
        let created = AlarmPaths.createPrivateDirectory(stateDirectory)
        guard created == 0 else {
            throw .unwritable(.init(kind: .cannotCreateFolder, path: stateDirectory, detail: String(cString: strerror(created))))
        }
        guard access(stateDirectory, W_OK) == 0 else {
            throw .unwritable(.init(kind: .readOnly, path: stateDirectory, detail: String(cString: strerror(errno))))
        }
        let path = stateDirectory + "/alarmd.lock"
        if stateFD < 0 {
            let fd: Int32?
            do { fd = try Self.lock(path, writable: true) } catch {
                if case .alreadyRunning = error { throw .displaced(error) }
                throw .unwritable(.init(kind: .cannotOpen, path: path, detail: error.description))
            }
            guard let fd else { throw .unwritable(.init(kind: .readOnly, path: path, detail: String(cString: strerror(errno)))) }
            stateFD = fd
        }
        // Our lock may be on a read-only descriptor: the pid goes in through another one
        // (closing that one does not release an flock, which belongs to the first).
        let writer = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        if writer >= 0 {
            Self.writePID(writer)
            close(writer)
        }
        stateFolderWritable = true
    }

    /// Why `upgrade` could not take the state folder.
    enum UpgradeFailure: Error, CustomStringConvertible {
        /// Another alarmd took it: this one stops serving.
        case displaced(DaemonError)
        /// It still cannot be written.
        case unwritable(AlarmProtocol.StorageProblem)

        var description: String {
            switch self {
            case .displaced(let error): error.description
            case .unwritable(let problem):
                switch problem.kind {
                case .cannotCreateFolder: "the state folder \(problem.path ?? "") cannot be created: \(problem.detail)"
                case .readOnly: "the state folder \(problem.path ?? "") is read-only: \(problem.detail)"
                default: "cannot lock \(problem.path ?? ""): \(problem.detail)"
                }
            }
        }
    }

    /// Opens and locks `path`; nil when it cannot be opened that way for a read-only reason
    /// (or, read-only, because it does not exist). Held by another process: `.alreadyRunning`.
    private static func lock(_ path: String, writable: Bool) throws(DaemonError) -> Int32? {
        let fd = writable ? oak_lock_file(path) : open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            let code = errno
            if code == EWOULDBLOCK { throw .alreadyRunning(pid: holder(path)) }
            if isReadOnly(code) || (!writable && code == ENOENT) { return nil }
            throw .system("cannot lock \(path)", code)
        }
        if !writable, flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { throw .alreadyRunning(pid: holder(path)) }
            throw .system("cannot lock \(path)", code)
        }
        return fd
    }

    private static func isReadOnly(_ code: Int32) -> Bool { code == EROFS || code == EACCES || code == EPERM }

    private static func holder(_ path: String) -> Int32? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmed()) }
    }

    private static func writePID(_ fd: Int32) {
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
    }
}
