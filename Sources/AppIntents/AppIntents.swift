// `import AppIntents` on Linux: OpenAppIntents under Apple's module name (see AlarmKit.swift),
// with the whole of Foundation, which an intent's file sees on Apple platforms.
@_exported import OpenAppIntents
@_exported import Foundation
