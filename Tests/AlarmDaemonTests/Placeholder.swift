import Testing
@testable import AlarmDaemon
// PLACEHOLDER — replaced by its issue's tests.
