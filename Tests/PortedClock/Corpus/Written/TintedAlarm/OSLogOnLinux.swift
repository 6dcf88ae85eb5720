// Written for the porting corpus: what a porter adds so that a file's `os.Logger` calls, with
// their `privacy:` interpolations, compile on Linux unchanged (docs/PORTING.md, "Logging"):
// swift-log's Logger with os.Logger's initializer and `fault`, and a `privacy:` interpolation
// that logs the value as written (Linux has no log redaction). On Apple platforms `os` is
// imported instead and this file is empty.
#if canImport(os)
@_exported import os
#else
@_exported import Logging

/// os.Logger's privacy levels, accepted and ignored: the value is always logged.
struct OSLogPrivacy: Sendable {
    enum Mask: Sendable { case hash, none }

    static let `public` = OSLogPrivacy()
    static let `private` = OSLogPrivacy()
    static let sensitive = OSLogPrivacy()
    static let auto = OSLogPrivacy()
    static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy() }
    static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy() }
    static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy() }
}

extension DefaultStringInterpolation {
    mutating func appendInterpolation<Value>(_ value: Value, privacy: OSLogPrivacy) {
        appendInterpolation(value)
    }
}

extension Logger {
    init(subsystem: String, category: String) {
        self.init(label: subsystem + "." + category)
    }

    /// os.Logger's highest level; swift-log calls it critical.
    func fault(_ message: @autoclosure () -> Logger.Message, file: String = #fileID, function: String = #function, line: UInt = #line) {
        critical(message(), file: file, function: function, line: line)
    }
}
#endif
