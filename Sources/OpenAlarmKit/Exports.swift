// `import OpenAlarmKit` brings AlarmKit's names (the model's public types), FoundationEssentials
// and the App Intents subset, as `import AlarmKit` does; the client, the wire and the stored
// record stay out of sight (`package`), so an app sees AlarmKit's API and nothing else.
@_exported import AlarmModel
import AlarmClient
