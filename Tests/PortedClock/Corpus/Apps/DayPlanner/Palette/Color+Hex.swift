// Written for the porting corpus, in the shape of jihoonahn/withDay
// Projects/Shared/Designsystem/Sources/Extensions/Color+Hex.swift (studied at
// 7d2f9c9b1da5bfb9aa18c0a0bc6781fef19d30c5): a design system's colors from hex, in a file
// that uses SwiftUI for `Color` alone, so on Linux it imports AlarmKit in its place and
// finds `Scanner` and `trimmingCharacters(in:)` there too.
#if canImport(SwiftUI)
import SwiftUI
#else
import AlarmKit
#endif

extension Color {
    /// `#RRGGBB` (the `#` optional). Anything else is white, so that a typo shows on screen
    /// rather than vanishing.
    public init(hex: String, opacity: Double = 1.0) {
        let digits = hex.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "#", with: "")
        var packed: UInt64 = 0
        guard digits.count == 6, Scanner(string: digits).scanHexInt64(&packed) else {
            self.init(.sRGB, red: 1, green: 1, blue: 1, opacity: opacity)
            return
        }
        let component = { (shift: UInt64) in Double((packed >> shift) & 0xFF) / 255 }
        self.init(.sRGB, red: component(16), green: component(8), blue: component(0), opacity: opacity)
    }

    public static let plannerMorning = Color(hex: "#F4A259")
    public static let plannerNight = Color(hex: "#1F2A44", opacity: 0.9)
}
