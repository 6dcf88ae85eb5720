import Testing
@testable import AlarmNotify
// PLACEHOLDER — replaced by its issue's tests.
