import ArgumentParser
import Foundation
import PNG
import Raster
import Scene
import Support

/// `collection-preview render SCENE.json -o OUT.png [--scale S]`: renders a
/// scene's visible viewport to a PNG.
///
/// The PNG is written atomically (temporary file, `fsync`, rename): when
/// anything fails, an existing OUT.png is left byte for byte as it was and no
/// temporary file remains. The destination is checked before rendering, so a
/// missing or read-only folder is reported at once, and an output that is the
/// scene file itself is refused (exit 64). `-o -` writes the PNG to
/// standard output. Errors are one `error: …` line on standard error; exit
/// statuses are those of `CommandError`, as for every command.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene's visible viewport to a PNG.",
        discussion: """
            Draws what the scene's collection view shows: the canvas (its bounds) scrolled to the \
            scene's contentOffset, at the canvas scale or --scale. The same scene always gives the \
            same PNG bytes. The file is replaced atomically: if rendering fails, an existing output \
            file is left untouched.

            Examples:
              collection-preview render Samples/animal-cells.json -o animals.png
              collection-preview render scene.json -o scene@3x.png --scale 3
              collection-preview render scene.json -o ipad.png \\
                  --device "iPad Pro 11:landscape"
              collection-preview render scene.json -o - > scene.png
              collection-preview render scene.json -o debug.png --debug
              collection-preview render animated.json -o middle.png --at 0.5
              collection-preview render animated.json -o last.png --frame 30

            With --at T or --frame N, draws what the scene's animation shows T seconds in (T past \
            the end: the final state) or its frame N, the same bytes as that frame of animate.

            Errors are one line: error: <file>: <json path>: <rule>.
            \(CommandError.exitStatusHelp)
            """)

    @Argument(help: ArgumentHelp("The scene file (JSON).", valueName: "scene.json"))
    var scene: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The PNG file to write, or - for standard output.", valueName: "out.png"))
    var output: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pixels per point, overriding the scene's canvas.scale (0 < S ≤ 4).", valueName: "S"))
    var scale: Double?

    @Flag(help: "Draw the debug overlay: frames, index paths, zIndex, section and content insets, reuse-queue counts.")
    var debug = false

    @Option(help: DeviceOption.help)
    var device: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Draw the animation as it is this many seconds in.", valueName: "seconds"))
    var at: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Draw this frame of the animation (0 is the first), as animate writes it.", valueName: "n"),
        transform: WholeNumberArgument.parse)
    var frame: Int?

    func validate() throws {
        try RenderCommand.validateInputs([scene], name: "<scene.json>")
        try RenderCommand.validateOutput(output, standardOutput: true)
        try RenderCommand.refuseImageOnTerminal(output, standardOutputIsTerminal: isatty(STDOUT_FILENO) != 0)
        if let scale { try RenderCommand.validateScale(scale) }
        if let device { _ = try DeviceOption.parse(device) }
        if let at { try LayoutCommand.validateTime(at) }
        if let frame, frame < 0 { throw ValidationError("--frame must be at least 0, got \(frame)") }
        if at != nil && frame != nil { throw ValidationError("give --at or --frame, not both") }
    }

    /// The image to write: the scene as it is, or a moment of its animation.
    func image(_ renderer: SceneRenderer) throws -> Image {
        guard at != nil || frame != nil else {
            return try renderer.render(
                file: scene, scale: scale, debugOverlay: debug, device: try device.map(DeviceOption.parse))
        }
        var loaded = try DeviceOption.load(scene, on: device)
        try loaded.checkCanvas(atScale: scale, file: scene)
        if debug { loaded.appearance.debug = true }
        let player = try SceneAnimationPlayer(scene: loaded, file: scene)
        let frames = SceneAnimationFrameRenderer(states: player.states, renderer: renderer, scale: scale)
        if let at { return try frames.render(player.frame(at: at)) }
        let index = frame!
        guard index < player.frameCount else {
            throw CommandError(
                "--frame \(index): the animation has \(player.frameCount) frame\(player.frameCount == 1 ? "" : "s") (0 to \(player.frameCount - 1))",
                exitCode: .validationFailure)
        }
        return try frames.render(player.frame(index))
    }

    func run() throws {
        try CommandError.reporting {
            if output != "-" {
                try RenderCommand.checkWritable(output)
                try OutputCollision.check(outputs: [("-o", output)], inputs: [("the scene file", scene)])
            }
            let renderer = try SceneRenderer.forCommand()
            let bytes: [UInt8]
            do {
                bytes = try PNGEncoder.encode(try image(renderer))
            } catch let error as SceneFileError {
                throw error
            } catch let error as CommandError {
                throw error
            } catch {
                throw CommandError("\(scene): \(error)", exitCode: CommandError.exitStatus(for: error))
            }
            if output == "-" {
                try StandardOutput.write(bytes)
            } else {
                do {
                    try AtomicFile.write(bytes, to: output)
                } catch {
                    throw CommandError("\(error)", exitCode: CommandError.cannotCreate)
                }
            }
        }
    }

    /// Checks that an output path is not empty, and not "-" unless the option writes to standard
    /// output there (`render -o -`); `option` names it in the error.
    ///
    /// - Throws: `ValidationError` (exit status 64).
    static func validateOutput(_ path: String, option: String = "-o/--output", standardOutput: Bool = false) throws {
        guard !path.isEmpty else { throw ValidationError("\(option) must not be empty") }
        guard path != "-" || standardOutput else {
            throw ValidationError(
                "\(option) - : only render writes to standard output; name a file or folder (./- for one called \"-\")")
        }
    }

    /// Refuses `-o -` when standard output is a terminal, as gzip and curl refuse to print
    /// binary data there: the PNG's bytes would garble the terminal and help no one.
    ///
    /// - Throws: `ValidationError` (exit status 64).
    static func refuseImageOnTerminal(_ path: String, standardOutputIsTerminal: Bool) throws {
        guard path == "-" && standardOutputIsTerminal else { return }
        throw ValidationError(
            "-o/--output - : standard output is a terminal; redirect it (-o - > out.png, or into a pipe) or name a file"
        )
    }

    /// Checks that the input paths `paths`, given as `name`, are not empty: an unset variable
    /// (`render "$SCENE"`) is a usage error, not a missing file.
    ///
    /// - Throws: `ValidationError` (exit status 64).
    static func validateInputs(_ paths: [String], name: String) throws {
        guard !paths.contains(where: \.isEmpty) else { throw ValidationError("\(name) must not be an empty path") }
    }

    /// Checks that a scale is finite, greater than 0 and at most 4.
    ///
    /// - Throws: `ValidationError` (exit status 64).
    static func validateScale(_ scale: Double) throws {
        guard scale.isFinite, scale > 0, scale <= 4 else {
            throw ValidationError("--scale must be a number greater than 0 and at most 4, got \(scale)")
        }
    }

    /// Checks, before any rendering, that a file can be written at `path`: it
    /// is not a folder, and its folder exists and is writable. `kind` names the file in the
    /// message for a folder (`give a file name for the PNG`).
    ///
    /// - Throws: `CommandError` with exit status 73.
    static func checkWritable(_ path: String, kind: String = "the PNG") throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandError(
                "\(path): is a folder; give a file name for \(kind)", exitCode: CommandError.cannotCreate)
        }
        let folder = parentPath(of: path)
        let parent = folder.isEmpty ? "." : folder
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) else {
            throw CommandError(
                "\(path): the folder \(parent) does not exist", exitCode: CommandError.cannotCreate)
        }
        guard isDirectory.boolValue else {
            throw CommandError("\(path): \(parent) is not a folder", exitCode: CommandError.cannotCreate)
        }
        if access(parent, W_OK | X_OK) != 0 {
            let reason = String(cString: strerror(errno))
            throw CommandError(
                "\(path): cannot write into the folder \(parent): \(reason)", exitCode: CommandError.cannotCreate)
        }
    }
}
