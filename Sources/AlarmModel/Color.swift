/// A portable sRGB color for tints and button text, named like SwiftUI's so that
/// `.orange` or `Color.blue` in AlarmKit code keeps compiling.
public struct Color: Codable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    /// `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
            return nil
        }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: Double((rgba >> 24) & 0xFF) / 255, green: Double((rgba >> 16) & 0xFF) / 255,
            blue: Double((rgba >> 8) & 0xFF) / 255, opacity: Double(rgba & 0xFF) / 255)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (opacity < 1 ? byte(opacity) : "")
    }

    // SwiftUI's system colors, light appearance.
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let gray = Color(red: 0.557, green: 0.557, blue: 0.576)
    public static let red = Color(red: 1, green: 0.231, blue: 0.188)
    public static let orange = Color(red: 1, green: 0.584, blue: 0)
    public static let yellow = Color(red: 1, green: 0.8, blue: 0)
    public static let green = Color(red: 0.204, green: 0.78, blue: 0.349)
    public static let mint = Color(red: 0, green: 0.78, blue: 0.745)
    public static let teal = Color(red: 0.188, green: 0.69, blue: 0.78)
    public static let cyan = Color(red: 0.196, green: 0.678, blue: 0.902)
    public static let blue = Color(red: 0, green: 0.478, blue: 1)
    public static let indigo = Color(red: 0.345, green: 0.337, blue: 0.839)
    public static let purple = Color(red: 0.686, green: 0.322, blue: 0.871)
    public static let pink = Color(red: 1, green: 0.176, blue: 0.333)
    public static let brown = Color(red: 0.635, green: 0.518, blue: 0.369)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public static let primary = black
    public static let secondary = gray
    public static let accentColor = blue
}
