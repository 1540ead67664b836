import Geometry
import Testing

@testable import Raster

@Suite struct ImageDrawingTests {
    func checkerboard() throws -> Image {
        var img = try Image(width: 4, height: 4)
        for y in 0..<4 {
            for x in 0..<4 {
                img[x, y] =
                    (x + y) % 2 == 0
                    ? Color.red.premultiplied : Color(red: 0, green: 0, blue: 255, alpha: 128).premultiplied
            }
        }
        return img
    }

    @Test func identityDrawCopiesPixels() throws {
        let img = try checkerboard()
        let canvas = try Canvas(width: 4, height: 4)
        canvas.draw(img, in: Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(canvas.image == img)
    }

    @Test func translatedByWholePixelsStaysExact() throws {
        let img = try checkerboard()
        let canvas = try Canvas(width: 8, height: 8)
        canvas.draw(img, in: Rect(x: 0, y: 0, width: 4, height: 4), transform: Transform3D(translationX: 3, y: 2, z: 0))
        #expect(canvas.image[3, 2] == img[0, 0])
        #expect(canvas.image[6, 5] == img[3, 3])
        #expect(canvas.image[2, 2].alpha == 0)
    }

    @Test func perspectiveMakesTheFarSideSmaller() throws {
        let img = try Image(width: 8, height: 8, fill: Color.black.premultiplied)
        let canvas = try Canvas(width: 200, height: 200)
        // Rotate about the y axis around the image centre, seen from 300 px away.
        let t = Transform3D(translationX: -50, y: -50, z: 0)
            .concatenating(Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0))
            .concatenating(Transform3D(perspectiveEyeDistance: 300))
            .concatenating(Transform3D(translationX: 100, y: 100, z: 0))
        canvas.draw(img, in: Rect(x: 0, y: 0, width: 100, height: 100), transform: t)
        func columnHeight(_ x: Int) -> Int { (0..<200).filter { canvas.image[x, $0].alpha > 128 }.count }
        let left = (0..<200).first { columnHeight($0) > 0 }!
        let right = (0..<200).last { columnHeight($0) > 0 }!
        #expect(columnHeight(left + 2) != columnHeight(right - 2))
        #expect(canvas.image[100, 100].alpha == 255)
    }

    @Test func behindTheEyeIsClippedNotWrapped() throws {
        let img = try Image(width: 2, height: 2, fill: Color.black.premultiplied)
        let canvas = try Canvas(width: 50, height: 50)
        let t = Transform3D(rotationAngle: 1.5, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveEyeDistance: 10))
        canvas.draw(img, in: Rect(x: -100, y: -100, width: 200, height: 200), transform: t)
        #expect(canvas.width == 50)
    }
}

@Suite struct ImagePaddingTests {
    @Test func paddingPutsTheImageTopLeftOnTransparentPixels() throws {
        let red = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
        let image = try Image(width: 2, height: 3, fill: red)
        let padded = try image.padded(toWidth: 4, height: 4)
        #expect(padded.width == 4 && padded.height == 4)
        for y in 0..<4 {
            for x in 0..<4 {
                let i = (y * 4 + x) * 4
                let expected: [UInt8] = x < 2 && y < 3 ? [255, 0, 0, 255] : [0, 0, 0, 0]
                #expect(Array(padded.pixels[i..<i + 4]) == expected, "pixel (\(x), \(y))")
            }
        }
        #expect(try image.padded(toWidth: 2, height: 3) == image)
        #expect(try image.padded(toWidth: 1, height: 1).pixels == [255, 0, 0, 255])
    }
}
