// App Intents code uses Foundation's types (URL, UUID, Date) without importing it, as the
// framework re-exports it on Apple platforms; all three are in FoundationEssentials.
@_exported import FoundationEssentials
