import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

// Build tool of the GResourceCompiler plugin: runs glib-compile-resources on a target's
// ui/*.gresource.xml and writes the bundle into a Swift file as base64 text (a [UInt8] literal
// of the same size would cost the type checker seconds), which GtkSupport's
// `Resources.register(base64:)` decodes at start. One step, so the plugin declares the Swift
// file as its only output: a declared .gresource output would become a SwiftPM resource, and
// its generated `Bundle.module` accessor would link Foundation (and ICU) into the app.
// Usage: gresource-embed <glib-compile-resources> <source dir> <manifest.xml> <output.swift> <constant>
let arguments = CommandLine.arguments
guard arguments.count == 6 else {
    fatalError("usage: gresource-embed <glib-compile-resources> <source dir> <manifest.xml> <output.swift> <constant name>")
}
let (compiler, sourceDirectory, manifest, output, constant) = (arguments[1], arguments[2], arguments[3], arguments[4], arguments[5])
let bundlePath = output + ".gresource"

let command = [compiler, "--sourcedir", sourceDirectory, "--target", bundlePath, manifest]
var pid: pid_t = 0
let argv = command.map { strdup($0) } + [nil]
defer { argv.forEach { free($0) } }
guard posix_spawn(&pid, compiler, nil, nil, argv, environ) == 0 else { fatalError("gresource-embed: cannot run \(compiler)") }
var status: Int32 = 0
while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
guard status == 0 else { fatalError("gresource-embed: \(command.joined(separator: " ")) failed (status \(status))") }

let bundle = try Data(contentsOf: URL(fileURLWithPath: bundlePath))
let text = """
    // Generated at build time by gresource-embed from \(manifest.split(separator: "/").last ?? ""); not checked in.
    let \(constant) = "\(bundle.base64EncodedString())"

    """
try Data(text.utf8).write(to: URL(fileURLWithPath: output))
