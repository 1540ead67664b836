import ArgumentParser

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

    /// The tool's version, printed by `--version`.
    static let version = "0.2.0"
}
