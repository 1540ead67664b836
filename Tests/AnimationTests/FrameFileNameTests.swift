import Animation
import Foundation
import Testing

/// Frame file names: the ones `animate` writes and `test` looks for.
@Test func frameFileNamesArePaddedAndParsed() {
    #expect(FrameFileName.name(3, frameCount: 60) == "frame_0003.png")
    #expect(FrameFileName.stem(12_345, frameCount: 20_000) == "frame_12345")
    #expect(FrameFileName.stem(7, frameCount: 20_000) == "frame_00007")
    #expect(FrameFileName.parse("frame_0003.png")! == (3, 4))
    #expect(FrameFileName.parse("frame_00007")! == (7, 5))
    #expect(FrameFileName.parse("frame_.png") == nil && FrameFileName.parse("frame_1a.png") == nil)
    #expect(FrameFileName.parse("shot_0001.png") == nil)
}

/// The frames an animation does not use: numbers past its end, names of another digit count
/// (an earlier run of 10,000 frames or more), but never a folder or a file of another name.
@Test func framesAnAnimationDoesNotUseAreFound() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder + "/frame_0009.png", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in [
        "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_00001.png", "notes.png", "frame_0003.txt",
    ] {
        #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
    }
    #expect(FrameFileName.unused(in: folder, frameCount: 2) == ["frame_00001.png", "frame_0002.png"])
    #expect(FrameFileName.unused(in: folder, frameCount: 3) == ["frame_00001.png"])
    #expect(FrameFileName.unused(in: folder + "/none", frameCount: 3) == [])
}
