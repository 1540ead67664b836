import Geometry
import Raster

/// A reference scene: a canvas size and one or more frames of operations.
public struct ReferenceScene: Sendable {
    /// The scene's name (S1, S2, S3).
    public let name: String
    /// A one-line description.
    public let summary: String
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// The frames, each a list of operations.
    public let frames: [[DrawOperation]]
}
