import ArgumentParser

// PLACEHOLDER — replaced by its issue.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notify")
    func run() async throws { throw ValidationError("not built yet") }
}
