import FoundationEssentials

/// What a reminder of someone's calendar event says besides its title: where the event is,
/// and when it starts relative to the reminder (a -PT10M reminder rings 600 s before). Kept in
/// the alarm's `metadata`, which an imported event has no other use for, so that its popup
/// can say "Starts at 14:00 · Room 4" rather than the time it rang.
package struct EventReminder: Codable, Hashable, Sendable {
    /// The event's LOCATION, at most `maxLocation` characters.
    package var eventLocation: String?
    /// Seconds from the ring to the event's start (negative when the reminder comes after it).
    package var eventStartsAfter: Double?
    /// True for an event kept as its calendar schedule (`AlarmRecord.calendar`: a series, an
    /// all-day event, several reminders): when the occurrence that rings starts is the
    /// schedule's to say (`CalendarFires.FireSource.start`), not one figure's.
    package var eventStartsFromSchedule: Bool?
    /// True for a task's reminder (VTODO): the time given is when it is due ("Due at 17:00"),
    /// `eventStartsAfter` measured to its DUE, and a schedule's occurrence is due its length
    /// after it starts.
    package var eventIsTask: Bool?

    package static let maxLocation = 200

    package init(location: String?, startsAfter: Double? = nil, startsFromSchedule: Bool = false, task: Bool = false) {
        let trimmed = location.map { String($0.prefix(Self.maxLocation)) }
        eventLocation = trimmed?.isEmpty == false ? trimmed : nil
        eventStartsAfter = startsAfter == 0 ? nil : startsAfter
        eventStartsFromSchedule = startsFromSchedule ? true : nil
        eventIsTask = task ? true : nil
    }

    /// Nil when there is nothing to say.
    package var metadata: String? {
        guard eventLocation != nil || eventStartsAfter != nil || eventStartsFromSchedule != nil || eventIsTask != nil else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The reminder in an alarm's metadata; nil for anything else (an app's own metadata).
    package init?(metadata: String?) {
        guard let metadata, metadata.contains("\"event"),
            let read = try? JSONDecoder().decode(EventReminder.self, from: Data(metadata.utf8)),
            read.eventLocation != nil || read.eventStartsAfter != nil || read.eventStartsFromSchedule != nil || read.eventIsTask != nil
        else { return nil }
        self = read
    }
}
