import ArgumentParser

// PLACEHOLDER — replaced by its issue.
struct FireTimeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "firetime")
    func run() async throws { throw ValidationError("not built yet") }
}
