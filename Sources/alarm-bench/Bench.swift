import ArgumentParser

/// Benchmarks: run from a release build (`scripts/bench`). Each prints its figures.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarm-bench",
        abstract: "Measure OpenAlarmKit's speed and memory against its goals.",
        subcommands: [FireTimeBench.self, SoundBench.self, SoundPathBench.self, StoreBench.self, DaemonBench.self, IntentBench.self, TableBench.self, MemoryBench.self])
}
