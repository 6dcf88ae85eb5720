import Testing
@testable import AlarmCore
// PLACEHOLDER — replaced by its issue's tests.
