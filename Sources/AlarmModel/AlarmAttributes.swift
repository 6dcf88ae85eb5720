/// App data carried with an alarm and handed back unchanged (at most 4 KiB encoded).
public protocol AlarmMetadata: Codable, Hashable, Sendable {}

/// How an alarm looks, and the app's metadata for it.
public struct AlarmAttributes<Metadata: AlarmMetadata>: Codable, Hashable, Sendable {
    public var presentation: AlarmPresentation
    public var metadata: Metadata?
    public var tintColor: Color

    public init(presentation: AlarmPresentation, metadata: Metadata? = nil, tintColor: Color) {
        self.presentation = presentation
        self.metadata = metadata
        self.tintColor = tintColor
    }

    /// AlarmKit's name for the live state of an alarm with these attributes.
    public typealias ContentState = AlarmPresentationState
}
