import CSndFile
import FoundationEssentials
import Glibc
import LinuxSupport

/// A sound file decoded by libsndfile, read in chunks so that a long file never sits in
/// memory. One instance belongs to one thread.
final class SoundFile: AudioSource {
    let path: String
    let format: AudioFormat
    var origin: String { path }
    private var handle: OpaquePointer?

    /// Opens `path` and checks what can be checked without decoding it all.
    init(path: String) throws(AudioError) {
        self.path = path
        try Self.checkIsReadableFile(path)
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .undecodable(path: path, reason: Self.openFailure(code: sf_error(nil)))
        }
        handle = file
        let log = Self.log(of: file)
        let frames: Int64? = info.frames >= Int64.max / 2 ? nil : Int64(info.frames)
        if frames == 0 {
            sf_close(file)
            handle = nil
            throw .undecodable(path: path, reason: .empty)
        }
        if let truncation = Self.truncation(inLog: log) {
            sf_close(file)
            handle = nil
            throw .undecodable(path: path, reason: .truncated(truncation))
        }
        guard info.samplerate > 0, info.channels > 0 else {
            sf_close(file)
            handle = nil
            throw .undecodable(path: path, reason: .corrupt("no sample rate or channel count"))
        }
        let naming = FormatNames(format: info.format)
        format = AudioFormat(
            sampleRate: Int(info.samplerate), channels: Int(info.channels), frames: frames,
            sampleType: naming.sampleType, container: naming.container, encoding: naming.encoding)
    }

    deinit {
        if let handle { sf_close(handle) }
    }

    func read(into buffer: UnsafeMutableRawPointer, frames: Int) throws(AudioError) -> Int {
        guard let handle else { return 0 }
        let count: sf_count_t
        switch format.sampleType {
        case .int16:
            count = sf_readf_short(handle, buffer.assumingMemoryBound(to: Int16.self), sf_count_t(frames))
        case .float32:
            count = sf_readf_float(handle, buffer.assumingMemoryBound(to: Float.self), sf_count_t(frames))
        }
        let code = sf_error(handle)
        if code != 0 {
            let message = String(cString: sf_strerror(handle))
            throw .undecodable(path: path, reason: .corrupt(message))
        }
        return Int(count)
    }

    func rewind() throws(AudioError) {
        guard let handle else { return }
        if sf_seek(handle, 0, SEEK_SET) < 0 {
            throw .undecodable(path: path, reason: .unsupported("cannot seek back to the start to loop"))
        }
    }

    /// Decodes the whole file once, so that a truncated or corrupt stream is caught before
    /// anyone relies on it (`sound info`, `sound install`). Returns the decoded frame count.
    @discardableResult
    func decodeToEnd() throws(AudioError) -> Int64 {
        let chunk = 4096
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: chunk * format.bytesPerFrame, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let n = try read(into: buffer, frames: chunk)
            if n == 0 { break }
            total += Int64(n)
        }
        if total == 0 {
            throw .undecodable(path: path, reason: .empty)
        }
        // MPEG frame counts are estimates (encoder padding); other containers count exactly.
        if let expected = format.frames, total < expected, format.container != "MPEG" {
            throw .undecodable(path: path, reason: .truncated("decoded \(total) of \(expected) frames"))
        }
        try rewind()
        return total
    }

    private static func checkIsReadableFile(_ path: String) throws(AudioError) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let err = errno
            if err == ENOENT || err == ENOTDIR { throw .undecodable(path: path, reason: .notFound) }
            throw .undecodable(path: path, reason: .unreadable(String(cString: strerror(err))))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw .undecodable(path: path, reason: .notAFile) }
        guard st.st_size > 0 else { throw .undecodable(path: path, reason: .empty) }
        guard access(path, R_OK) == 0 else {
            throw .undecodable(path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
    }

    private static func openFailure(code: Int32) -> DecodeFailure {
        let message = String(cString: sf_error_number(code))
        switch Int(code) {
        case SF_ERR_UNRECOGNISED_FORMAT:
            return .unsupported("not a recognised audio file")
        case SF_ERR_UNSUPPORTED_ENCODING:
            return .unsupported(message)
        case SF_ERR_SYSTEM:
            return .unreadable(message)
        default:
            return .corrupt(message)
        }
    }

    private static func log(of file: OpaquePointer) -> String {
        var text = [CChar](repeating: 0, count: 4096)
        let n = sf_command(file, Int32(SFC_GET_LOG_INFO), &text, Int32(text.count))
        guard n > 0 else { return "" }
        return String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// libsndfile clamps a short WAV/AIFF data chunk silently and notes it in its log
    /// ("data : 16000 (should be 7956)"); an Ogg stream cut short is noted the same way.
    static func truncation(inLog log: String) -> String? {
        for line in log.split(separator: "\n") {
            let trimmed = line.trimmed()
            if (trimmed.hasPrefix("data") || trimmed.hasPrefix("SSND")) && trimmed.contains("(should be") {
                return "audio data ends early: \(trimmed)"
            }
            if trimmed.contains("File ended unexpectedly") {
                return "stream ends without its end marker"
            }
        }
        return nil
    }
}

/// Human names for libsndfile's format codes, and the sample type each decodes to.
struct FormatNames {
    var container: String
    var encoding: String
    var sampleType: SampleType

    init(format: Int32) {
        let major = Int(oak_sf_major(format))
        let sub = Int(oak_sf_subformat(format))
        container = Self.container(major)
        (encoding, sampleType) = Self.encoding(sub)
    }

    private static func container(_ major: Int) -> String {
        switch major {
        case SF_FORMAT_WAV: return "WAV"
        case SF_FORMAT_WAVEX: return "WAVEX"
        case SF_FORMAT_AIFF: return "AIFF"
        case SF_FORMAT_FLAC: return "FLAC"
        case SF_FORMAT_OGG: return "Ogg"
        case SF_FORMAT_MPEG: return "MPEG"
        case SF_FORMAT_AU: return "AU"
        case SF_FORMAT_CAF: return "CAF"
        case SF_FORMAT_W64: return "W64"
        case SF_FORMAT_RF64: return "RF64"
        default: return "format 0x" + String(major, radix: 16)
        }
    }

    /// Integer encodings of 16 bits or fewer decode exactly to 16-bit; the rest to float.
    private static func encoding(_ sub: Int) -> (String, SampleType) {
        switch sub {
        case SF_FORMAT_PCM_S8: return ("PCM 8-bit signed", .int16)
        case SF_FORMAT_PCM_U8: return ("PCM 8-bit unsigned", .int16)
        case SF_FORMAT_PCM_16: return ("PCM 16-bit", .int16)
        case SF_FORMAT_PCM_24: return ("PCM 24-bit", .float32)
        case SF_FORMAT_PCM_32: return ("PCM 32-bit", .float32)
        case SF_FORMAT_FLOAT: return ("float 32-bit", .float32)
        case SF_FORMAT_DOUBLE: return ("float 64-bit", .float32)
        case SF_FORMAT_ULAW: return ("µ-law", .int16)
        case SF_FORMAT_ALAW: return ("A-law", .int16)
        case SF_FORMAT_IMA_ADPCM: return ("IMA ADPCM", .int16)
        case SF_FORMAT_MS_ADPCM: return ("MS ADPCM", .int16)
        case SF_FORMAT_GSM610: return ("GSM 6.10", .int16)
        case SF_FORMAT_VORBIS: return ("Vorbis", .float32)
        case SF_FORMAT_OPUS: return ("Opus", .float32)
        case SF_FORMAT_MPEG_LAYER_I: return ("MPEG layer I", .float32)
        case SF_FORMAT_MPEG_LAYER_II: return ("MPEG layer II", .float32)
        case SF_FORMAT_MPEG_LAYER_III: return ("MP3", .float32)
        default: return ("encoding 0x" + String(sub, radix: 16), .float32)
        }
    }
}

/// What the CLI and the daemon can learn about a file without playing it.
public enum SoundFileInspector {
    /// The decoded format, after decoding the whole file when `fully` is set (catches
    /// truncated and corrupt streams, costs a full decode).
    public static func format(ofFile path: String, fully: Bool = false) throws(AudioError) -> AudioFormat {
        let file = try SoundFile(path: path)
        if fully {
            let frames = try file.decodeToEnd()
            var format = file.format
            format.frames = frames
            return format
        }
        return file.format
    }
}
