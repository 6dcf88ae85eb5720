import LinuxSupport
import Testing

/// The package's one escaper for XML and XML-like markup (CalDAV bodies, notification bodies,
/// waybar's Pango markup).
@Suite(.timeLimit(.minutes(1))) struct MarkupTextTests {
    @Test func theFivePredefinedEntitiesAndNothingElse() {
        #expect(MarkupText.escaped(#"Tom & Jerry's <"show">"#) == "Tom &amp; Jerry&apos;s &lt;&quot;show&quot;&gt;")
        #expect(MarkupText.escaped("Aufstehen ☀︎ 起床 — 7:30") == "Aufstehen ☀︎ 起床 — 7:30")
        #expect(MarkupText.escaped("&amp;") == "&amp;amp;", "text, not markup: an entity is escaped again")
        #expect(MarkupText.escaped("") == "")
    }
}
