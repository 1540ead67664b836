import ArgumentParser
import Foundation
import Support

/// A command's runtime failure: one `error: …` line on standard error, then an exit status.
///
/// Usage errors (a missing argument, `--scale 9`, `--shard 0/3`) are left to
/// swift-argument-parser, which prints them with the usage and exits with 64.
/// Everything that goes wrong while running is reported through this type, so
/// the user sees exactly one line and no stack trace:
///
/// | status | meaning |
/// |---|---|
/// | 1 | a scene is invalid or failed to render (`batch`: at least one scene failed) |
/// | 64 | bad usage (swift-argument-parser's validation exit code) |
/// | 66 | an input file or folder is missing or unreadable, or holds no scenes |
/// | 73 | an output file or folder cannot be created or written |
struct CommandError: Error, CustomStringConvertible {
    /// The exit status for invalid or failed scenes.
    static let sceneFailed = ExitCode(1)
    /// The exit status for missing or unreadable input (sysexits' EX_NOINPUT).
    static let noInput = ExitCode(66)
    /// The exit status for output that cannot be written (sysexits' EX_CANTCREAT).
    static let cannotCreate = ExitCode(73)

    /// What went wrong, without the `error: ` prefix.
    var message: String
    /// The status the process exits with.
    var exitCode: ExitCode

    /// Creates a failure reported as `error: message`.
    init(_ message: String, exitCode: ExitCode = CommandError.sceneFailed) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The message.
    var description: String { message }

    /// Runs `body`; any error it throws is printed as one `error: …` line on
    /// standard error and becomes an `ExitCode`, which swift-argument-parser
    /// turns into the exit status without printing anything more.
    ///
    /// `ExitCode` and `CleanExit` pass through untouched. A `CommandError`
    /// keeps its exit status; any other error exits with 1.
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let exit as CleanExit {
            throw exit
        } catch let error as CommandError {
            printError(error.message)
            throw error.exitCode
        } catch {
            printError("\(error)")
            throw sceneFailed
        }
    }

    /// Prints `error: message` on standard error, line breaks in `message` replaced by spaces.
    static func printError(_ message: String) {
        printToStandardError("error: " + ErrorLine.flattening(message))
    }

    /// Prints `line` and a newline on standard error.
    static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
