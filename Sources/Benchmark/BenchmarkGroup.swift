/// A part of `collection-preview bench` that can be run on its own (`bench --only s2,png`).
public enum BenchmarkGroup: String, CaseIterable, Sendable {
    /// Reference scene S1 (the grid) at the raster level.
    case s1
    /// Reference scene S2 (rotated translucent cells) at the raster level.
    case s2
    /// Reference scene S3 (60 animation frames) at the raster level.
    case s3
    /// PNG encoding of the S1 frame.
    case png
    /// Comparing S1 frames, identical and changed.
    case diff
    /// Flow and waterfall layout: preparing a million items and querying a screen.
    case layout
    /// `animate` end to end: 60 frames to PNG files, and the memory of 600 frames.
    case animate

    /// The reference scene this group renders, if it is one of S1–S3.
    public var sceneName: String? {
        switch self {
        case .s1: "S1"
        case .s2: "S2"
        case .s3: "S3"
        case .png, .diff, .layout, .animate: nil
        }
    }
}
