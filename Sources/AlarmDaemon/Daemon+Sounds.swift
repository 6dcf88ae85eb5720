import AlarmAudio
import FoundationEssentials
import AlarmClient

/// The sound requests of the Alarms window, which is only a client: it previews and installs
/// sounds through alarmd's engine rather than linking ALSA and libsndfile itself.
extension Daemon {
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
