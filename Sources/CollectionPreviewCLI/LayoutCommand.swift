import ArgumentParser
import Foundation
import Geometry
import Scene

/// `collection-preview layout SCENE.json [--rect x,y,w,h]`: prints the layout as JSON.
///
/// The scene's collection view is built exactly as `render` builds it (canvas size as bounds,
/// the scene's content offset, which matters for pinned headers and the line layout's zoom), then
/// the elements intersecting the rect — by default the whole content (0, 0, contentSize) — are
/// printed as `LayoutReport` describes. Errors and exit statuses are `CommandError`'s, as for
/// every command.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print a scene's layout (content size and element frames) as JSON.",
        discussion: """
            Prints the content size and, for every element whose frame meets the rect (by default \
            the whole content), its category, kind, index path, frame, zIndex, alpha, hidden and \
            4x4 transform, sorted by category, section and item.
            Examples:
              collection-preview layout Samples/waterfall.json
              collection-preview layout Samples/waterfall.json --rect 0,0,390,844
              collection-preview layout Samples/animation-layouts.json --at 0.25

            With --at T, while the animation moves the elements are those its frame at T seconds \
            draws, with the attributes it draws them with, and contentOffset is that frame's; at \
            T = 0, and at the end and after it, the layout is that of the scene as it starts or of \
            its final state, the whole content as for a scene describing it. An element leaving \
            in a batch update or layout change (deleted, or moving out of view) is marked \
            "disappearing": true; it keeps the index path it had before, so another element may \
            be listed under the same one: the element arriving there.
            Exit status: 0 success; 1 an invalid scene; 64 bad usage; 65 an image file the scene \
            names that is not a readable PNG; 66 a scene or image file that does not exist or \
            cannot be read; 73 standard output that cannot be written.
            """)

    @Argument(help: ArgumentHelp("The scene file (JSON).", valueName: "scene.json"))
    var scene: String

    // Taken whatever it starts with: a rect left of or above the content starts with "-".
    @Option(
        parsing: .unconditional,
        help: "Only elements intersecting this rect, in content coordinates: x,y,width,height.")
    var rect: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Print what the scene's animation shows T seconds in (past the end: the final state).", valueName: "T"))
    var at: Double?

    @Option(help: DeviceOption.help)
    var device: String?

    func validate() throws {
        try RenderCommand.validateInputs([scene], name: "<scene.json>")
        if let at { try LayoutCommand.validateTime(at) }
        if let device { _ = try DeviceOption.parse(device) }
        if let rect {
            do {
                _ = try LayoutCommand.parseRect(rect)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    func run() throws {
        try CommandError.reporting {
            let query = try rect.map(LayoutCommand.parseRect)
            let output = StandardOutput.Stream()
            let loaded = try DeviceOption.load(scene, on: device)
            guard let at else {
                if loaded.animation != nil { _ = try SceneAnimationPlayer(scene: loaded, file: scene) }
                LayoutReport.write(for: loaded.makeCollectionView(), in: query, to: output.append)
                return try output.finish()
            }
            let player = try SceneAnimationPlayer(scene: loaded, file: scene)
            // At rest — the start, or the end and after it — the whole content of that state, as
            // `layout` of a scene describing it prints; in between, what the animation shows.
            // The player's own tolerance: a sum of step durations is not exact (0.1 + 0.2).
            if at <= 0 || at >= player.timeline.duration - 1e-12 {
                let state = at <= 0 ? player.states[0] : player.finalScene
                LayoutReport.write(for: state.makeCollectionView(), in: query, to: output.append)
                return try output.finish()
            }
            let frame = player.frame(at: at)
            let size = player.states[frame.state].makeCollectionView().contentSize
            let shown = frame.elements.filter { query == nil || $0.attributes.frame.intersects(query!) }
            let leaving = Set(shown.indices.filter { shown[$0].isDisappearing })
            LayoutReport.write(
                contentSize: size, contentOffset: frame.contentOffset, elements: shown.map(\.attributes),
                disappearing: leaving, to: output.append)
            try output.finish()
        }
    }

    /// Checks an `--at` time (of `layout` and `render`): a finite number of seconds, at least 0.
    ///
    /// - Throws: `ValidationError` (exit status 64).
    static func validateTime(_ at: Double) throws {
        guard at.isFinite && at >= 0 else {
            throw ValidationError("--at must be a finite number of seconds ≥ 0, got \(at)")
        }
    }

    /// Parses `x,y,width,height` (four finite numbers, width and height ≥ 0).
    static func parseRect(_ text: String) throws -> Rect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }), parts[2]! >= 0, parts[3]! >= 0 else {
            throw SceneDecodingError(
                path: "--rect", message: "must be four numbers x,y,width,height (width and height ≥ 0), got \"\(text)\""
            )
        }
        return Rect(x: parts[0]!, y: parts[1]!, width: parts[2]!, height: parts[3]!)
    }
}
