/// An asset-catalog color, in the shape of the `ColorResource` that Xcode generates for each
/// color set (`GeneratedAssetSymbols.swift`):
///
/// ```swift
/// extension ColorResource {
///     static let appSecondary = ColorResource(name: "AppSecondary", bundle: .module)
/// }
/// let tint = Color(.appSecondary)
/// ```
///
/// Linux has no asset compiler: write that extension (the generated file is not in the
/// source tree) and ship the `.xcassets` folder as it is, as a resource of the bundle
/// (`.copy("Assets.xcassets")`) or beside the executable.
public struct ColorResource: Hashable, Sendable {
    let name: String
    /// The bundle's folders, searched before the places `Color(_ name:)` looks.
    let folders: [String]

    public init(name: String, bundle: Bundle) {
        self.name = name
        self.folders = Color.folders(of: bundle)
    }
}

extension Color {
    /// The color of an asset-catalog resource: its color set in the bundle's asset catalogs,
    /// else as `Color(_ name:)` resolves the name.
    public init(_ resource: ColorResource) {
        self.init(named: resource.name, searchingFirst: resource.folders)
    }

    /// A named color looked up first in `bundle`'s asset catalogs, then as `Color(_ name:)`.
    public init(_ name: String, bundle: Bundle?) {
        self.init(named: name, searchingFirst: bundle.map(Self.folders(of:)) ?? [])
    }

    /// Where a bundle keeps its resources on Linux: its resource folder, then the bundle itself.
    static func folders(of bundle: Bundle) -> [String] {
        var folders: [String] = []
        for folder in [bundle.resourcePath, bundle.bundlePath].compactMap({ $0 }) where !folders.contains(folder) {
            folders.append(folder)
        }
        return folders
    }
}
