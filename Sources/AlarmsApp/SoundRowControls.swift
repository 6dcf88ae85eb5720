import AlarmClient
import AlarmsAppModel
import CGtk
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
    private let parent, soundRow, previewButton, addButton: GObjectPointer
    /// The sound the row has chosen (nil: the default sound).
    private let chosen: @MainActor () -> String?
    private let onInstalled: @MainActor (String) -> Void
    private let showError: @MainActor (String?) -> Void
    private var playing = false
    /// Bumped by every Play and Stop, so the fallback reset of an old preview does nothing.
    private var generation = 0
    private var chooser: ObjectRef?

    init(
        builder: Builder, parent: GObjectPointer, service: AlarmService, chosen: @escaping @MainActor () -> String?,
        onInstalled: @escaping @MainActor (String) -> Void, showError: @escaping @MainActor (String?) -> Void
    ) {
        self.service = service
        self.parent = parent
        self.chosen = chosen
        self.onInstalled = onInstalled
        self.showError = showError
        soundRow = builder.object("sound_row")
        previewButton = builder.object("sound_preview_button")
        addButton = builder.object("add_sound_button")
        Signal.connect(previewButton, "clicked") { [unowned self] in playing ? stop() : play() }
        Signal.connect(addButton, "clicked") { [unowned self] in chooseFile() }
        // Another sound chosen: the old one's preview ends.
        Signal.connect(soundRow, "notify::selected") { [unowned self] in if playing { stop() } }
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
        gtk_button_set_icon_name(ptr(previewButton), playing ? "media-playback-stop-symbolic" : "media-playback-start-symbolic")
        Widget.setAccessibleLabel(previewButton, playing ? tr("Stop sound") : tr("Play sound"))
        Widget.setTooltip(previewButton, playing ? tr("Stop") : tr("Play"))
    }

    /// GtkFileChooserNative: the desktop's file chooser portal where one runs (Flatpak, or
    /// GDK_DEBUG=portals), else GTK's own dialog.
    private func chooseFile() {
        guard chooser == nil else { return }
        let made = GObjectPointer(gtk_file_chooser_native_new(tr("Add Sound"), ptr(parent), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Add"), tr("_Cancel"))!)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("Sound files"))
        gtk_file_filter_add_mime_type(filter, "audio/*")
        gtk_file_chooser_add_filter(ptr(made), filter)
        g_object_unref(GObjectPointer(filter))
        gtk_native_dialog_set_modal(ptr(made), 1)
        chooser = ObjectRef(made, adopting: true)
        Signal.connect(made, "response") { [unowned self] arguments in
            defer { chooser = nil }
            guard arguments.int(at: 1) == Int(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(ptr(made)) else { return }
            defer { g_object_unref(GObjectPointer(file)) }
            guard let cPath = g_file_get_path(file) else {
                showError(tr("This file has no local path; copy it to your computer first."))
                return
            }
            let path = String(cString: cPath)
            g_free(cPath)
            install(path)
        }
        gtk_native_dialog_show(ptr(made))
    }

    private func install(_ path: String) {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = file.lastIndex(of: ".").map { String(file[..<$0]) }.flatMap { $0.isEmpty ? nil : $0 } ?? file
        var request = AlarmProtocol.Request(id: 0, op: .installSound)
        request.path = path
        request.sound = name
        Widget.setSensitive(addButton, false)
        service.perform(request) { [weak self] result in
            guard let self else { return }
            Widget.setSensitive(addButton, true)
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
