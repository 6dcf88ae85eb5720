import ArgumentParser

// PLACEHOLDER — replaced by its issue.
struct SoundBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sound")
    func run() async throws { throw ValidationError("not built yet") }
}
