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
    public var description: String { message }
}
