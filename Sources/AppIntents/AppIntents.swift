// `import AppIntents` on Linux: OpenAppIntents under Apple's module name (see AlarmKit.swift).
@_exported import OpenAppIntents
