import BundledAssets
import Foundation
import PNG
import Raster
import Synchronization
import Text

/// Why an image name could not be used.
public struct ImageLookupError: Error, CustomStringConvertible {
    /// One line: what was wrong.
    public let message: String
    /// Whether the name was fine but its file is missing or not a readable PNG (exit status 66
    /// or 65 for the tool); nil for a name that is not acceptable.
    public let fileProblem: SceneDecodingError.ImageFileProblem?

    /// Creates an error.
    public init(message: String, fileProblem: SceneDecodingError.ImageFileProblem? = nil) {
        self.message = message
        self.fileProblem = fileProblem
    }

    /// The message.
    public var description: String { message }
}

extension SceneDecodingError {
    /// The error for an image the scene names at `path` that cannot be used.
    init(imageError: ImageLookupError, path: String) {
        self.init(path: path, message: imageError.message)
        imageFileProblem = imageError.fileProblem
    }
}
