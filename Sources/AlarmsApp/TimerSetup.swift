import AlarmsAppModel
import FoundationEssentials
import GtkSupport

/// timer-setup.ui.
struct TimerSetupUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/timer-setup.ui"
    let builder: Builder
    let root: Widget
    let hours, minutes, seconds: SpinButton

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        root = try builder.object("timer_setup")
        hours = try builder.object("hours_spin")
        minutes = try builder.object("minutes_spin")
        seconds = try builder.object("seconds_spin")
    }
}

/// A timer's length, set as on a clock face: large two-digit hours, minutes and seconds, as
/// GNOME Clocks' timer setup. The Timers page and the New Timer dialog each hold one.
@MainActor
final class TimerSetup {
    private let ui: TimerSetupUI
    /// After every change of the length.
    var onChange: (@MainActor () -> Void)?

    /// Puts the setup in `place`.
    init(in place: Bin) {
        ui = TimerSetupUI.load()
        place.setChild(ui.root)
        for spin in [ui.hours, ui.minutes, ui.seconds] {
            spin.showTwoDigits()
            spin.onValueChanged { [unowned self] in onChange?() }
        }
    }

    /// The length, or nil for zero (Start is then off).
    var seconds: TimeInterval? {
        TimersModel.customSeconds(hours: ui.hours.value, minutes: ui.minutes.value, seconds: ui.seconds.value)
    }

    func set(minutes: Int) {
        ui.hours.setValue(minutes / 60)
        ui.minutes.setValue(minutes % 60)
        ui.seconds.setValue(0)
    }

    /// The keyboard focus on the minutes, the field a timer is most often set by.
    func focus() { ui.minutes.grabFocus() }
}
