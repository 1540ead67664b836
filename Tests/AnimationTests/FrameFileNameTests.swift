import Animation
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
