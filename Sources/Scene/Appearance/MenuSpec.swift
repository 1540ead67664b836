import Geometry
import Layout

/// An edit menu shown over a long-pressed item.
public struct MenuSpec: Equatable, Sendable {
    /// The long-pressed item.
    public var item: IndexPath
    /// The actions the delegate allows (cut, copy, paste by default).
    public var actions: [MenuAction]

    /// Reads a menu object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> MenuSpec {
        var r = try JSONObjectReader(v, path: path)
        let item = try r.required("item", JSONRead.indexPath)
        let names = try r.optional("actions", JSONRead.array(JSONRead.oneOf(MenuAction.allCases.map(\.rawValue))))
        try r.finish()
        return MenuSpec(item: item, actions: names.map { $0.map { MenuAction(rawValue: $0)! } } ?? MenuAction.allCases)
    }
}
