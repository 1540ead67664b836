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
    /// Whether the file was found but is not a readable PNG (exit status 65 for the tool).
    public let isUnreadablePNG: Bool

    /// Creates an error.
    public init(message: String, isUnreadablePNG: Bool = false) {
        self.message = message
        self.isUnreadablePNG = isUnreadablePNG
    }

    /// The message.
    public var description: String { message }
}

extension SceneDecodingError {
    /// The error for an image the scene names at `path` that cannot be used.
    init(imageError: ImageLookupError, path: String) {
        self.init(path: path, message: imageError.message)
        isUnreadableImage = imageError.isUnreadablePNG
    }
}
