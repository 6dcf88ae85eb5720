import Testing
@testable import AlarmAudio
// PLACEHOLDER — replaced by its issue's tests.
