import FoundationEssentials
import Glibc

/// How many clients alarmd may serve at once, from the process's descriptor limit: the soft
/// limit is raised to the hard one at start (1,024 is a default from another era), and a
/// reserve is kept back so that a flood of connections can never take the descriptors a
/// ring needs (the PCM, the sound file, SQLite's files, the notification bus).
struct DescriptorBudget {
    /// Descriptors never handed to clients.
    static let reserve = 128
    /// Clients served at once, however high the limit: each costs memory and a slice of
    /// every turn, and no desktop needs more.
    static let ceiling = 4096

    let limit: Int
    let maxClients: Int

    /// Raises RLIMIT_NOFILE's soft limit to its hard limit and works out the client cap.
    static func raiseAndMeasure() -> DescriptorBudget {
        var limits = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        if getrlimit(resource, &limits) == 0, limits.rlim_cur < limits.rlim_max {
            var raised = limits
            // Past 1 << 20 select()-era code in libraries can misbehave; nothing here needs more.
            raised.rlim_cur = min(limits.rlim_max, 1 << 20)
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        let limit = Int(clamping: min(limits.rlim_cur, 1 << 20))  // RLIM_INFINITY is UInt.max
        return DescriptorBudget(limit: limit, maxClients: max(1, min(ceiling, limit - reserve - 32)))
    }

    init(limit: Int, maxClients: Int) {
        self.limit = limit
        self.maxClients = maxClients
    }
}
