import AlarmCore
import AlarmWords
import AlarmClient

/// What a turned-off alarm's line says instead of its next ring: the command that turns it on.
extension Format {
    /// "off; turn it on with `alarmctl enable 1a2b3c4d`", or for a dated one-off kept after it
    /// rang, that it needs a new date and how to give it one.
    static func turnedOff(_ record: AlarmRecord, _ description: AlarmDescription, words: AlarmWords) -> String {
        if case .offPastItsDate(let date) = description.next { return Text.pastDateWith(words.when(date), shortID(record.id)) }
        return Text.turnOnWith(shortID(record.id))
    }
}
