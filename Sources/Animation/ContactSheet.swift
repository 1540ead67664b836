import Geometry
import Raster
import Text

/// A contact sheet: an animation's frames in a grid, each with its number and time, for reviews.
///
/// Frames are added one at a time as they are rendered and scaled into their cell at once, so
/// the sheet holds one image, never the frames. With more frames than `maximumThumbnails`, an
/// evenly spaced selection is shown, always including the first and the last frame.
public final class ContactSheet {
    /// The most frames a sheet shows.
    public static let maximumThumbnails = 48
    /// The widest a thumbnail is drawn, in pixels.
    public static let thumbnailWidth = 180.0
    /// The most a thumbnail is high, in pixels: four thumbnail widths.
    public static let maximumThumbnailHeight = 4 * thumbnailWidth
    /// Thumbnails per row at most.
    public static let columnsPerRow = 6

    /// The frame numbers shown, in order.
    public let shownFrames: [Int]
    private let canvas: Canvas
    private let cellSize: Size
    private let thumbnail: Size
    /// Thumbnail pixels per frame pixel.
    private let scale: Double
    /// The frame size the sheet was made for (the largest frame).
    private let frameWidth: Int
    private let frameHeight: Int
    private let columns: Int
    private let font: Font
    private static let padding = 10.0, labelHeight = 18.0
    private static let background = Color(red: 242, green: 242, blue: 247)
    private static let frameBorder = Color(red: 199, green: 199, blue: 204)
    private static let labelColor = Color(red: 60, green: 60, blue: 67)

    /// Prepares a sheet for `frameCount` frames of `frameWidth` × `frameHeight` pixels.
    ///
    /// - Throws: `RasterError` if the sheet would exceed the image limits (it cannot: a sheet is
    ///   at most 6 thumbnails of 180 pixels across and 8 of at most 720 down).
    public init(frameWidth: Int, frameHeight: Int, frameCount: Int, font: Font) throws {
        let count = min(max(frameCount, 1), ContactSheet.maximumThumbnails)
        shownFrames =
            frameCount <= ContactSheet.maximumThumbnails
            ? Array(0..<max(frameCount, 1))
            : (0..<count).map { k in Int((Double(k) * Double(frameCount - 1) / Double(count - 1)).rounded()) }
        // Tall frames are scaled to at most four thumbnail widths high, so that eight rows of
        // them stay within the image limits (frames 15,000 pixels tall made a sheet 18,700 high).
        let scale = min(
            1, ContactSheet.thumbnailWidth / Double(max(frameWidth, 1)),
            ContactSheet.maximumThumbnailHeight / Double(max(frameHeight, 1)))
        self.scale = scale
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        thumbnail = Size(
            width: (Double(frameWidth) * scale).rounded(), height: max(1, (Double(frameHeight) * scale).rounded()))
        columns = min(count, ContactSheet.columnsPerRow)
        let rows = (count + columns - 1) / columns
        cellSize = Size(
            width: thumbnail.width + ContactSheet.padding,
            height: thumbnail.height + ContactSheet.labelHeight + ContactSheet.padding)
        self.font = font
        canvas = try Canvas(
            width: Int(Double(columns) * cellSize.width + ContactSheet.padding),
            height: Int(Double(rows) * cellSize.height + ContactSheet.padding), background: ContactSheet.background)
    }

    /// Whether frame `index` appears on the sheet.
    public func shows(frame index: Int) -> Bool { shownFrames.contains(index) }

    /// Draws frame `index` (rendered at `time` seconds) into its cell, if the sheet shows it.
    public func add(_ image: Image, frame index: Int, time: Double) {
        guard let slot = shownFrames.firstIndex(of: index) else { return }
        let origin = Point(
            x: ContactSheet.padding + Double(slot % columns) * cellSize.width,
            y: ContactSheet.padding + Double(slot / columns) * cellSize.height)
        // A frame smaller than the sheet's (a rotation's) is drawn at the same scale, top-left.
        let box =
            image.width == frameWidth && image.height == frameHeight
            ? Rect(origin: origin, size: thumbnail)
            : Rect(
                origin: origin,
                size: Size(
                    width: max(1, (Double(image.width) * scale).rounded()),
                    height: max(1, (Double(image.height) * scale).rounded())))
        canvas.fillRect(box.insetBy(dx: -1, dy: -1), color: ContactSheet.frameBorder)
        canvas.fillRect(box, color: .white)
        canvas.draw(image, in: box)
        let label = "#\(index)  \(ContactSheet.formatTime(time)) s"
        if let layout = try? TextLayout(label, font: font, size: 11) {
            layout.draw(
                into: canvas, at: Point(x: origin.x, y: origin.y + thumbnail.height + 3), color: ContactSheet.labelColor
            )
        }
    }

    /// The sheet as drawn so far.
    public var image: Image { canvas.image }

    /// A time with three decimals: "0.333".
    static func formatTime(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
