import Support

/// Why a `test`, `approve` or `merge` of a test report could not run at all.
public enum SuiteError: Error, CustomStringConvertible, Sendable {
    /// No results file where one was expected.
    case noResults(String)
    /// A results file that cannot be read as results.
    case invalidResults(path: String, reason: String)
    /// Shard results that are not the complete set of one run.
    case incompleteMerge(String)
    /// A `--scene` or `--filter` of `approve` that names no scene of the results.
    case noSuchScene(results: String, reason: String)
    /// A file of the report or a baseline that could not be written.
    case cannotWrite(path: String, reason: String)
    /// An image of the report (an actual image to approve) that is not a readable PNG.
    case unreadableImage(path: String, reason: String)
    /// SIGINT or SIGTERM stopped the run; no results were written.
    case interrupted(InterruptedError)

    /// One line.
    public var description: String {
        switch self {
        case .noResults(let path): "\(path): no test results (run `collection-preview test --report …` first)"
        case .invalidResults(let path, let reason): "\(path): \(reason)"
        case .incompleteMerge(let reason): reason
        case .noSuchScene(let results, let reason): "\(results): \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write (\(reason))"
        case .unreadableImage(let path, let reason): "\(path): \(reason)"
        case .interrupted(let error): "\(error); no results or report were written"
        }
    }
}
