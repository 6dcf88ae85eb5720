// `import AlarmKit` on Linux: OpenAlarmKit under Apple's module name, so that an app's files
// keep their imports and module-qualified names (`AlarmKit.Alarm`, `AlarmKit.AlarmManager`)
// unchanged. Qualified lookup into a module sees what it re-exports, as `Foundation.Date` finds
// FoundationEssentials' Date.
@_exported import OpenAlarmKit
// On Apple platforms a file that imports AlarmKit gets the whole of Foundation from the SwiftUI
// or UIKit import beside it (`UserDefaults`, `JSONSerialization`, `NSError`, `Scanner`, and
// `CGFloat`, which swift-corelibs-foundation declares). This module is only for ported apps:
// the package's own binaries import OpenAlarmKit, which stays on FoundationEssentials.
@_exported import Foundation
