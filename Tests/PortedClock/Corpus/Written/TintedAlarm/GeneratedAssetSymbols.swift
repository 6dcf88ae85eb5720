// Written for the porting corpus: the color symbol Xcode generates for the asset catalog's
// AppSecondary color set (DerivedSources/GeneratedAssetSymbols.swift, not in an app's source
// tree), written out as a porter does on Linux: the same extension, with `ColorResource`
// unqualified where Xcode writes `DeveloperToolsSupport.ColorResource`.
import AlarmKit

#if SWIFT_PACKAGE
private let resourceBundle = Foundation.Bundle.module
#else
private class ResourceBundleClass {}
private let resourceBundle = Foundation.Bundle(for: ResourceBundleClass.self)
#endif

extension ColorResource {

    /// The "AppSecondary" asset catalog color resource.
    static let appSecondary = ColorResource(name: "AppSecondary", bundle: resourceBundle)

}
