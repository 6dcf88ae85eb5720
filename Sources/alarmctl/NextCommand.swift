import ArgumentParser

// PLACEHOLDER — replaced by its issue.
struct NextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "next")
    func run() async throws { throw ValidationError("not built yet") }
}
