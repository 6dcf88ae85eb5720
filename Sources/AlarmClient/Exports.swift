// The client's API is the protocol's messages: its callers read replies and events.
@_exported import AlarmWire
