import Testing
@testable import AlarmStore
// PLACEHOLDER — replaced by its issue's tests.
