// `import AlarmKit` on Linux: OpenAlarmKit under Apple's module name, so that an app's files
// keep their imports and module-qualified names (`AlarmKit.Alarm`, `AlarmKit.AlarmManager`)
// unchanged. Qualified lookup into a module sees what it re-exports, as `Foundation.Date` finds
// FoundationEssentials' Date. Nothing else belongs here.
@_exported import OpenAlarmKit
