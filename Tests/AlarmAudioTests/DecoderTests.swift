import CSndFile
import Foundation
import Testing
@testable import AlarmAudio

@Suite(.timeLimit(.minutes(2))) struct DecoderTests {
    @Test(arguments: [
        ("pcm8.wav", ["-b", "8"], "WAV", "PCM 8-bit unsigned", SampleType.int16),
        ("pcm16.wav", ["-b", "16"], "WAV", "PCM 16-bit", .int16),
        ("pcm24.wav", ["-b", "24"], "WAVEX", "PCM 24-bit", .float32),
        ("pcm32.wav", ["-b", "32"], "WAVEX", "PCM 32-bit", .float32),
        ("float.wav", ["-e", "floating-point", "-b", "32"], "WAV", "float 32-bit", .float32),
        ("ulaw.wav", ["-e", "u-law"], "WAV", "µ-law", .int16),
        ("alaw.wav", ["-e", "a-law"], "WAV", "A-law", .int16),
        ("s.aiff", ["-b", "16"], "AIFF", "PCM 16-bit", .int16),
        ("s.flac", ["-b", "16"], "FLAC", "PCM 16-bit", .int16),
        ("s24.flac", ["-b", "24"], "FLAC", "PCM 24-bit", .float32),
        ("s.ogg", [], "Ogg", "Vorbis", .float32),
        ("s.mp3", [], "MPEG", "MP3", .float32),
    ])
    func decodesEachSupportedFormat(name: String, encoding: [String], container: String,
                                    codec: String, type: SampleType) throws {
        let dir = try TempDir()
        let path = dir.file(name)
        try makeSound(path, seconds: 0.5, rate: 44100, channels: 2, encoding: encoding)
        let format = try SoundFileInspector.format(ofFile: path, fully: true)
        #expect(format.container == container)
        #expect(format.encoding == codec)
        #expect(format.sampleType == type)
        #expect(format.sampleRate == 44100)
        #expect(format.channels == 2)
        // MP3 carries encoder padding; everything else is exact.
        let frames = try #require(format.frames)
        #expect(name.hasSuffix(".mp3") ? abs(Int(frames) - 22050) < 3000 : frames == 22050)
    }

    @Test func decodesOpus() throws {
        let dir = try TempDir()
        let wav = dir.file("s.wav")
        try makeSound(wav, seconds: 0.5, rate: 48000, channels: 1)
        let opus = dir.file("s.opus")
        try transcodeToOpus(wav, opus)
        let format = try SoundFileInspector.format(ofFile: opus, fully: true)
        #expect(format.container == "Ogg")
        #expect(format.encoding == "Opus")
        #expect(format.sampleRate == 48000)
        let samples = try decodedBytes(opus)
        #expect(samples.count >= 24000 * 4 - 4096)
    }

    @Test func streamsInChunksAndRewinds() throws {
        let dir = try TempDir()
        let path = dir.file("s.flac")
        try makeSound(path, seconds: 0.3, rate: 8000, channels: 1, synth: ["whitenoise"])
        let file = try SoundFile(path: path)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 100 * 2, alignment: 16)
        defer { buffer.deallocate() }
        let first = try file.read(into: buffer, frames: 100)
        let head = Array(UnsafeRawBufferPointer(start: buffer, count: 200))
        var total = first
        while case let n = try file.read(into: buffer, frames: 100), n > 0 { total += n }
        #expect(total == 2400)
        try file.rewind()
        _ = try file.read(into: buffer, frames: 100)
        #expect(Array(UnsafeRawBufferPointer(start: buffer, count: 200)) == head)
    }

    enum BadFile: String, CaseIterable {
        case missing, empty, directory, garbage, textNamedWav, truncatedHeader, truncatedWAVData,
             truncatedFLAC, truncatedOgg
    }

    @Test(arguments: BadFile.allCases)
    func badFilesAreTypedErrorsNamingTheFile(kind: BadFile) throws {
        let dir = try TempDir()
        let path = dir.file("bad-\(kind.rawValue).wav")
        let expected: (DecodeFailure) -> Bool
        switch kind {
        case .missing:
            expected = { $0 == .notFound }
        case .empty:
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            expected = { $0 == .empty }
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            expected = { $0 == .notAFile }
        case .garbage:
            _ = FileManager.default.createFile(atPath: path, contents: Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
            expected = { if case .unsupported = $0 { true } else { false } }
        case .textNamedWav:
            _ = FileManager.default.createFile(atPath: path, contents: Data("hello, I am not audio\n".utf8))
            expected = { if case .unsupported = $0 { true } else { false } }
        case .truncatedHeader:
            try truncatedCopy(of: "s.wav", encoding: ["-b", "16"], keeping: 30, to: path, in: dir)
            expected = { if case .corrupt = $0 { true } else { false } }
        case .truncatedWAVData:
            try truncatedCopy(of: "s.wav", encoding: ["-b", "16"], keeping: 8000, to: path, in: dir)
            expected = { if case .truncated = $0 { true } else { false } }
        case .truncatedFLAC:
            try truncatedCopy(of: "s.flac", encoding: ["-b", "16"], keeping: 3000, to: path, in: dir)
            expected = { if case .truncated = $0 { true } else if case .corrupt = $0 { true } else { false } }
        case .truncatedOgg:
            try truncatedCopy(of: "s.ogg", encoding: [], keeping: 3000, to: path, in: dir)
            expected = { if case .truncated = $0 { true } else { false } }
        }
        do {
            let format = try SoundFileInspector.format(ofFile: path, fully: true)
            Issue.record("decoded \(kind) as \(format)")
        } catch {
            guard case .undecodable(let reported, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(reported == path)
            #expect(expected(reason), "\(kind): \(reason)")
            #expect(error.description.contains(path))
        }
    }

    private func truncatedCopy(of name: String, encoding: [String], keeping bytes: Int, to path: String, in dir: TempDir) throws {
        let whole = dir.file(name)
        try makeSound(whole, seconds: 1, rate: 8000, channels: 1, encoding: encoding)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try data.prefix(bytes).write(to: URL(fileURLWithPath: path))
    }
}

/// sox cannot write Opus; libsndfile can, which is also what decodes it.
func transcodeToOpus(_ wav: String, _ opus: String) throws {
    var inInfo = SF_INFO()
    guard let input = sf_open(wav, Int32(SFM_READ), &inInfo) else { throw TestError.failed("open \(wav)") }
    defer { sf_close(input) }
    var outInfo = SF_INFO()
    outInfo.samplerate = inInfo.samplerate
    outInfo.channels = inInfo.channels
    outInfo.format = Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
    guard let output = sf_open(opus, Int32(SFM_WRITE), &outInfo) else {
        throw TestError.failed("cannot write Opus: \(String(cString: sf_strerror(nil)))")
    }
    defer { sf_close(output) }
    var buffer = [Float](repeating: 0, count: 1024 * Int(inInfo.channels))
    while case let n = sf_readf_float(input, &buffer, 1024), n > 0 {
        sf_writef_float(output, buffer, n)
    }
}
