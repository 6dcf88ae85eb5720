import LinuxSupport

/// Cells laid out in columns two spaces apart, each column as wide as its widest cell in
/// terminal cells (`displayWidth`, as `padded(to:)` counts), the last column not padded: `alarmctl list`'s
/// table. Written into one buffer: padding and joining each cell as a String of its own cost
/// more than reading the alarms did.
enum ColumnText {
    /// `columns[column][row]`; every column has the same number of rows. UTF-8, no final newline.
    static func render(columns: [[String]]) -> [UInt8] {
        guard let rowCount = columns.first?.count, rowCount > 0 else { return [] }
        let padded = columns.count - 1
        // Each padded cell's width, counted once; the output's exact size (bytes plus padding).
        var counts = [Int](repeating: 0, count: padded * rowCount)
        var widths = [Int](repeating: 0, count: padded)
        var size = rowCount - 1  // newlines
        for column in 0..<padded {
            for row in 0..<rowCount {
                let count = columns[column][row].displayWidth
                counts[column * rowCount + row] = count
                widths[column] = max(widths[column], count)
                size += columns[column][row].utf8.count - count
            }
            size += rowCount * (widths[column] + 2)
        }
        for row in 0..<rowCount { size += columns[padded][row].utf8.count }
        // One byte more, for the newline `list` appends.
        return [UInt8](unsafeUninitializedCapacity: size + 1) { out, initialized in
            var at = 0
            for row in 0..<rowCount {
                if row > 0 {
                    out[at] = 0x0A
                    at += 1
                }
                for column in 0...padded {
                    let cell = columns[column][row]
                    at += cell.utf8.withContiguousStorageIfAvailable { utf8 in
                        _ = UnsafeMutableBufferPointer(rebasing: out[at...]).initialize(from: utf8)
                        return utf8.count
                    } ?? copy(cell, to: UnsafeMutableBufferPointer(rebasing: out[at...]))
                    guard column < padded else { continue }
                    let spaces = widths[column] - counts[column * rowCount + row] + 2
                    UnsafeMutableBufferPointer(rebasing: out[at..<at + spaces]).initialize(repeating: 0x20)
                    at += spaces
                }
            }
            initialized = at
        }
    }

    private static func copy(_ text: String, to out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in text.utf8 {
            out[count] = byte
            count += 1
        }
        return count
    }
}
