import Foundation
import PNG
import Support

/// Rewrites PNG files in fewer bytes without changing a pixel: baselines recorded before
/// `test` stored them small, or made with `render` and `animate`, whose files are written fast.
///
/// Each file is decoded and encoded again with `PNGEncoder.recompressSmallest` (the straight
/// samples as they are, so every 8-bit pixel survives exactly, with the digest of its pixels
/// that lets a passing check skip decoding: `PNGPixelDigest`), and replaced atomically only
/// when the new file, digest included, is smaller. Files with 16-bit samples are left as they
/// are, and so are animated PNGs and files with a colour space
/// (`PNGEncoder.chunkLostByRecompression(in:)`).
/// A symbolic link is followed: the file it points at is rewritten, and the link stays.
public enum BaselineCompaction {
    /// What compacting one file did.
    public struct FileResult: Equatable, Sendable {
        /// The file.
        public var path: String
        /// Its size before.
        public var bytesBefore: Int
        /// Its size after (the same when it could not be made smaller).
        public var bytesAfter: Int
        /// The chunk that kept the file as it was (`acTL` for an animated PNG, a colour-space
        /// chunk), or nil.
        public var keptForChunk: String? = nil
        /// The bit depth that kept the file as it was (16), or nil.
        public var keptForBitDepth: Int? = nil

        /// Whether the file got smaller.
        public var shrank: Bool { bytesAfter < bytesBefore }
    }

    /// The PNG files `paths` name: a file as it is given (whatever its name), a folder's `.png`
    /// files below it, hidden ones left out, in path order. A file reached twice (named twice,
    /// or also through a symbolic link) is listed once, where it comes first, so that a dry
    /// run counts what a real run compacts.
    ///
    /// - Throws: `FileError` with operation `.open` for a path that does not exist.
    public static func files(at paths: [String]) throws(FileError) -> [String] {
        var found: [String] = []
        var targets = Set<String>()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FileError(.open, path: path, code: ENOENT)
            }
            let named = isFolder.boolValue ? BaselineFolder(path: path).files().map { joinedPath(path, $0) } : [path]
            found += named.filter { targets.insert(resolvedPath($0) ?? $0).inserted }
        }
        return found
    }

    /// Compacts the file at `path`, or only measures what compacting would save when `write`
    /// is false.
    ///
    /// - Throws: `FileError` when the file cannot be read (or is larger than any baseline may
    ///   be), `PNGError` when it is not a readable PNG, `SuiteError.cannotWrite` when the
    ///   smaller file cannot replace it (the original is then untouched).
    public static func compact(_ path: String, write: Bool = true) throws -> FileResult {
        let before = try FileBytes.read(path, maximumSize: SuiteRunner.maximumBaselineSize)
        let after = try PNGEncoder.recompressSmallest(before, pixelDigest: true)
        if write && after.count < before.count {
            // `AtomicFile` writes through a symbolic link, so the link stays a link.
            try SuiteReportFolder.writeFile(after, to: path)
        }
        let bitDepth = try PNGHeader(parsing: before).bitDepth
        return FileResult(
            path: path, bytesBefore: before.count, bytesAfter: after.count,
            keptForChunk: PNGEncoder.chunkLostByRecompression(in: before),
            keptForBitDepth: bitDepth > 8 ? bitDepth : nil)
    }
}
