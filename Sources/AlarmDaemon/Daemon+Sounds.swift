import AlarmAudio
import FoundationEssentials
import AlarmWire

/// The sound requests of alarmd's clients: the window previews and installs sounds through
/// alarmd's engine rather than linking ALSA and libsndfile itself, and the window and
/// `alarmctl sound list` list the sounds alarmd's own lookup finds in alarmd's environment
/// (which, under systemd, is not a terminal's), so they show what an alarm would play.
extension Daemon {
    /// Every sound a lookup finds, in lookup order (`sounds`); `app` adds that app's own
    /// folder, `bundle` an app bundle's Sounds folder, as for that app's alarms.
    func soundCatalog(app: String?, bundle: String?) -> AlarmProtocol.SoundCatalog {
        let resolver = SoundResolver(appID: app, bundleSoundsDirectory: bundle, environment: environment)
        return AlarmProtocol.SoundCatalog(
            sounds: resolver.allSounds().map { found, shadowed in
                AlarmProtocol.SoundEntry(name: found.name, path: found.path, kind: Self.kind(found.location.kind), shadowed: shadowed)
            },
            locations: resolver.locations.map { AlarmProtocol.SoundLocation(directory: $0.directory, kind: Self.kind($0.kind)) },
            defaultSound: (try? resolver.resolveDefault())?.path)
    }

    private static func kind(_ kind: SoundResolver.Location.Kind) -> AlarmProtocol.SoundKind {
        switch kind {
        case .appBundle: .appBundle
        case .appData: .appData
        case .userData: .user
        case .systemData: .system
        case .checkout: .checkout
        case .soundTheme: .soundTheme
        }
    }

    func answerSound(_ request: AlarmProtocol.Request) throws(AlarmProtocol.ErrorReply) {
        switch request.op {
        case .previewSound:
            do { try sounds.preview(request.sound) } catch { throw .init(.invalidConfiguration, error.description) }
        case .stopPreview:
            sounds.stopPreview()
        case .installSound:
            guard let path = request.path, let name = request.sound else {
                throw .init(.malformed, "installSound needs a 'path' and a 'sound' name")
            }
            // On the loop: decoding a long file takes a moment, but a due alarm is served before
            // each request (`ringIfDue`), and a person adds a sound rarely.
            do {
                _ = try SoundInstaller.install(
                    file: path, name: name, replacing: false, folder: SoundResolver.userSoundsDirectory(environment: environment))
            } catch {
                switch error {
                case .invalid(let problem): throw .init(.invalidConfiguration, problem.description)
                case .exists(let name, let paths):
                    throw .init(.invalidConfiguration, "a sound named '\(name)' is already installed (\(paths.joined(separator: ", "))); choose another name or remove it first")
                case .cannotWrite(let folder, let reason): throw .init(.storage, "cannot install into \(folder): \(reason)")
                }
            }
        default:
            break
        }
    }
}
