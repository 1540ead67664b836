import Foundation

// The pipeline's errors as `LocalizedError`s, so that `error.localizedDescription` is their
// one-line message, their `description` (Foundation's default for a Swift error is "The
// operation could not be completed", which names nothing). The modules below the umbrella stay
// free of Foundation where they were; these conformances come with `import CollectionPreview`.

extension AnimationRecorderError: LocalizedError { public var errorDescription: String? { description } }
extension CollectionViewError: LocalizedError { public var errorDescription: String? { description } }
extension ColorParseError: LocalizedError { public var errorDescription: String? { description } }
extension ImageLookupError: LocalizedError { public var errorDescription: String? { description } }
extension PNGError: LocalizedError { public var errorDescription: String? { description } }
extension RasterError: LocalizedError { public var errorDescription: String? { description } }
extension RecordModeError: LocalizedError { public var errorDescription: String? { description } }
extension SceneDecodingError: LocalizedError { public var errorDescription: String? { description } }
extension SceneFileError: LocalizedError { public var errorDescription: String? { description } }
extension TextError: LocalizedError { public var errorDescription: String? { description } }
