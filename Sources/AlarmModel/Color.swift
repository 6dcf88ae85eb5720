/// A portable sRGB color for tints and button text, with the names of SwiftUI's `Color` that
/// AlarmKit code builds a tint with: the system colors (`.orange`, `Color.blue`),
/// `Color(red:green:blue:opacity:)`, `Color(.sRGB, red:...)`, `Color(white:)` and
/// `.opacity(_:)`. Its public members are SwiftUI's names only, so an app's own extensions
/// (a `Color(hex:)`, say) keep meaning what they mean on Apple platforms.
public struct Color: Codable, Hashable, Sendable, CustomStringConvertible {
    // sRGB components, gamma-encoded, as stored and sent; 0 to 1 once bounds-checked.
    package var red: Double
    package var green: Double
    package var blue: Double
    package var opacity: Double

    /// SwiftUI's color spaces for `Color(_:red:green:blue:opacity:)` and `Color(_:white:opacity:)`.
    public enum RGBColorSpace: Hashable, Sendable {
        /// The sRGB color space: components as stored.
        case sRGB
        /// sRGB primaries with linear components.
        case sRGBLinear
        /// Display P3: converted to sRGB, a color outside sRGB's gamut clipped to its edge.
        case displayP3
    }

    /// A color from its components in `colorSpace` (sRGB unless given).
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        switch colorSpace {
        case .sRGB:
            (self.red, self.green, self.blue) = (red, green, blue)
        case .sRGBLinear:
            (self.red, self.green, self.blue) = (Self.encoded(red), Self.encoded(green), Self.encoded(blue))
        case .displayP3:
            // Display P3 shares sRGB's transfer curve; its primaries differ (the matrix is
            // linear P3 to linear sRGB, both with the D65 white point).
            let (r, g, b) = (Self.decoded(red), Self.decoded(green), Self.decoded(blue))
            let clip = { (value: Double) in Self.encoded(min(max(value, 0), 1)) }
            self.red = clip(1.224_940_2 * r - 0.224_940_2 * g)
            self.green = clip(-0.042_056_9 * r + 1.042_056_9 * g)
            self.blue = clip(-0.019_637_6 * r - 0.078_636_1 * g + 1.098_273_7 * b)
        }
        self.opacity = opacity
    }

    /// A gray with the given white level, 0 black to 1 white.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// This color with its opacity multiplied by `opacity`, as SwiftUI's modifier does:
    /// `Color.purple.opacity(0.15)`.
    public func opacity(_ opacity: Double) -> Color {
        var faded = self
        faded.opacity *= opacity
        return faded
    }

    /// `#RRGGBBAA`, as SwiftUI describes a color given by its components.
    public var description: String {
        "#" + [red, green, blue, opacity].map(Self.byte).joined()
    }

    /// `#RRGGBB` or `#RRGGBBAA`; nil for anything else. What people write in a setting.
    package init?(hex: String) {
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
    package var hex: String {
        "#" + [red, green, blue].map(Self.byte).joined() + (opacity < 1 ? Self.byte(opacity) : "")
    }

    private static func byte(_ component: Double) -> String {
        let value = Int((min(max(component.isNaN ? 0 : component, 0), 1) * 255).rounded())
        return (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true)
    }

    // The sRGB transfer curve (IEC 61966-2-1), both ways: x^(1/2.4) = (x^5)^(1/12) and
    // x^2.4 = x^2 * (x^2)^(1/5), so that the model needs no C math library.
    private static func encoded(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * root(linear * linear * linear * linear * linear, 12) - 0.055
    }

    private static func decoded(_ encoded: Double) -> Double {
        guard encoded > 0.040_45 else { return encoded / 12.92 }
        let squared = ((encoded + 0.055) / 1.055) * ((encoded + 0.055) / 1.055)
        return squared * root(squared, 5)
    }

    /// The positive `n`th root of a positive `value`: Newton's method from above, which
    /// decreases to the root.
    private static func root(_ value: Double, _ n: Int) -> Double {
        var guess = max(value, 1)
        for _ in 0..<200 {
            var power = 1.0
            for _ in 1..<n { power *= guess }
            let next = (Double(n - 1) * guess + value / power) / Double(n)
            if next >= guess { break }
            guess = next
        }
        return guess
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
