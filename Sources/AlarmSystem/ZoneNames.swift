import FoundationEssentials

/// The tz database's zone names (zone1970.tab, one zone per region since 1970, with UTC): what
/// a calendar's VTIMEZONE that names no tz zone is matched against by its rules.
public enum ZoneNames {
    public static func all(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        guard let data = FileManager.default.contents(atPath: folder + "/zone1970.tab") else { return ["UTC"] }
        var names: [String] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count >= 3 { names.append(String(fields[2])) }
        }
        return names + ["UTC"]
    }
}
