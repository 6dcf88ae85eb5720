// SwiftUI's Color members that AlarmKit code builds a tint with, through `import OpenAlarmKit`
// alone, and what each gives (components read back from `description`, `#RRGGBBAA`).
import OpenAlarmKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct SwiftUIColorTests {
    @Test func opacityMultipliesAsSwiftUIsModifierDoes() {
        // `.opacity(_:)` is the modifier, not a stored property in the way.
        #expect(Color.purple.opacity(0.15).description == "#AF52DE26")
        #expect(Color.purple.opacity(0.5).opacity(0.5) == Color.purple.opacity(0.25))
        #expect(Color(red: 1, green: 0, blue: 0, opacity: 0.5).opacity(0.5).description == "#FF000040")
        let tint: Color = .white.opacity(0.8)
        #expect(tint.description == "#FFFFFFCC")
        #expect(Color.clear.opacity(1) == .clear)
    }

    @Test func whiteAndColorSpacesGiveSRGB() {
        #expect(Color(white: 0.2).description == "#333333FF")
        #expect(Color(white: 1, opacity: 0.5) == Color(red: 1, green: 1, blue: 1, opacity: 0.5))
        #expect(Color(.sRGB, red: 0.2, green: 0.4, blue: 0.6, opacity: 1) == Color(red: 0.2, green: 0.4, blue: 0.6))
        // Linear 0.5 is sRGB's 188 (0.7354); linear 0 and 1 are the ends.
        #expect(Color(.sRGBLinear, red: 0.5, green: 0, blue: 1).description == "#BC00FFFF")
        #expect(Color(.sRGBLinear, white: 0.5).description == "#BCBCBCFF")
        // Display P3 converted to sRGB; grays stay grays, P3's own red is clipped to sRGB's.
        #expect(Color(.displayP3, red: 0.8, green: 0.4, blue: 0.2).description == "#DB5E1FFF")
        #expect(Color(.displayP3, white: 0.5).description == "#808080FF")
        #expect(Color(.displayP3, red: 1, green: 0, blue: 0).description == "#FF0000FF")
    }

    @Test func descriptionIsTheComponentsInHex() {
        #expect(Color.orange.description == "#FF9500FF")
        #expect(Color.clear.description == "#00000000")
        #expect("\(Color(red: 0.0039, green: 0.5, blue: 1))" == "#0180FFFF")
    }

    @Test func aP3TintOutsideSRGBIsClippedToIt() {
        // alarmd keeps each component 0 to 1: P3's (1, 0.2, 0) lies outside sRGB and is clipped.
        let attributes = AlarmAttributes<ColorMetadata>(
            presentation: AlarmPresentation(alert: .init(title: "Tint")), tintColor: Color(.displayP3, red: 1, green: 0.2, blue: 0).opacity(0.9))
        #expect(attributes.tintColor.description == "#FF0000E6")
    }
}

struct ColorMetadata: AlarmMetadata {}
