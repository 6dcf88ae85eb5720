import AlarmCore
import AlarmSystem

/// The machine's time zone as alarmd last read it: one value shared by the engine's calendar,
/// the popups' times and `status`, re-read when the zone files change or the clock is set.
/// Loop thread only.
final class CurrentZone {
    private let source: TimeZoneSource
    private(set) var rules: ZoneRules

    init(environment: [String: String]) {
        source = TimeZoneSource(environment: environment)
        rules = source.current()
    }

    /// Reads the zone again; the new rules when they changed, else nil.
    func refresh() -> ZoneRules? {
        let current = source.current()
        guard current != rules else { return nil }
        rules = current
        return current
    }

    /// Watches the zone files (nil when `TZ` pins the zone): `changed` runs on the loop when
    /// one may have changed.
    func watch(on loop: EventLoop, changed: @escaping () -> Void) {
        guard let fd = source.makeWatch() else { return }
        loop.watch(fd) { [source] _ in if source.drain(fd) { changed() } }
    }
}
