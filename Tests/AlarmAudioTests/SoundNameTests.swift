import Testing
@testable import AlarmAudio

@Suite(.timeLimit(.minutes(2))) struct SoundNameTests {
    @Test(arguments: [
        "", "a/b", "/etc/passwd", "..", "../x", "a..b", "x\\y", "bell\u{7}", "line\nbreak", "tab\tname",
        "del\u{7F}", String(repeating: "a", count: 256), String(repeating: "é", count: 128),
    ])
    func unsafeNamesAreRejected(name: String) {
        #expect(throws: AudioError.self) { try SoundName.validate(name) }
        do {
            try SoundName.validate(name)
        } catch {
            guard case .unsafeSoundName = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(!error.description.contains("\n"))
        }
    }

    @Test(arguments: ["Chime", "Chime.flac", "alarm-clock-elapsed", "Réveil doux", "a.b", String(repeating: "a", count: 255)])
    func plainNamesAreAccepted(name: String) throws {
        try SoundName.validate(name)
    }

    @Test func resolverRejectsUnsafeNamesBeforeTouchingTheDisk() {
        let resolver = SoundResolver(environment: [:], checkoutSoundsDirectory: nil)
        #expect(throws: AudioError.unsafeSoundName("../../etc/passwd", reason: "contains a path separator")) {
            try resolver.resolve("../../etc/passwd")
        }
    }
}
