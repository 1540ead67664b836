import Foundation

// The pipeline's errors as `LocalizedError`s, so that `error.localizedDescription` is their
// one-line message, their `description` (Foundation's default for a Swift error is "The
// operation could not be completed", which names nothing). The modules below the umbrella stay
// free of Foundation where they were; these conformances come with `import CollectionPreview`.

extension AnimationRecorderError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension CollectionViewError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension ColorParseError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension ImageLookupError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension PNGError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension RasterError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension RecordModeError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension SceneDecodingError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension SceneFileError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}

extension TextError: LocalizedError {
    /// The one-line message, `description`.
    public var errorDescription: String? { description }
}
