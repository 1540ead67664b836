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
    /// A baseline the test run compared with that is not where `approve` looks for it: most
    /// likely `approve` runs in another folder than `test` did (the report was downloaded).
    case baselineNotFound(path: String, baselines: String)
    /// No scene of a `test` run has its baseline, but each has one a folder further down
    /// (`prefix` + its name): the suite was given by a sub-folder, whose scenes' names lack
    /// that folder. Running would record every scene again and take the real baselines for
    /// unused ones.
    case misrootedSuite(baselines: String, example: String, prefix: String)
    /// SIGINT or SIGTERM stopped the run; no results were written.
    case interrupted(InterruptedError)

    /// One line.
    public var description: String {
        switch self {
        case .noResults(let path): "\(path): no test results (run `collection-preview test --report …` first)"
        case .invalidResults(let path, let reason): "\(path): \(reason)"
        case .incompleteMerge(let reason): reason
        case .noSuchScene(let results, let reason): "\(results): \(reason)"
        case .cannotWrite(let path, let reason):
            // A reason that already says what could not be done ("cannot create the folder …",
            // a `FileError`) is not wrapped in a second "cannot write", nor the path given twice.
            if !reason.hasPrefix("cannot ") {
                "\(path): cannot write (\(reason))"
            } else if reason.contains("'\(path)'") {
                reason
            } else {
                "\(path): \(reason)"
            }
        case .unreadableImage(let path, let reason): "\(path): \(reason)"
        case .baselineNotFound(let path, let baselines):
            "\(path): no such baseline, though the test run compared with it; run approve in the folder test ran in, or give --baselines (the run's baselines folder is \(baselines)); nothing was approved"
        case .misrootedSuite(let baselines, let example, let prefix):
            "\(baselines): no scene has its baseline here, but each has one under \(prefix) (such as \(example)): scene names are relative to the folders given, so give the suite's own folder (and --filter \(prefix) to check only these scenes); nothing was checked"
        case .interrupted(let error): "\(error); no results or report were written"
        }
    }
}
