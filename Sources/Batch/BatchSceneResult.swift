/// What became of one scene of a batch: the PNG written, or why none was.
public struct BatchSceneResult: Hashable, Sendable {
    /// The outcome of rendering one scene.
    public enum Outcome: Hashable, Sendable {
        /// The PNG was written: its pixel size, its length in bytes and the
        /// FNV-1a 64 hash of its bytes.
        case written(width: Int, height: Int, byteCount: Int, hash: UInt64)
        /// Nothing was written (an existing file at the output path was left
        /// as it was); `message` is the one-line error, naming the scene file.
        case failed(message: String)
    }

    /// The scene file this result is for, with its output paths.
    public var scene: BatchScene
    /// What happened.
    public var outcome: Outcome
    /// Whether the scene failed because its PNG could not be written (a full disk, a file-size
    /// limit, no permission), not because of the scene; such a batch exits with 73.
    public var outputUnwritable: Bool

    /// Creates a result.
    public init(scene: BatchScene, outcome: Outcome, outputUnwritable: Bool = false) {
        self.scene = scene
        self.outcome = outcome
        self.outputUnwritable = outputUnwritable
    }

    /// Whether the PNG was written.
    public var succeeded: Bool {
        if case .written = outcome { return true }
        return false
    }

    /// The one-line error of a failed scene, or nil.
    public var errorMessage: String? {
        if case .failed(let message) = outcome { return message }
        return nil
    }
}
