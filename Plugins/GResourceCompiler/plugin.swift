import Foundation
import PackagePlugin

/// Compiles a target's `ui/*.gresource.xml` (GtkBuilder files, CSS) with glib-compile-resources
/// and embeds the bundle as a generated Swift file, at build time: the .ui files stay the only
/// checked-in form, and SwiftPM reruns this when any of them changes. (docs/GUI.md says why not
/// a C target of `--generate-source` output or SwiftPM resources.)
@main
struct GResourceCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let ui = target.directoryURL.appending(path: "ui")
        let files = try FileManager.default.contentsOfDirectory(at: ui, includingPropertiesForKeys: nil)
        guard let manifest = files.first(where: { $0.lastPathComponent.hasSuffix(".gresource.xml") }) else { return [] }
        let inputs = files.filter { !$0.hasDirectoryPath }
        let bundle = context.pluginWorkDirectoryURL.appending(path: "ui.gresource")
        let swift = context.pluginWorkDirectoryURL.appending(path: "CompiledResources.swift")
        return [
            .buildCommand(
                displayName: "glib-compile-resources \(manifest.lastPathComponent)",
                executable: try Self.onPath("glib-compile-resources"),
                arguments: ["--sourcedir", ui.path, "--target", bundle.path, manifest.path],
                inputFiles: inputs, outputFiles: [bundle]),
            .buildCommand(
                displayName: "Embedding \(bundle.lastPathComponent)",
                executable: try context.tool(named: "gresource-embed").url,
                arguments: [bundle.path, swift.path, "compiledResources"],
                inputFiles: [bundle], outputFiles: [swift]),
        ]
    }

    /// A system tool (libglib2.0-dev-bin), looked up on PATH as a shell would.
    static func onPath(_ tool: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appending(path: tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw PluginFailure(message: "\(tool) is not on PATH: install libglib2.0-dev-bin (scripts/setup)")
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
