import ArgumentParser
import Foundation
import Support

/// The `collection-preview` command.
@main
struct CollectionPreview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection-preview",
        abstract: "Render UIKit collection-view layouts headlessly to PNG.",
        discussion: CommandError.exitStatusHelp,
        version: CollectionPreview.version,
        subcommands: [
            RenderCommand.self, LayoutCommand.self, AnimateCommand.self, BatchCommand.self, DiffCommand.self,
            TestCommand.self, ApproveCommand.self, MergeCommand.self,
            BenchCommand.self, AssetsCommand.self,
        ])

    /// Parses the arguments and runs the command, with SIGINT and SIGTERM turned into a clean
    /// stop (exit status 130 or 143) and SIGXFSZ ignored (see `Interruption`), and freed frame
    /// buffers kept for reuse (see `AllocatorPolicy`).
    static func main() {
        AllocatorPolicy.retainFreedMemory()
        Interruption.install()
        do {
            var command = try parseAsRoot()
            try command.run()
            // A command that finished its work despite SIGINT/SIGTERM still reports the stop.
            if let signal = Interruption.signalNumber { Foundation.exit(128 + signal) }
        } catch {
            exit(withError: error)
        }
    }

    /// The tool's version, printed by `--version`.
    static let version = "0.2.0"
}
