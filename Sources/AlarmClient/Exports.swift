// The client's API is the protocol's messages: its callers read replies and events.
@_exported import AlarmWire
// Where alarmd's socket and files are: every client needs them to find alarmd.
@_exported import AlarmLocations
