import PNG
import Raster
import Support
import VisualTesting

/// The two frames the bench's changed-diff row compares: S1 (1170×2532), and S1 with a 172×172
/// block (29,584 pixels, 1.0 % of the frame) inverted.
///
/// `bench --write-diff-frames FOLDER` writes them out as raw RGBA, so that
/// `Tools/pixelmatch-anchors.mjs` can time pixelmatch on exactly these pixels.
public struct DiffFrames: Sendable {
    /// S1 as rendered.
    public let expected: StraightRGBAImage
    /// S1 with `changedBlock` inverted.
    public let changed: StraightRGBAImage

    /// The changed block: 172 × 172 pixels with their colours inverted.
    public static let changedBlock = PixelRect(minX: 100, minY: 1000, maxX: 272, maxY: 1172)

    /// The pixels that differ as `diff` counts them with its default options (pixelmatch's:
    /// YIQ threshold 0.1, anti-aliased pixels not counted).
    public let differentPixels: Int

    /// The names of the files `write(into:)` writes: each frame's straight RGBA bytes, row by row,
    /// and the frames' summary.
    public static let fileNames = (expected: "expected.rgba", changed: "changed.rgba", summary: "frames.json")

    /// The word in the name of the hidden folder `write(into:)` stages the files in.
    static let stagingStem = "diff-frames"

    /// Renders S1 and makes its changed copy.
    ///
    /// - Throws: `TextError` (the label font), `RasterError`.
    public init() throws {
        try self.init(frame: SceneReplayer().render(ReferenceScenes.grid()))
    }

    /// `frame` and its changed copy.
    init(frame: Image) throws {
        expected = StraightRGBAImage(frame)
        var pixels = expected.pixels
        let block = Self.changedBlock
        for y in block.minY..<block.maxY {
            for x in block.minX..<block.maxX {
                let k = (y * expected.width + x) * 4
                for c in 0..<3 { pixels[k + c] = 255 - pixels[k + c] }
            }
        }
        changed = try StraightRGBAImage(width: expected.width, height: expected.height, pixels: pixels)
        differentPixels = ImageComparator.compare(expected: expected, actual: changed).differentPixels
    }

    /// The JSON summary written beside the frames (`frames.json`): their size, file names, the
    /// changed block's pixels and the pixels that differ.
    public var summary: String {
        JSONWriter.object([
            ("width", String(expected.width)), ("height", String(expected.height)),
            ("expected", JSONWriter.string(Self.fileNames.expected)),
            ("changed", JSONWriter.string(Self.fileNames.changed)),
            ("changed_block_pixels", String(Self.changedBlock.width * Self.changedBlock.height)),
            ("different_pixels", String(differentPixels)),
        ]) + "\n"
    }

    /// Writes the frames and their summary into `folder`, together (`StagingFolder`: all three
    /// files or none replace what was there), first removing what a killed earlier run left.
    ///
    /// - Throws: `FileError` naming the file or folder at fault.
    public func write(into folder: String) throws(FileError) {
        StagingFolder.removeAbandoned(in: folder, stem: Self.stagingStem)
        let staging = try StagingFolder(in: folder, stem: Self.stagingStem)
        try staging.write(expected.pixels, named: Self.fileNames.expected)
        try staging.write(changed.pixels, named: Self.fileNames.changed)
        try staging.write(Array(summary.utf8), named: Self.fileNames.summary)
        try staging.commit()
    }
}
