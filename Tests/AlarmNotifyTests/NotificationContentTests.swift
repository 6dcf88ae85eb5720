@testable import AlarmNotify
import Testing

@Suite(.timeLimit(.minutes(1))) struct NotificationContentTests {
    @Test(arguments: [
        ("stop.circle", "media-playback-stop"), ("stop.fill", "media-playback-stop"),
        ("stop.circle.fill", "media-playback-stop"), ("pause.fill", "media-playback-pause"),
        ("pause.circle", "media-playback-pause"), ("play.fill", "media-playback-start"),
        ("play.circle", "media-playback-start"), ("repeat", "media-playlist-repeat"),
        ("repeat.circle", "media-playlist-repeat"), ("bell.slash", "notifications-disabled"),
        ("bell.slash.fill", "notifications-disabled"), ("zzz", "appointment-soon"),
    ])
    func sfSymbolsMapToFreedesktopIcons(symbol: String, icon: String) {
        #expect(SystemImageIcon.freedesktopName(for: symbol) == icon)
    }

    @Test func unknownSymbolsHaveNoIcon() {
        #expect(SystemImageIcon.freedesktopName(for: "figure.run") == nil)
        #expect(SystemImageIcon.freedesktopName(for: "circle") == nil)
    }

    @Test func markupIsEscapedOnlyForServersThatReadIt() {
        let plain = NotificationServerInfo(name: "", vendor: "", version: "", specVersion: "", capabilities: ["body"])
        var markup = plain
        markup.capabilities.insert("body-markup")
        let note = AlarmNotification(key: "k", summary: "s", body: "<b>Tom & Jerry</b>")
        #expect(note.wireBody(for: plain) == "<b>Tom & Jerry</b>")
        #expect(note.wireBody(for: markup) == "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;")
    }

    @Test func timeoutsMapToTheWire() {
        #expect(NotificationTimeout.never.wireValue == 0)
        #expect(NotificationTimeout.serverDefault.wireValue == -1)
        #expect(NotificationTimeout.milliseconds(5000).wireValue == 5000)
    }
}
