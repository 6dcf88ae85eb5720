import Testing
@testable import AlarmAudio
