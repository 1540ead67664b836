import ArgumentParser

/// The `collection-preview` command.
@main
struct CollectionPreview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection-preview",
        abstract: "Render UIKit collection-view layouts headlessly to PNG.",
        subcommands: [RenderCommand.self, BatchCommand.self, LayoutCommand.self, BenchCommand.self, AssetsCommand.self])
}
