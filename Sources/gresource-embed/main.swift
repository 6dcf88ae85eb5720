import FoundationEssentials

// Build tool of the GResourceCompiler plugin: turns the bundle glib-compile-resources wrote into
// a Swift file holding it as base64 text (a [UInt8] literal of the same size would cost the
// type checker seconds), which GtkSupport's `Resources.register(base64:)` decodes at start.
// Usage: gresource-embed <bundle.gresource> <output.swift> <swift constant name>
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    fatalError("usage: gresource-embed <bundle.gresource> <output.swift> <constant name>")
}
let bundle = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let text = """
    // Generated at build time by gresource-embed from \(arguments[1].split(separator: "/").last ?? ""); not checked in.
    let \(arguments[3]) = "\(bundle.base64EncodedString())"

    """
try Data(text.utf8).write(to: URL(fileURLWithPath: arguments[2]))
