import Geometry
import Layout

/// An edit menu shown over a long-pressed item.
public struct MenuSpec: Equatable, Sendable {
    /// The long-pressed item.
    public var item: IndexPath
    /// The actions the delegate allows (cut, copy, paste by default). The menu shows them in the
    /// system's order — cut, copy, paste — whatever order the scene lists them in.
    public var actions: [MenuAction]

    /// Creates a menu over `item` offering `actions` (all three by default).
    public init(item: IndexPath, actions: [MenuAction] = MenuAction.allCases) {
        self.item = item
        self.actions = actions
    }

    /// Reads a menu object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> MenuSpec {
        var r = try JSONObjectReader(v, path: path)
        let item = try r.required("item", JSONRead.indexPath)
        let names = try r.optional("actions", JSONRead.array(JSONRead.oneOf(MenuAction.allCases.map(\.rawValue))))
        if let names {
            let path = r.path(of: "actions")
            guard !names.isEmpty else {
                throw SceneDecodingError(path: path, message: "must name at least one of \"cut\", \"copy\", \"paste\"")
            }
            if let twice = names.enumerated().first(where: { names[..<$0.offset].contains($0.element) }) {
                throw SceneDecodingError(
                    path: "\(path)[\(twice.offset)]", message: "\"\(twice.element)\" is listed twice")
            }
        }
        try r.finish()
        return MenuSpec(item: item, actions: names.map { $0.map { MenuAction(rawValue: $0)! } } ?? MenuAction.allCases)
    }
}
