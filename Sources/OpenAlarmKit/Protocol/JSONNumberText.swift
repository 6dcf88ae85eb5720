/// A JSON number's text as a Double, correctly rounded, so exactly what JSONDecoder gives.
///
/// Most numbers in the protocol (durations, color components like 0.478, dates, most with a
/// fraction) have digits that, read as an integer, stay below 2^53, and a small exponent: that
/// integer and the power of ten are then both exact Doubles, and one correctly rounded division or
/// multiplication gives the correctly rounded result (Clinger's fast path). Anything else
/// (17-digit fractional dates, huge exponents) goes to Swift's own correctly rounded parser.
enum JSONNumberText {
    /// `text` is a number that matched JSON's grammar.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var inFraction = false
        scan: while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if significand != 0 || byte != UInt8(ascii: "0") { significantDigits += 1 }
                // 19 digits always fit; past that, the slow path decides anyway.
                if significantDigits <= 19 { significand = significand &* 10 &+ UInt64(byte - UInt8(ascii: "0")) }
                if inFraction { exponent -= 1 }
            case UInt8(ascii: "."):
                inFraction = true
            default:
                break scan  // e or E
            }
            index += 1
        }
        let hasExponent = index < text.count
        if hasExponent {
            // The exponent's digits; a long one leaves the fast path's range either way.
            index += 1
            var sign = 1
            if text[index] == UInt8(ascii: "-") { sign = -1 }
            if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            var written = 0
            while index < text.count {
                if written < 10_000 { written = written * 10 + Int(text[index] - UInt8(ascii: "0")) }
                index += 1
            }
            exponent += sign * written
        }
        // JSONDecoder refuses a number that rounds to zero (and, by a quirk, some zeros with an
        // exponent, such as -0.0e5): a zero that is not plainly written is left to it.
        if significand == 0 && hasExponent { return nil }
        if significantDigits <= 19, significand <= 1 << 53, (-22...22).contains(exponent) {
            var value = Double(significand)
            if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value != 0 else { return nil }
        return value
    }

    /// 1e0 through 1e22: every one an exact Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
