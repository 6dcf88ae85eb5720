import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The sound row's two buttons in the add/edit dialog. Play/Stop previews the chosen sound and
/// "Add sound…" installs a file; both are alarmd's work (`previewSound`, `installSound`), so the
/// preview is heard through the very engine, device and volume an alarm uses, and a new sound
/// is checked by decoding it exactly as `alarmctl sound install` does. The app opens no audio
/// device and decodes nothing itself.
@MainActor
final class SoundRowControls {
    private let service: AlarmService
    private let parent: Window
    private let soundRow: ComboRow
    private let previewButton, addButton: Button
    /// The sound the row has chosen (nil: the default sound).
    private let chosen: @MainActor () -> String?
    private let onInstalled: @MainActor (String) -> Void
    private let showError: @MainActor (String?) -> Void
    private var playing = false
    /// Bumped by every Play and Stop, so the fallback reset of an old preview does nothing.
    private var generation = 0
    private var chooser: Retained<FileChooserNative>?

    init(
        ui: AlarmDialogUI, service: AlarmService, chosen: @escaping @MainActor () -> String?,
        onInstalled: @escaping @MainActor (String) -> Void, showError: @escaping @MainActor (String?) -> Void
    ) {
        self.service = service
        parent = ui.window
        self.chosen = chosen
        self.onInstalled = onInstalled
        self.showError = showError
        soundRow = ui.soundRow
        previewButton = ui.soundPreviewButton
        addButton = ui.addSoundButton
        previewButton.onClicked { [unowned self] in playing ? stop() : play() }
        addButton.onClicked { [unowned self] in chooseFile() }
        // Another sound chosen: the old one's preview ends.
        soundRow.onSelectedChanged { [unowned self] in if playing { stop() } }
    }

    /// The dialog closes: a preview does not outlive it.
    func close() { if playing { stop() } }

    private func play() {
        var request = AlarmProtocol.Request(id: 0, op: .previewSound)
        request.sound = chosen()
        generation += 1
        let mine = generation
        show(playing: true)
        service.perform(request) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result {
                show(playing: false)
                showError(TerminalSafe.text(error.description))
                return
            }
            showError(nil)
            // alarmd cuts a preview at 30 s; the button goes back to Play by then at the latest.
            MainLoop.after(milliseconds: UInt32(AlarmProtocol.maxPreviewSeconds * 1000)) { [weak self] in
                if let self, generation == mine { show(playing: false) }
            }
        }
    }

    private func stop() {
        generation += 1
        show(playing: false)
        service.perform(AlarmProtocol.Request(id: 0, op: .stopPreview)) { _ in }
    }

    private func show(playing: Bool) {
        self.playing = playing
        previewButton.setIconName(playing ? "media-playback-stop-symbolic" : "media-playback-start-symbolic")
        previewButton.setAccessibleLabel(playing ? tr("Stop sound") : tr("Play sound"))
        previewButton.setTooltip(playing ? tr("Stop") : tr("Play"))
    }

    /// GtkFileChooserNative: the desktop's file chooser portal where one runs (Flatpak, or
    /// GDK_DEBUG=portals), else GTK's own dialog.
    private func chooseFile() {
        guard chooser == nil else { return }
        let made = FileChooserNative.open(
            title: tr("Add Sound"), parent: parent, accept: tr("_Add"), cancel: tr("_Cancel"), filterName: tr("Sound files"),
            mimeType: "audio/*")
        chooser = Retained(made, adopting: true)
        made.onResponse { [unowned self] path, accepted in
            defer { chooser = nil }
            guard accepted else { return }
            guard let path else {
                showError(tr("This file has no local path; copy it to your computer first."))
                return
            }
            install(path)
        }
        made.show()
    }

    private func install(_ path: String) {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = file.lastIndex(of: ".").map { String(file[..<$0]) }.flatMap { $0.isEmpty ? nil : $0 } ?? file
        var request = AlarmProtocol.Request(id: 0, op: .installSound)
        request.path = path
        request.sound = name
        addButton.setSensitive(false)
        service.perform(request) { [weak self] result in
            guard let self else { return }
            addButton.setSensitive(true)
            switch result {
            case .success:
                showError(nil)
                onInstalled(name)
            case .failure(let error):
                showError(TerminalSafe.text(error.description))
            }
        }
    }
}
