/// What a log line says about a sound choice or a resolver: only what is needed to act on it.
/// The default struct description would print every field, the resolver's whole environment
/// included (tokens, session addresses), into the journal.
extension SoundChoice: CustomStringConvertible {
    public var description: String {
        switch self {
        case .file(let path): "file \(path)"
        case .named(let name, _): "sound '\(name)'"
        case .defaultSound: "the default sound"
        case .tone: "the built-in tone"
        }
    }
}

extension SoundResolver: CustomStringConvertible {
    public var description: String {
        "sound lookup in \(locations.map(\.directory).joined(separator: ", "))"
    }
}
