import Foundation
import Raster
import Support
import TestSupport
import Testing

@testable import PNG

/// APNG output: structure per the APNG spec, every frame recoverable, atomic.
@Suite struct APNGWriterTests {
    /// Three 5x4 frames: opaque, translucent, and with fully clear pixels.
    static func frames() throws -> [Image] {
        (0..<3).map { k in
            var image = try! Image(width: 5, height: 4)
            for y in 0..<4 {
                for x in 0..<5 {
                    let a = k == 0 ? 255 : k == 1 ? 128 : (x + y) % 2 == 0 ? 0 : 255
                    image[x, y] = premultiplied(x * 50, y * 60, 40 * k, a)
                }
            }
            return image
        }
    }

    func write(_ frames: [Image], to path: String, fps: Int = 30, loops: Int = 0) throws {
        let writer = try APNGWriter(path: path, width: 5, height: 4, framesPerSecond: fps, loopCount: loops)
        for frame in frames { try writer.append(frame) }
        #expect(writer.frameCount == frames.count)
        try writer.finish()
    }

    @Test func structureFollowsTheAPNGSpec() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/anim.png"
        try write(try Self.frames(), to: path, fps: 24, loops: 3)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let chunks = PNGChunk.entries(of: bytes)
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        func u32(_ offset: Int) -> UInt32 { PNGChunk.readBigEndian(bytes, at: offset) }
        let acTL = chunks[1].data
        #expect(u32(acTL.lowerBound) == 3 && u32(acTL.lowerBound + 4) == 3)
        // Sequence numbers 0...4 across fcTL and fdAT, in file order.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { u32($0.data.lowerBound) }
        #expect(sequence == [0, 1, 2, 3, 4])
        for control in chunks.filter({ $0.type == "fcTL" }) {
            let d = Array(bytes[control.data])
            #expect(d.count == 26)
            #expect(Array(d[4..<20]) == [0, 0, 0, 5, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0])  // 5x4 at (0, 0)
            #expect(Array(d[20..<26]) == [0, 1, 0, 24, 0, 0])  // 1/24 s, dispose NONE, blend SOURCE
        }
        // Every chunk's CRC is right (a plain decoder would reject the file otherwise).
        for chunk in chunks {
            #expect(
                CRC32.checksum(bytes[(chunk.data.lowerBound - 4)..<chunk.data.upperBound]) == u32(chunk.data.upperBound)
            )
        }
    }

    @Test func everyFrameDecodesExactly() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/anim.png"
        let frames = try Self.frames()
        try write(frames, to: path)
        // A plain PNG decoder sees the first frame.
        #expect(try PNGDecoder.read(contentsOf: path) == frames[0])
        // Each frame's data, rewrapped as a standalone PNG, decodes to that frame.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let chunks = PNGChunk.entries(of: bytes)
        let ihdr = Array(bytes[(chunks[0].data.lowerBound - 8)..<(chunks[0].data.upperBound + 4)])
        let frameData = chunks.filter { $0.type == "IDAT" || $0.type == "fdAT" }.map { chunk in
            chunk.type == "IDAT"
                ? Array(bytes[chunk.data]) : Array(bytes[(chunk.data.lowerBound + 4)..<chunk.data.upperBound])
        }
        #expect(frameData.count == 3)
        for (k, data) in frameData.enumerated() {
            let png = PNGHeader.signature + ihdr + PNGChunk.make("IDAT", data) + PNGChunk.make("IEND", [])
            #expect(try PNGDecoder.decode(png) == frames[k], "frame \(k)")
        }
    }

    @Test func outputIsDeterministic() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        try write(try Self.frames(), to: directory + "/a.png")
        try write(try Self.frames(), to: directory + "/b.png")
        #expect(
            FileManager.default.contents(atPath: directory + "/a.png")
                == FileManager.default.contents(atPath: directory + "/b.png"))
    }

    @Test func unfinishedOrFailedWritersLeaveTheOldFile() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/anim.png"
        try AtomicFile.write(Array("old".utf8), to: path)
        do {
            let writer = try APNGWriter(path: path, width: 5, height: 4, framesPerSecond: 30)
            try writer.append(try Self.frames()[0])
            // Dropped without finish().
        }
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["anim.png"])

        let writer = try APNGWriter(path: path, width: 5, height: 4, framesPerSecond: 30)
        let wrongSize = try Image(width: 4, height: 4)
        #expect(
            pngError { try writer.append(wrongSize) }
                == .invalidImage(reason: "frame 0 is 4x4 but the animation is 5x4"))
        writer.discard()
        #expect(pngError { try writer.append(try Self.frames()[0]) } != nil)
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["anim.png"])

        let empty = try APNGWriter(path: path, width: 5, height: 4, framesPerSecond: 30)
        let error = pngError { try empty.finish() }
        #expect(error == .encodingFailed(reason: "an APNG needs at least one frame; '\(path)' was not written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["anim.png"])
    }

    @Test func badParametersThrow() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/anim.png"
        #expect(
            pngError { _ = try APNGWriter(path: path, width: 5, height: 4, framesPerSecond: 0) }
                == .invalidOptions("frames per second 0 is outside 1...65535"))
        #expect(
            pngError { _ = try APNGWriter(path: path, width: 5, height: 4, framesPerSecond: 30, loopCount: -1) }
                == .invalidOptions("loop count -1 is outside 0...4294967295"))
        if case .invalidImage = pngError({
            _ = try APNGWriter(path: path, width: 100_000, height: 100_000, framesPerSecond: 30)
        }) {
        } else {
            Issue.record("expected invalidImage")
        }
        let missing = directory + "/missing/anim.png"
        #expect(
            pngError { _ = try APNGWriter(path: missing, width: 5, height: 4, framesPerSecond: 30) }
                == .file(FileError(.createTemporary, path: missing, code: ENOENT)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }
}
