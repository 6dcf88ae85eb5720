// AlarmKit code uses UUID, Date, Calendar and Locale.Weekday without importing Foundation, and
// its button texts and intents are App Intents': the model brings both, and OpenAlarmKit passes
// them on, as `import AlarmKit` does. FoundationEssentials, not Foundation: alarmd and alarmctl
// import this module, and Foundation in sight would let any stray call link CoreFoundation and
// ICU into them.
@_exported import FoundationEssentials
@_exported import OpenAppIntents
