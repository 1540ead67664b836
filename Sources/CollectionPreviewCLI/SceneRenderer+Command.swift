import Scene

extension SceneRenderer {
    /// The renderer with the bundled fonts, for a command: a font that cannot be found or read
    /// (`COLLECTION_PREVIEW_ASSETS` naming a folder without it, say) is missing input, exit
    /// status 66, reported in one line.
    static func forCommand() throws -> SceneRenderer {
        do {
            return try SceneRenderer()
        } catch {
            throw CommandError("cannot load the bundled font: \(error)", exitCode: CommandError.noInput)
        }
    }
}
