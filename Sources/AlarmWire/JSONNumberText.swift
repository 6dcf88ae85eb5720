/// A JSON number as a Double, correctly rounded, so exactly what JSONDecoder gives, read in the
/// same pass that checks it against JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
/// (Swift's own parsers accept more: `+1`, `1.`, `.5`, `0x1p3`, `inf`).
///
/// Most numbers in the protocol (durations, color components like 0.478, dates, most with a
/// fraction) have digits that, read as an integer, stay below 2^53, and a small exponent: that
/// integer and the power of ten are then both exact Doubles, and one correctly rounded division or
/// multiplication gives the correctly rounded result (Clinger's fast path). Anything else
/// (17-digit fractional dates, huge exponents) goes to Swift's own correctly rounded parser.
enum JSONNumberText {
    /// The number starting at `start`: its value and where it ends; nil when it is not a JSON
    /// number or JSONDecoder would refuse it (out of range, or a zero it does not take).
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (value: Double, end: Int)? {
        var index = start
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0

        @inline(__always) func digit(at index: Int) -> UInt8? {
            guard index < bytes.count else { return nil }
            let digit = bytes[index] &- UInt8(ascii: "0")
            return digit < 10 ? digit : nil
        }
        @inline(__always) func accumulate(_ digit: UInt8) {
            if significand != 0 || digit != 0 { significantDigits += 1 }
            // 19 digits always fit; past that, the slow path decides (and `exponent` no longer
            // matters).
            if significantDigits <= 19 { significand = significand &* 10 &+ UInt64(digit) }
        }

        guard let first = digit(at: index) else { return nil }
        index += 1
        if first == 0 {
            if digit(at: index) != nil { return nil }  // a leading zero
        } else {
            accumulate(first)
            while let next = digit(at: index) {
                accumulate(next)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(at: index) != nil else { return nil }
            while let next = digit(at: index) {
                accumulate(next)
                exponent -= 1
                index += 1
            }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            index += 1
            var sign = 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                if bytes[index] == UInt8(ascii: "-") { sign = -1 }
                index += 1
            }
            guard digit(at: index) != nil else { return nil }
            var written = 0
            while let next = digit(at: index) {
                // A long exponent leaves the fast path's range either way.
                if written < 100_000 { written = written * 10 + Int(next) }
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
            return (negative ? -value : value, index)
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
            value.isFinite, value != 0
        else { return nil }
        return (value, index)
    }

    /// 1e0 through 1e22: every one an exact Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
