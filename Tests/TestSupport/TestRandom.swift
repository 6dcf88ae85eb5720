import Foundation
import Testing

/// The random inputs of a test (damaged files, garbage bytes, kill moments) from a seed that is
/// printed, so that a failure seen once can be run again with the same inputs:
///
///     OPENALARMKIT_TEST_SEED=0x5eed… swift test --filter DamagedFilesTests
///
/// Without that variable each run draws a fresh seed (and so keeps exploring new inputs).
/// SplitMix64: small, fast, and the same sequence on every machine.
public struct TestRandom: RandomNumberGenerator, Sendable, CustomStringConvertible {
    public let seed: UInt64
    private var state: UInt64

    /// Prints the seed with the running test's name, and how to run that test again with it.
    public init(fileID: String = #fileID, function: String = #function) {
        let given = ProcessInfo.processInfo.environment["OPENALARMKIT_TEST_SEED"].flatMap(Self.parse)
        seed = given ?? UInt64.random(in: .min ... .max)
        state = seed
        // The test's own ID ("AlarmDaemonTests.DamagedWALTests/aGarbageWALIsSetAsideAndReported()")
        // is what `swift test --filter` takes.
        let test = Test.current.map { "\($0.id.moduleName).\($0.id.nameComponents.joined(separator: "/"))" } ?? "\(fileID) \(function)"
        print("\(test): random inputs from seed \(Self.hex(seed))"
            + (given == nil ? " (replay: OPENALARMKIT_TEST_SEED=\(Self.hex(seed)) swift test --filter '\(test)')" : " (given by OPENALARMKIT_TEST_SEED)"))
    }

    /// A fixed seed: the same inputs every run.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int, in range: ClosedRange<UInt8> = 0...255) -> Data {
        Data((0..<count).map { _ in UInt8.random(in: range, using: &self) })
    }

    /// "seed 0x…", for a failure's message.
    public var description: String { "seed \(Self.hex(seed))" }

    static func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

    static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.hasPrefix("0x") ? UInt64(trimmed.dropFirst(2), radix: 16) : UInt64(trimmed)
    }
}
