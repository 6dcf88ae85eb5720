import FoundationEssentials

// The enums below carry unlabeled payloads, which Swift's synthesized Codable writes as
// {"case":{"_0":payload}}. Clients in any language read the protocol, and the store keeps the
// same JSON, so each writes {"case":payload} (or a bare string for a case without one).

/// A coding key for any case name.
struct CaseKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where K == CaseKey {
    /// The one case name present, or a decoding error naming the ones expected.
    func singleCase(of expected: [String]) throws -> String {
        guard allKeys.count == 1, let key = allKeys.first, expected.contains(key.stringValue) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath, debugDescription: "expected exactly one of \(expected.joined(separator: ", "))"))
        }
        return key.stringValue
    }
}

extension Alarm.Schedule {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CaseKey.self)
        switch try container.singleCase(of: ["fixed", "relative"]) {
        case "fixed": self = .fixed(try container.decode(Date.self, forKey: CaseKey("fixed")))
        default: self = .relative(try container.decode(Relative.self, forKey: CaseKey("relative")))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CaseKey.self)
        switch self {
        case .fixed(let date): try container.encode(date, forKey: CaseKey("fixed"))
        case .relative(let relative): try container.encode(relative, forKey: CaseKey("relative"))
        }
    }
}

extension Alarm.Schedule.Relative.Recurrence {
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "never" else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected \"never\" or {\"weekly\": [...]}"))
            }
            self = .never
            return
        }
        let container = try decoder.container(keyedBy: CaseKey.self)
        _ = try container.singleCase(of: ["weekly"])
        self = .weekly(try container.decode([Locale.Weekday].self, forKey: CaseKey("weekly")))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .never:
            var container = encoder.singleValueContainer()
            try container.encode("never")
        case .weekly(let days):
            var container = encoder.container(keyedBy: CaseKey.self)
            try container.encode(days, forKey: CaseKey("weekly"))
        }
    }
}

extension AlertConfiguration.AlertSound {
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "default" else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected \"default\" or {\"named\": \"...\"}"))
            }
            self = .default
            return
        }
        let container = try decoder.container(keyedBy: CaseKey.self)
        _ = try container.singleCase(of: ["named"])
        self = .named(try container.decode(String.self, forKey: CaseKey("named")))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .default:
            var container = encoder.singleValueContainer()
            try container.encode("default")
        case .named(let name):
            var container = encoder.container(keyedBy: CaseKey.self)
            try container.encode(name, forKey: CaseKey("named"))
        }
    }
}

extension AlarmPresentationState.Mode {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CaseKey.self)
        switch try container.singleCase(of: ["alert", "countdown", "paused"]) {
        case "alert": self = .alert(try container.decode(Alert.self, forKey: CaseKey("alert")))
        case "countdown": self = .countdown(try container.decode(Countdown.self, forKey: CaseKey("countdown")))
        default: self = .paused(try container.decode(Paused.self, forKey: CaseKey("paused")))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CaseKey.self)
        switch self {
        case .alert(let alert): try container.encode(alert, forKey: CaseKey("alert"))
        case .countdown(let countdown): try container.encode(countdown, forKey: CaseKey("countdown"))
        case .paused(let paused): try container.encode(paused, forKey: CaseKey("paused"))
        }
    }
}
