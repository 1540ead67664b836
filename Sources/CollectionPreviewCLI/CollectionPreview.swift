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
            TestCommand.self, ApproveCommand.self, MergeCommand.self, CompactCommand.self,
            BenchCommand.self, AssetsCommand.self,
        ])

    /// Parses the arguments and runs the command, with SIGINT and SIGTERM turned into a clean
    /// stop (exit status 130 or 143) and SIGXFSZ ignored (see `Interruption`), and freed frame
    /// buffers kept for reuse (see `AllocatorPolicy`). A usage error is one line, as every other
    /// error is (`error: --jobs must be at least 1; see 'collection-preview batch --help'`),
    /// instead of ArgumentParser's message, usage and hint on three or more; `--help` and
    /// `--version` print as usual. With no command at all, the tool says so and exits 64, as for
    /// any other usage error, instead of printing its help as a success.
    static func main() {
        AllocatorPolicy.retainFreedMemory()
        Interruption.install()
        if CommandLine.arguments.count <= 1 {
            CommandError.printError("\(missingCommandMessage); see 'collection-preview --help'")
            Foundation.exit(CommandError.usage.rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            // A command that finished its work despite SIGINT/SIGTERM still reports the stop.
            if let signal = Interruption.signalNumber {
                let stop = InterruptedError(signal: signal)
                CommandError.printError(stop.description)
                Foundation.exit(stop.exitStatus)
            }
            // Printed results that a full disk or a closed pipe lost are a failed output.
            do {
                try StandardOutput.flushPrinted()
            } catch let error as CommandError {
                CommandError.printError(error.message)
                Foundation.exit(error.exitCode.rawValue)
            }
        } catch {
            let code = exitCode(for: error)
            let message = message(for: error)
            guard code != .success, let line = message.split(separator: "\n").first else { exit(withError: error) }
            // ArgumentParser's last line names the help to read: "See 'collection-preview
            // batch --help' for more information."
            let hint = fullMessage(for: error).split(separator: "\n").last { $0.contains("See '") }
            let help = hint?.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first
            CommandError.printError(String(line) + (help.map { "; see '\($0)'" } ?? ""))
            Foundation.exit(code.rawValue)
        }
    }

    /// `no command given: render, layout, animate, …`, the commands named as they are typed.
    static var missingCommandMessage: String {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        return "no command given: " + names.joined(separator: ", ")
    }

    /// The tool's version, printed by `--version`.
    static let version = "0.2.0"
}
