// AlarmKit code uses UUID, Date, Calendar and Locale.Weekday without importing Foundation, and
// its intents are App Intents: `import OpenAlarmKit` brings both, as `import AlarmKit` does.
@_exported import FoundationEssentials
@_exported import OpenAppIntents
