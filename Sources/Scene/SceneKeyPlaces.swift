/// Where each key of the scene format's main objects belongs, so that a key written at the wrong
/// level is named with its place: `(root): unknown key "itemSize"; it belongs in "layout"`.
///
/// The table lists the objects a newcomer builds by hand (the top level, the canvas, the layout,
/// the sections and their items, the cell style, the animation and its steps) by path pattern,
/// each array index written `[i]`. The layout's keys are those its decoder reads for any type,
/// the steps' those of `AnimationStep`; the scene format's JSON Schema holds the same keys, and a
/// test checks the two against each other.
public enum SceneKeyPlaces {
    /// The main objects, by path pattern, and the keys each may hold, in the order a hint
    /// prefers them.
    public static let objects: [(place: String, keys: Set<String>)] = [
        (
            JSONRead.rootPath,
            [
                "$schema", "device", "canvas", "layout", "contentOffset", "safeAreaInsets",
                "contentInsetAdjustmentBehavior", "alwaysBounceVertical", "alwaysBounceHorizontal", "contentInset",
                "cellStyle", "sections", "selected", "highlighted", "allowsSelection", "allowsMultipleSelection",
                "cell", "cells", "headerViews", "footerViews", "headerView", "footerView", "decorationViews",
                "backgroundView", "menu", "animation", "debug",
            ]
        ),
        ("canvas", ["width", "height", "scale", "background"]),
        ("layout", Set(SceneLayout.typeNames.flatMap(SceneLayout.keysRead(byType:)))),
        ("sections[i]", ["itemCount", "items", "header", "footer", "cell", "layout"]),
        (
            "sections[i].layout",
            [
                "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing", "columnCount", "minimumColumnSpacing",
                "minimumInterItemSpacing", "headerInset", "footerInset",
            ]
        ),
        (
            "sections[i].items[i]",
            ["size", "text", "image", "style", "cell", "canMove", "shouldSelect", "shouldHighlight", "shouldDeselect"]
        ),
        (
            "cellStyle",
            [
                "backgroundColor", "selectedBackgroundColor", "borderColor", "borderWidth", "cornerRadius",
                "textColor", "fontSize",
            ]
        ),
        ("animation", ["fps", "steps"]),
        ("animation.steps[i]", Set(AnimationStep.actionKeys + ["duration", "curve"])),
    ]

    /// The path pattern of `path`: every array index written `[i]` (`sections[2].items[0]` →
    /// `sections[i].items[i]`).
    public static func pattern(of path: String) -> String {
        var pattern = ""
        var inIndex = false
        for character in path {
            if inIndex {
                if character == "]" {
                    pattern += "i]"
                    inIndex = false
                }
            } else {
                pattern.append(character)
                inIndex = character == "["
            }
        }
        return pattern
    }

    /// The keys the object at `path` may hold, or nil when it is not one of `objects`.
    public static func keys(at path: String) -> Set<String>? {
        let pattern = pattern(of: path)
        return objects.first { $0.place == pattern }?.keys
    }

    /// Where `key`, found in the object at `path` and not one of its keys, belongs: another of
    /// `objects` that holds it, written with `path`'s own indices where the two share a start
    /// (`columnCount` found at `sections[2]` → `sections[2].layout`). Nil when `path` is not one
    /// of `objects`, when it may hold `key` after all (in another of its variants, as a
    /// waterfall's `columnCount` in a flow layout), or when no object holds `key`.
    ///
    /// A place inside `path` is preferred, then one above it, then the first in `objects`.
    public static func place(of key: String, misplacedAt path: String) -> String? {
        let here = pattern(of: path)
        guard let own = keys(at: path), !own.contains(key) else { return nil }
        let holders = objects.filter { $0.keys.contains(key) }.map(\.place)
        let inside = holders.first { $0.hasPrefix(here + ".") }
        let above = holders.first { $0 == JSONRead.rootPath || here.hasPrefix($0 + ".") }
        guard let place = inside ?? above ?? holders.first else { return nil }
        return written(place, like: path)
    }

    /// `pattern` with the indices of `path` wherever the two share their first components.
    static func written(_ pattern: String, like path: String) -> String {
        if pattern == JSONRead.rootPath { return pattern }
        let actual = path == JSONRead.rootPath ? [] : path.split(separator: ".").map(String.init)
        var components = pattern.split(separator: ".").map(String.init)
        for i in components.indices {
            guard i < actual.count, self.pattern(of: actual[i]) == components[i] else { break }
            components[i] = actual[i]
        }
        return components.joined(separator: ".")
    }

    /// The hint for `key` found at `path`, to follow an "unknown key" message: `it belongs in
    /// "layout"` (`in the top-level "layout"` from a section's `layout`), or `it belongs at the
    /// top level`; nil when `place(of:misplacedAt:)` is.
    static func hint(for key: String, misplacedAt path: String) -> String? {
        guard let place = place(of: key, misplacedAt: path) else { return nil }
        if place == JSONRead.rootPath { return "it belongs at the top level" }
        // In a section's "layout", the scene's is named as the top-level one.
        let sameName = path.split(separator: ".").last.map(String.init) == place
        return "it belongs in \(sameName ? "the top-level " : "")\"\(place)\""
    }
}
