import Foundation

/// The rows the link decides (docs/BUILD.md): what `alarmctl --version` costs, which is
/// nearly all exec, loader and relocation work, and the size of the package and of the
/// binary's code and relocation tables. No peer: these compare one link with another.
struct BinaryRows {
    /// The .deb that scripts/package made from this build (scripts/bench passes it).
    let deb: String?
    let scratch: String
    let runs: Int

    func add(to table: Table) throws {
        let alarmctl = SoundBench.sibling("alarmctl")
        let results = Results()
        // A 3 ms command, and the kernel charges CPU by scheduler tick: one run reads 0 or 4 ms
        // here, so the median means nothing and the mean of many runs is the figure.
        let count = max(runs * 20, 100)
        for _ in 0..<count { results.add("version", try MeasuredProcess.run([alarmctl, "--version"], scratch: scratch)) }
        let cpu = results.cpu("version").values
        let mean = cpu.reduce(0, +) / Double(max(cpu.count, 1))
        table.add("`alarmctl --version`: CPU, peak RSS", peer: "—",
                  ours: String(format: "%.2f ms CPU (mean of %d runs), peak RSS %@ MiB", mean, count, results.peakMiB("version")),
                  goal: "none: start-up as the link leaves it")

        let sections = try sectionSizes(alarmctl)
        func kib(_ name: String) -> String { sections[name].map { String(format: $0 < 10240 ? "%.1f KiB" : "%.0f KiB", Double($0) / 1024) } ?? "none" }
        let code = String(format: "%.1f MiB", Double(sections[".text"] ?? 0) / 1_048_576)
        let binary = "code \(code), relocations .rela.dyn \(kib(".rela.dyn")) + .relr.dyn \(kib(".relr.dyn"))"
        guard let deb else {
            table.add("package and binary size", peer: "—", ours: "no .deb (pass --deb); " + binary, goal: ".deb ≤ 12 MB")
            return
        }
        var info = stat()
        guard stat(deb, &info) == 0 else { throw BenchError("no package at \(deb): run scripts/package") }
        table.add("package and binary size", peer: "—", ours: String(format: ".deb %.2f MiB; ", Double(info.st_size) / 1_048_576) + binary,
                  goal: ".deb ≤ 12 MB")
    }

    /// Section name -> size in bytes, from `readelf -SW`.
    private func sectionSizes(_ binary: String) throws -> [String: Int] {
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = ["-SW", binary]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("readelf -SW \(binary) failed") }
        var sizes: [String: Int] = [:]
        // "  [12] .rela.dyn  RELA  0000000000001234 001234 0a1b2c 18   A  4   0  8"
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let close = line.firstIndex(of: "]") else { continue }
            let fields = line[line.index(after: close)...].split(separator: " ")
            guard fields.count >= 5, let size = Int(fields[4], radix: 16) else { continue }
            sizes[String(fields[0])] = size
        }
        return sizes
    }
}
