import Testing
import Text

@testable import Animation

/// `ContactSheet`'s size.
@Suite struct ContactSheetTests {
    /// Frames 15,000 pixels tall (a legal 390 × 5000 canvas at scale 3) are scaled to
    /// thumbnails at most 720 high, so 48 of them make a sheet within the image limits.
    @Test func tallFramesMakeASheetWithinTheLimits() throws {
        let sheet = try ContactSheet(frameWidth: 1170, frameHeight: 15_000, frameCount: 60, font: try Font.bundled())
        #expect(sheet.image.height <= 8 * (720 + 28) + 10)
        #expect(sheet.image.width <= 6 * (180 + 10) + 10)
        // Frames of the usual shape keep 180-pixel-wide thumbnails.
        let usual = try ContactSheet(frameWidth: 1170, frameHeight: 2532, frameCount: 12, font: try Font.bundled())
        #expect(usual.image.width == 6 * (180 + 10) + 10)
    }
}
