import ArgumentParser
import Batch
import Foundation
import PNG
import RegressionSuite
import Scene
import Support
import VisualTesting

/// A command's runtime failure: one `error: …` line on standard error, then an exit status.
///
/// Usage errors (a missing argument, `--scale 9`, `--shard 0/3`) are left to
/// swift-argument-parser, which prints them with the usage and exits with 64.
/// Everything that goes wrong while running is reported through this type, so
/// the user sees exactly one line and no stack trace, and every command maps an
/// error to the same exit status (`exitStatus(for:)`):
///
/// | status | meaning |
/// |---|---|
/// | 0 | success |
/// | 1 | a scene is invalid or failed to render (`batch`: at least one scene failed) |
/// | 64 | bad usage (swift-argument-parser's validation exit code) |
/// | 65 | an input image is not a readable PNG |
/// | 66 | an input file or folder is missing or unreadable, or holds no scenes |
/// | 73 | an output file or folder cannot be created or written |
struct CommandError: Error, CustomStringConvertible {
    /// The exit status for invalid or failed scenes.
    static let sceneFailed = ExitCode(1)
    /// The exit status for bad usage (sysexits' EX_USAGE).
    static let usage = ExitCode.validationFailure
    /// The exit status for an input image that is not a readable PNG (sysexits' EX_DATAERR).
    static let badImage = ExitCode(65)
    /// The exit status for missing or unreadable input (sysexits' EX_NOINPUT).
    static let noInput = ExitCode(66)
    /// The exit status for output that cannot be written (sysexits' EX_CANTCREAT).
    static let cannotCreate = ExitCode(73)

    /// The "Exit status" paragraph every command's help ends with.
    static let exitStatusHelp = """
        Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage; \
        65 an input image that is not a readable PNG; 66 a missing or unreadable input file or folder; \
        73 an output that cannot be written.
        """

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

    /// The exit status for an error a library threw: the one mapping every command uses.
    static func exitStatus(for error: any Error) -> ExitCode {
        switch error {
        case let error as CommandError: return error.exitCode
        case let error as SceneFileError:
            switch error {
            case .unreadable: return noInput
            case .invalid(_, let e):
                switch e.imageFileProblem {
                case .missing, .unreadableFile: return noInput
                case .unreadablePNG: return badImage
                case nil: return sceneFailed
                }
            }
        case let error as FileError: return exitStatus(for: error)
        case let error as PNGError:
            switch error.underlying {
            case .file(let file): return exitStatus(for: file)
            case .emptyInput, .notPNG, .gitLFSPointer, .corrupt, .imageTooLarge, .animated: return badImage
            case .invalidImage, .invalidOptions, .encodingFailed, .inFile: return sceneFailed
            }
        case let error as InterruptedError: return ExitCode(error.exitStatus)
        case let error as BatchError:
            switch error {
            case .interrupted(let interruption): return ExitCode(interruption.exitStatus)
            case .noSuchPath, .unreadableDirectory, .undecodableName, .noScenes, .invalidManifest, .incompleteMerge:
                return noInput
            case .outputDirectory, .manifest: return cannotCreate
            case .outputCollision, .deviceNameCollision, .invalidShard: return usage
            }
        case let error as SuiteError:
            switch error {
            case .noResults, .invalidResults, .incompleteMerge, .baselineNotFound: return noInput
            case .noSuchScene, .misrootedSuite: return usage
            case .cannotWrite: return cannotCreate
            case .unreadableImage: return badImage
            case .interrupted(let interruption): return ExitCode(interruption.exitStatus)
            }
        case is RecordModeError: return usage
        default: return sceneFailed
        }
    }

    /// Reading a file that is not there is missing input; everything else is a failed write.
    static func exitStatus(for error: FileError) -> ExitCode {
        switch error.operation {
        case .open, .read, .notRegularInput, .tooLarge: return noInput
        default: return cannotCreate
        }
    }

    /// Runs `body`; any error it throws is printed as one `error: …` line on
    /// standard error and becomes the `ExitCode` that `exitStatus(for:)` gives,
    /// which swift-argument-parser turns into the exit status without printing
    /// anything more. After SIGINT or SIGTERM any error is reported as the stop
    /// (128 + the signal number). `ExitCode` and `CleanExit` pass through untouched.
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let exit as CleanExit {
            throw exit
        } catch {
            // After SIGINT or SIGTERM, whatever failed failed because of the stop (an output not
            // put in place, work cut short): report the stop, with its exit status, unless the
            // error is a batch's or a test run's own account of it (what it left out).
            if let signal = Interruption.signalNumber, !tellsOfTheStop(error) {
                let stop = InterruptedError(signal: signal)
                printError(stop.description)
                throw ExitCode(stop.exitStatus)
            }
            printError((error as? CommandError)?.message ?? "\(error)")
            throw exitStatus(for: error)
        }
    }

    /// Whether `error` is a batch's or a test run's report of a stop, which says what was left out.
    private static func tellsOfTheStop(_ error: any Error) -> Bool {
        switch error {
        case BatchError.interrupted, SuiteError.interrupted: true
        default: false
        }
    }

    /// Prints `error: message` on standard error, line breaks in `message` replaced by spaces.
    static func printError(_ message: String) {
        printToStandardError("error: " + ErrorLine.flattening(message))
    }

    /// Prints `line` and a newline on standard error.
    static func printToStandardError(_ line: String) {
        StandardError.write(line + "\n")
    }
}
