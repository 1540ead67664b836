import ArgumentParser
import Foundation
import Geometry
import Scene

/// `collection-preview layout SCENE.json [--rect x,y,w,h]`: prints the layout as JSON.
///
/// The scene's collection view is built exactly as `render` builds it (canvas size as bounds,
/// the scene's content offset, which matters for pinned headers and the line layout's zoom), then
/// the elements intersecting the rect — by default the whole content (0, 0, contentSize) — are
/// printed as `LayoutReport` describes. Bad input: one line `error: <path>: <message>` on
/// stderr and exit status 1.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print a scene's layout (content size and element frames) as JSON.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Only elements intersecting this rect, in content coordinates: x,y,width,height.")
    var rect: String?

    func run() throws {
        do {
            let query = try rect.map(LayoutCommand.parseRect)
            let cv = try Scene.load(path: scene).makeCollectionView()
            print(LayoutReport.json(for: cv, in: query), terminator: "")
        } catch let e as SceneDecodingError {
            FileHandle.standardError.write(Data("error: \(e)\n".utf8))
            throw ExitCode.failure
        } catch let e as SceneFileError {
            FileHandle.standardError.write(Data("error: \(e)\n".utf8))
            throw ExitCode.failure
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
