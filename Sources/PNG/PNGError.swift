import Raster
import Support

/// Why a PNG could not be decoded or encoded.
///
/// Every failure of libpng, of the file system and of the input's shape comes
/// back as one of these cases; none of them traps. `description` is a
/// one-line message fit for a command-line error.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input holds no bytes at all.
    case emptyInput
    /// The input does not start with the 8-byte PNG signature.
    case notPNG
    /// The input is a Git LFS pointer (a text file naming the image in the LFS store) left in
    /// place of the image: the repository was cloned without `git lfs` or before `git lfs pull`.
    case gitLFSPointer
    /// The data is damaged or truncated: a bad CRC in a critical chunk, a
    /// malformed IHDR, bad zlib data, or too little data. `reason` is libpng's
    /// or this module's explanation.
    case corrupt(reason: String)
    /// The IHDR declares a size past `ImageLimits`; nothing was allocated.
    case imageTooLarge(width: Int, height: Int)
    /// The `Image` handed to the encoder is inconsistent (its `pixels` were
    /// resized after creation so they no longer match its size).
    case invalidImage(reason: String)
    /// An encoding option is out of range, e.g. a compression level of 12.
    case invalidOptions(String)
    /// libpng failed while encoding (in practice: memory ran out).
    case encodingFailed(reason: String)
    /// The PNG is animated (an `acTL` chunk before its image data) where only a still image is
    /// accepted: comparing its default image alone would pass frames that differ.
    case animated
    /// Reading or writing a file failed; the `FileError` names the path.
    case file(FileError)
    /// `error` happened while decoding the file at `path`.
    indirect case inFile(path: String, error: PNGError)

    /// The error without any `inFile` wrapping: what went wrong, whatever the source.
    public var underlying: PNGError {
        if case .inFile(_, let error) = self { return error.underlying }
        return self
    }

    /// A one-line explanation naming what went wrong (and the file, if any).
    public var description: String {
        switch self {
        case .emptyInput:
            return "the PNG data is empty (0 bytes)"
        case .notPNG:
            return "the data is not a PNG: it does not start with the PNG signature 89 50 4E 47 0D 0A 1A 0A"
        case .gitLFSPointer:
            return "the file is a Git LFS pointer, not the PNG: run `git lfs pull` (or clone with Git LFS installed)"
        case .corrupt(let reason):
            return "the PNG data is corrupt: \(reason)"
        case .imageTooLarge(let width, let height):
            return
                "the PNG header declares \(width)x\(height) pixels: \(ImageLimits.excess(width: width, height: height) ?? "over the limits")"
        case .invalidImage(let reason):
            return "cannot encode the image: \(reason)"
        case .invalidOptions(let reason):
            return "invalid PNG encoding options: \(reason)"
        case .encodingFailed(let reason):
            return "PNG encoding failed: \(reason)"
        case .animated:
            return
                "an animated PNG (acTL): only still images are compared, and its default image alone would be; compare its frames instead (animate -o DIR writes them)"
        case .file(let error):
            return error.description
        case .inFile(let path, let error):
            return "\(path): \(error.description)"
        }
    }
}
