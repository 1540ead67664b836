import Foundation
import Raster
import Support
import TestSupport
import Testing

@testable import PNG

/// PNG files written through the atomic writer.
@Suite struct PNGFileTests {
    func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    @Test func pngFilesRoundTripAndFailuresNameThePath() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        var image = try Image(width: 3, height: 2, fill: PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 40))
        image[2, 1] = .clear
        let path = directory + "/image.png"
        try PNGEncoder.write(image, to: path)
        #expect(try PNGDecoder.read(contentsOf: path) == image)
        #expect(contents(path) == (try PNGEncoder.encode(image)))

        let missing = directory + "/no/such/dir/image.png"
        let error = pngError { try PNGEncoder.write(image, to: missing) }
        #expect(error == .file(FileError(.createTemporary, path: missing, code: ENOENT)))
        #expect(error?.description.contains(missing) == true)
    }
}
