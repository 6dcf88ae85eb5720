/// A button on an alarm's alert, countdown or paused presentation.
public struct AlarmButton: Codable, Hashable, Sendable {
    public var text: LocalizedStringResource
    public var textColor: Color
    /// An SF Symbols name such as `stop.circle`; the notification presenter maps it to a
    /// freedesktop icon name where the server shows action icons.
    public var systemImageName: String

    public init(text: LocalizedStringResource, textColor: Color, systemImageName: String) {
        self.text = text
        self.textColor = textColor
        self.systemImageName = systemImageName
    }
}
