import Glibc

// What libFuzzer calls with each input (scripts/fuzz builds this with -sanitize=fuzzer,address).
// One executable holds every target; OPENALARMKIT_FUZZ_TARGET names the one a run feeds.

private let selected: FuzzTarget = {
    let name = getenv("OPENALARMKIT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        let message = "openalarmkit-fuzz: OPENALARMKIT_FUZZ_TARGET must name a target: \(fuzzTargets.map(\.name).joined(separator: " "))\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// One parser of outside data, fed whatever bytes libFuzzer makes.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable (UnsafeRawBufferPointer) -> Void
}
