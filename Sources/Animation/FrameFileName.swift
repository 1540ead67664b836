import Foundation

/// The file names of an animation's frames: `frame_0000.png`, `frame_0001.png`, …
///
/// Zero-padded to at least four digits, and every name to five when the animation has more than
/// 10,000 frames (its last one is `frame_10000`), so that lexical order is frame order;
/// `ffmpeg -i frame_%04d.png` reads the sequence (`frame_%05d.png` past 10,000 frames). `animate`
/// writes these names and `test` looks for baselines under them, so both take them from here.
public enum FrameFileName {
    /// The number of digits for an animation of `frameCount` frames (at least 4).
    public static func digits(frameCount: Int) -> Int {
        max(4, String(max(0, frameCount - 1)).count)
    }

    /// `frame_0003`: the name of frame `index` of `frameCount`, without `.png`.
    public static func stem(_ index: Int, frameCount: Int) -> String {
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits(frameCount: frameCount) - number.count)) + number
    }

    /// `frame_0003.png`.
    public static func name(_ index: Int, frameCount: Int) -> String {
        stem(index, frameCount: frameCount) + ".png"
    }

    /// The frame number and its digit count of a name made like `name(_:frameCount:)` (with or
    /// without `.png`), or nil for any other name.
    public static func parse(_ name: String) -> (index: Int, digits: Int)? {
        var number = Substring(name)
        if number.hasSuffix(".png") { number = number.dropLast(".png".count) }
        guard number.hasPrefix("frame_") else { return nil }
        number = number.dropFirst("frame_".count)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(number) else {
            return nil
        }
        return (index, number.count)
    }

    /// The frame files in `folder` that an animation of `frameCount` frames does not use: names
    /// made like `name(_:frameCount:)` whose number is `frameCount` or more, or whose digit count
    /// is not this animation's (an earlier run of 10,000 frames or more). Sorted by name; none
    /// when the folder cannot be read. `animate` removes them, and `test` and the Swift
    /// assertions take them for reference frames past the animation's end.
    public static func unused(in folder: String, frameCount: Int) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let digits = digits(frameCount: frameCount)
        return names.filter { name in
            guard name.hasSuffix(".png"), let frame = parse(name) else { return false }
            // A folder of that name is not a frame (and must never be removed as one).
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder),
                !isFolder.boolValue
            else { return false }
            return frame.index >= frameCount || frame.digits != digits
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
