import ArgumentParser
import Foundation
import Scene
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
    /// `--version` print as usual, and so does the tool run with no arguments (its help, exit
    /// status 0, or 73 when standard output cannot take it). A first argument that names no
    /// command is a usage error that suggests the command it was probably meant to be
    /// (`unknownCommandMessage`).
    static func main() {
        AllocatorPolicy.retainFreedMemory()
        Interruption.install()
        if let message = unknownCommandMessage(Array(CommandLine.arguments.dropFirst())) {
            CommandError.printError(message)
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
            if code == .success {
                // `--help` and `--version`: printed here, so that a standard output that cannot
                // take them (a full disk, a closed pipe) is a failed output, not a success.
                do {
                    try StandardOutput.print(fullMessage(for: error))
                    try StandardOutput.flushPrinted()
                } catch let error as CommandError {
                    CommandError.printError(error.message)
                    Foundation.exit(error.exitCode.rawValue)
                } catch {}
                Foundation.exit(0)
            }
            guard let line = message.split(separator: "\n").first else { exit(withError: error) }
            // ArgumentParser's last line names the help to read: "See 'collection-preview
            // batch --help' for more information."
            let hint = fullMessage(for: error).split(separator: "\n").last { $0.contains("See '") }
            let help = hint?.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first
            CommandError.printError(String(line) + (help.map { "; see '\($0)'" } ?? ""))
            Foundation.exit(code.rawValue)
        }
    }

    /// The commands' names as they are typed: `render`, `layout`, …
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// Why `arguments` (the command line without the tool's name) name no command, or nil:
    /// `unknown command "rendr"; did you mean "render"?`, or with no command near it, the
    /// commands' list and the help to read. That is for a first argument that is not an option,
    /// `help` or a command's name, and for `help` with such a name after it (ArgumentParser
    /// printed the tool's help for `help nosuch` as a success, and called `rendr x.json` "2
    /// unexpected arguments").
    static func unknownCommandMessage(_ arguments: [String]) -> String? {
        var word = arguments.first
        if word == "help" { word = arguments.dropFirst().first }
        guard let word, !word.hasPrefix("-"), word != "help", !commandNames.contains(word) else { return nil }
        let message = "unknown command \(JSONRead.quoted(word))"
        if let near = KeySuggestion.closest(to: word, among: Set(commandNames)) {
            return message + "; did you mean \"\(near)\"?"
        }
        return message + "; the commands: \(commandNames.joined(separator: ", ")); see 'collection-preview --help'"
    }

    /// The tool's version, printed by `--version`.
    static let version = "0.2.0"
}
