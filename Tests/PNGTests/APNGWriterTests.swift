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

    /// Comparing refuses an APNG (its default image alone would be compared); a still PNG of the
    /// same frame decodes.
    @Test func anAnimatedPNGIsNotAStillImageToCompare() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/anim.png"
        try write(try Self.frames(), to: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(PNGDecoder.isAnimated(bytes))
        #expect(throws: PNGError.animated) { try PNGDecoder.decodeStillStraight(bytes) }
        #expect(throws: PNGError.inFile(path: path, error: .animated)) {
            try PNGDecoder.readStillStraight(contentsOf: path)
        }
        // The plain decoder still gives the default image.
        #expect(try PNGDecoder.decodeStraight(bytes).width == 5)
        let still = try PNGEncoder.encode(try Self.frames()[0])
        #expect(!PNGDecoder.isAnimated(still))
        #expect(try PNGDecoder.decodeStillStraight(still) == PNGDecoder.decodeStraight(still))
    }

    @Test func everyFrameDecodesExactly() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/anim.png"
        let frames = try Self.frames()
        try write(frames, to: path)
        // A plain PNG decoder sees the first frame.
        #expect(try PNGDecoder.read(contentsOf: path) == frames[0])
        // Composed as the APNG specification says, every frame is the image appended.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try APNGFrames.decode(bytes) == frames)
    }

    /// After the first frame, a frame carries only the smallest rectangle in which it differs
    /// from the one before, at its offset; a frame equal to the one before carries one pixel.
    @Test func laterFramesCarryOnlyWhatChanged() throws {
        var base = try Image(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 { base[x, y] = premultiplied(x * 6, y * 8, 90, x < 20 ? 255 : 100) }
        }
        var block = base
        for y in 7..<11 {
            for x in 10..<15 { block[x, y] = premultiplied(255, 0, 0, (x + y) % 3 == 0 ? 0 : 200) }
        }
        block[12, 9] = base[12, 9]  // inside the block: the rectangle stays 10..<15 x 7..<11
        var corners = block
        corners[0, 0] = .clear
        corners[39, 29] = premultiplied(1, 2, 3)
        var alphaOnly = corners
        alphaOnly[25, 20] = premultiplied(0, 0, 0, 0)
        let frames = [base, block, block, corners, alphaOnly]
        let folder = try TemporaryFolder()
        let writer = try APNGWriter(path: folder.path + "/anim.png", width: 40, height: 30, framesPerSecond: 10)
        for frame in frames { try writer.append(frame) }
        try writer.finish()
        let bytes = try #require(folder.bytes("anim.png"))
        #expect(
            try APNGFrames.controls(bytes).map(\.region) == [
                PixelRect(minX: 0, minY: 0, maxX: 40, maxY: 30), PixelRect(minX: 10, minY: 7, maxX: 15, maxY: 11),
                PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1), PixelRect(minX: 0, minY: 0, maxX: 40, maxY: 30),
                PixelRect(minX: 25, minY: 20, maxX: 26, maxY: 21),
            ])
        #expect(try APNGFrames.controls(bytes).allSatisfy { $0.dispose == 0 && $0.blend == 0 })
        #expect(try APNGFrames.decode(bytes) == frames)
    }

    /// Random frames, each changing a few random rectangles of the one before (or nothing):
    /// the file shows every frame exactly, and each region is the smallest that does (every
    /// one of its four edges holds a pixel that changed).
    @Test func randomChangesComposeToEveryFrame() throws {
        var rng = SplitMix64(seed: 21)
        let width = 23, height = 17
        var frame = try Image(width: width, height: height)
        var frames: [Image] = []
        for _ in 0..<40 {
            for _ in 0..<Int(rng.next() % 3) {
                let x0 = Int(rng.next() % UInt64(width)), y0 = Int(rng.next() % UInt64(height))
                let x1 = x0 + 1 + Int(rng.next() % UInt64(width - x0)),
                    y1 = y0 + 1 + Int(rng.next() % UInt64(height - y0))
                let a = Int(rng.next() % 256)
                let color = premultiplied(Int(rng.next() % 256), Int(rng.next() % 256), Int(rng.next() % 256), a)
                for y in y0..<y1 {
                    for x in x0..<x1 { frame[x, y] = color }
                }
            }
            frames.append(frame)
        }
        // The draws give both kinds of frame: some equal to the one before, most not.
        #expect((1..<frames.count).contains { frames[$0] == frames[$0 - 1] })
        #expect((1..<frames.count).filter { frames[$0] != frames[$0 - 1] }.count > 20)
        let folder = try TemporaryFolder()
        let writer = try APNGWriter(path: folder.path + "/anim.png", width: width, height: height, framesPerSecond: 30)
        for frame in frames { try writer.append(frame) }
        try writer.finish()
        let bytes = try #require(folder.bytes("anim.png"))
        #expect(try APNGFrames.decode(bytes) == frames)
        let regions = try APNGFrames.controls(bytes).map(\.region)
        #expect(regions.count == frames.count)
        for k in 1..<frames.count where frames[k] != frames[k - 1] {
            let r = regions[k]
            func changed(_ x: Int, _ y: Int) -> Bool { frames[k][x, y] != frames[k - 1][x, y] }
            #expect((r.minX..<r.maxX).contains { changed($0, r.minY) }, "frame \(k)")
            #expect((r.minX..<r.maxX).contains { changed($0, r.maxY - 1) }, "frame \(k)")
            #expect((r.minY..<r.maxY).contains { changed(r.minX, $0) }, "frame \(k)")
            #expect((r.minY..<r.maxY).contains { changed(r.maxX - 1, $0) }, "frame \(k)")
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
