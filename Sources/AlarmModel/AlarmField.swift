/// A part of an alarm a person can change on its own (the `change` request's `fields`): what
/// the request names is taken from the record it sends, everything else stays as the alarm
/// has it, state included. Each is a thing a person sees and sets, not a stored member: a
/// rename changes the alert's title and the countdown's and pause's titles that contain it.
package enum AlarmField: String, Codable, Hashable, Sendable, CaseIterable {
    /// When it rings (`schedule`): a new time, days or date, scheduled afresh from now.
    case schedule
    /// The zone whose wall clock the schedule follows (`timeZone`; nil: the machine's).
    case timeZone
    /// The alert's title, and the countdown's and pause's titles where they contain the old one.
    case title
    /// The countdown before it rings (`countdownDuration.preAlert`, with the countdown's and
    /// pause's presentation the client made for it).
    case countdown
    /// The snooze (`countdownDuration.postAlert`, the alert's secondary button and its
    /// behavior, and the snoozed countdown's title when there is no pre-alert countdown).
    case snooze
    /// The sound's name (`sound.sound`).
    case sound
    /// `sound.volume` (nil: the configured volume).
    case volume
    /// `sound.rampSeconds` (nil: no fade-in).
    case ramp
    /// On or off (`disabledAt`: nil turns it on from now, any date turns it off).
    case enabled
    /// Whether it skips its next date (`skippedFire`: nil rings it again; any date skips the
    /// next one, as `skip` does).
    case skip
}
