// AlarmKit code uses UUID, Date, Calendar and Locale.Weekday without importing Foundation, and
// its intents are App Intents: `import OpenAlarmKit` brings both, as `import AlarmKit` does.
// FoundationEssentials, not Foundation: alarmd and alarmctl import this module, and Foundation
// in sight would let any stray call link CoreFoundation and ICU into them (README, "Porting").
@_exported import FoundationEssentials
@_exported import OpenAppIntents
