import FoundationEssentials

/// What alarmd knows about its outputs and its storage, as values: each client words them in
/// its reader's language (alarmctl's `status`, the window's banner). Names (a device, a
/// server, a path) and the system's own reasons (ALSA's, SQLite's, the kernel's) travel as
/// they are; no sentence of alarmd's does.
extension AlarmProtocol {
    /// The device alarms play on, and whether it opens now (a sound server may be down).
    package struct AudioStatus: Codable, Hashable, Sendable {
        package enum State: String, Codable, Sendable {
            /// It opened when `status` asked.
            case opens
            /// An alarm plays on it now (so it was not opened again to ask).
            case playing
            /// It cannot be opened now: alarms would ring without sound until it can.
            case cannotOpen
        }

        /// The ALSA device name (`default`, `pipewire`, `hw:CARD=PCH`).
        package var device: String
        package var state: State
        /// `cannotOpen`: the system's reason (libasound's text, as the system words it).
        package var detail: String?

        package init(device: String, state: State, detail: String? = nil) {
            self.device = device
            self.state = state
            self.detail = detail
        }
    }

    /// Where alarmd shows alarms: a notification server, or its log when there is none.
    package struct NotifierStatus: Codable, Hashable, Sendable {
        package enum Via: String, Codable, Sendable {
            case server
            /// No notification server answered: alarms are written to alarmd's terminal or log.
            case terminal
        }

        package var via: Via
        /// `server`: the server's name and version as it reports them ("GNOME Shell", "46.0").
        package var name: String?
        package var version: String?

        package init(via: Via, name: String? = nil, version: String? = nil) {
            self.via = via
            self.name = name
            self.version = version
        }
    }

    /// Whether alarmd can wake the machine from suspend ahead of an alarm, and if not why.
    package struct WakeStatus: Codable, Hashable, Sendable {
        package enum Obstacle: String, Codable, Sendable {
            /// The process lacks CAP_WAKE_ALARM; `install` and `executable` decide the fix.
            case lacksCapability
            /// The kernel offers no wake-up clock (no RTC alarm); `detail` has its reason.
            case noWakeClock
        }

        /// How alarmd was installed, which decides how to grant the capability.
        package enum Install: String, Codable, Sendable {
            /// The .deb: its launcher holds the capability (`executable` is the launcher).
            case package
            /// `scripts/install`: the capability is not granted.
            case installScript
            /// A build in a source checkout.
            case sourceBuild
        }

        package var able: Bool
        package var obstacle: Obstacle?
        package var install: Install?
        /// The file the capability belongs on.
        package var executable: String?
        /// `noWakeClock`: the kernel's reason (strerror).
        package var detail: String?

        package init(able: Bool, obstacle: Obstacle? = nil, install: Install? = nil, executable: String? = nil, detail: String? = nil) {
            self.able = able
            self.obstacle = obstacle
            self.install = install
            self.executable = executable
            self.detail = detail
        }

        package static let able = WakeStatus(able: true)
    }

    /// Why changes are in effect but not on disk: on a reply (`Message.unsaved`, the change it
    /// answers is kept in memory and retried, and is lost if alarmd stops meanwhile) and in
    /// `status` while it lasts.
    package struct StorageProblem: Codable, Hashable, Sendable {
        package enum Kind: String, Codable, Sendable {
            /// The state folder could not be created.
            case cannotCreateFolder
            /// The state folder cannot be written (a read-only mount, no write permission).
            case readOnly
            /// The database could not be opened for writing (a read-only folder, permissions).
            case cannotOpen
            /// A write failed (a full disk, an I/O error).
            case cannotWrite
            case cannotRead
            /// Anything else; `detail` says what.
            case other
        }

        package var kind: Kind
        /// The file or folder concerned.
        package var path: String?
        /// The system's reason (SQLite's message, strerror), as the system words it.
        package var detail: String

        package init(kind: Kind, path: String? = nil, detail: String) {
            self.kind = kind
            self.path = path
            self.detail = detail
        }
    }
}
