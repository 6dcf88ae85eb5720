import Foundation
import Testing
@testable import AlarmAudio

/// The lookup order of docs/SOUND.md, against temporary XDG folders.
@Suite(.timeLimit(.minutes(2))) struct SoundResolverTests {
    /// Every lookup location as a temp folder, each holding a file for `name`.
    struct Layout {
        let dir: TempDir
        let bundle, appData, userData, systemA, systemB, checkout, theme: String
        let environment: [String: String]

        init() throws {
            dir = try TempDir()
            bundle = try dir.sub("bundle/Sounds")
            appData = try dir.sub("data/com.example.Wake/Sounds")
            userData = try dir.sub("data/openalarmkit/Sounds")
            systemA = try dir.sub("sysA/openalarmkit/Sounds")
            systemB = try dir.sub("sysB/openalarmkit/Sounds")
            checkout = try dir.sub("checkout/Sounds")
            theme = try dir.sub("sysB/sounds/freedesktop/stereo")
            environment = ["XDG_DATA_HOME": "\(dir.path)/data",
                           "XDG_DATA_DIRS": "\(dir.path)/sysA:\(dir.path)/sysB", "HOME": dir.path]
        }

        var resolver: SoundResolver {
            SoundResolver(appID: "com.example.Wake", bundleSoundsDirectory: bundle,
                          environment: environment, checkoutSoundsDirectory: checkout)
        }

        func put(_ name: String, in folder: String) throws {
            let type = name.hasSuffix(".oga") ? ["-t", "ogg"] : []
            try makeSound("\(folder)/\(name)", seconds: 0.05, rate: 8000, channels: 1, encoding: type)
        }
    }

    @Test func locationsFollowDesignOrder() throws {
        let l = try Layout()
        #expect(l.resolver.locations.map(\.directory) == [
            l.bundle, l.appData, l.userData, l.systemA, l.systemB, l.checkout,
            "\(l.dir.path)/data/sounds/freedesktop/stereo", "\(l.dir.path)/sysA/sounds/freedesktop/stereo", l.theme,
        ])
    }

    @Test func firstHitWinsInLookupOrder() throws {
        let l = try Layout()
        let order = [l.bundle, l.appData, l.userData, l.systemA, l.systemB, l.checkout, l.theme]
        for folder in order { try l.put("Chime.wav", in: folder) }
        // Remove the winner one location at a time: the next location must win each time.
        for (i, folder) in order.enumerated() {
            let found = try l.resolver.resolve("Chime")
            #expect(found.path == "\(folder)/Chime.wav", "step \(i)")
            try FileManager.default.removeItem(atPath: "\(folder)/Chime.wav")
        }
        #expect(throws: AudioError.self) { try l.resolver.resolve("Chime") }
    }

    @Test func extensionsAreTriedInOrderAndAnExplicitOneIsHonoured() throws {
        let l = try Layout()
        try l.put("Bell.ogg", in: l.userData)
        try l.put("Bell.flac", in: l.userData)
        try l.put("Bell.aiff", in: l.userData)
        #expect(try l.resolver.resolve("Bell").path == "\(l.userData)/Bell.flac")
        #expect(try l.resolver.resolve("Bell.ogg").path == "\(l.userData)/Bell.ogg")
    }

    @Test func unknownSoundSaysWhereItLookedAndWhatToDo() throws {
        let l = try Layout()
        do {
            _ = try l.resolver.resolve("Chmie")
            Issue.record("resolved a missing sound")
        } catch {
            guard case .unknownSound(let name, let dirs) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(name == "Chmie")
            #expect(dirs == l.resolver.locations.map(\.directory))
            #expect(error.description.hasPrefix("unknown sound 'Chmie' (looked in: \(l.bundle), "))
            #expect(error.description.contains("alarmctl sound list"))
        }
    }

    @Test func defaultIsOurDefaultThenTheThemesAlarmSound() throws {
        let l = try Layout()
        try l.put("alarm-clock-elapsed.oga", in: l.theme)
        #expect(try l.resolver.resolveDefault().path == "\(l.theme)/alarm-clock-elapsed.oga")
        try l.put("Default.flac", in: l.systemB)
        #expect(try l.resolver.resolveDefault().path == "\(l.systemB)/Default.flac")
    }

    @Test func theThemesAlarmSoundNameMeansOursWhereNoThemeHasIt() throws {
        let l = try Layout()
        #expect(throws: AudioError.self) { try l.resolver.resolve("alarm-clock-elapsed") }
        try l.put("Default.flac", in: l.systemB)
        let alias = try l.resolver.resolve("alarm-clock-elapsed")
        #expect(alias.path == "\(l.systemB)/Default.flac" && alias.name == "alarm-clock-elapsed")
        // An installed theme keeps its own sound under its own name.
        try l.put("alarm-clock-elapsed.oga", in: l.theme)
        #expect(try l.resolver.resolve("alarm-clock-elapsed").path == "\(l.theme)/alarm-clock-elapsed.oga")
    }

    @Test func xdgDefaultsApplyWhenUnset() {
        let resolver = SoundResolver(environment: ["HOME": "/home/u"], checkoutSoundsDirectory: nil)
        #expect(resolver.locations.map(\.directory).prefix(3) == [
            "/home/u/.local/share/openalarmkit/Sounds", "/usr/local/share/openalarmkit/Sounds",
            "/usr/share/openalarmkit/Sounds",
        ])
    }

    @Test func listShowsEveryNameInLookupOrderMarkingShadowedOnes() throws {
        let l = try Layout()
        try l.put("Chime.wav", in: l.userData)
        try l.put("Chime.flac", in: l.checkout)
        try l.put("Gentle.flac", in: l.checkout)
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: "\(l.checkout)/notes.txt"))
        let listed = l.resolver.allSounds().map { ($0.sound.name, $0.sound.location.directory, $0.shadowed) }
        #expect(listed.count == 3)
        #expect(listed[0] == ("Chime", l.userData, false))
        #expect(listed[1] == ("Chime", l.checkout, true))
        #expect(listed[2] == ("Gentle", l.checkout, false))
    }

    @Test func checkoutIsFoundFromTheExecutable() throws {
        // The test binary lives under .build/ of this checkout, which has Package.swift + Sounds/.
        let found = try #require(CheckoutLocator.soundsDirectory())
        #expect(FileManager.default.fileExists(atPath: "\(found)/../Package.swift"))
    }
}
