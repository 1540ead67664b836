extension Scene {
    /// The most UTF-8 bytes a label's text may hold with its placeholders filled: 64 KiB.
    ///
    /// UIKit has no such limit, but laying text out takes memory and time for every character,
    /// whether it is shown or cut, and every shown cell holds its own filled text. Without it a
    /// template repeating `{text}` 2,000 times, in a scene of 100 KB, made a label of 180 million
    /// characters (7 GB and 40 s for one frame), and 160 cells of a megabyte label each at a
    /// hundredth of a point took a minute. 64 KiB is some 10,000 words, more than a label shows.
    public static let maximumLabelTextBytes = 1 << 16

    /// The most UTF-8 bytes the labels whose text has placeholders may hold in all, filled, over
    /// every item, header and footer of a scene: 64 MiB, the most a scene file holds.
    ///
    /// Each element shown makes its own copy of such a text, and lays it out: without it a
    /// template of 64 KiB with `{item}` in it, shown in 3,000 small cells at once, took 12 s a
    /// frame. Texts without placeholders are shared by the elements and laid out once.
    public static let maximumFilledLabelBytes = 64 << 20

    /// Checks that every label the scene shows holds at most `maximumLabelTextBytes` once its
    /// placeholders are filled (`TemplateValues`), and those with placeholders at most
    /// `maximumFilledLabelBytes` in all, counting without filling: the labels of each item's
    /// cell design (the default content, a label of `{text}`, for a design without one) and of
    /// each section header's and footer's design (the default one shows the text).
    ///
    /// The error for one label names the element's `text` when the label uses `{text}` and the
    /// element has text, else the label's `text` in the design; the error for the total names
    /// the element at which it is passed.
    ///
    /// An item, header or footer that gives a `text` its design never shows (no `{text}` in any
    /// of its labels or image names) is an error too, as an `image` is (`checkImages`): the text
    /// would silently not appear.
    ///
    /// - Throws: `SceneDecodingError`.
    /// - Complexity: O(items × labels of their designs) after O(design text) once per design.
    func checkLabelTexts() throws {
        let limit = Scene.maximumLabelTextBytes
        typealias Label = (shape: TemplateShape, path: String?)
        var labelsByDesign: [String: [Label]] = [:]
        func labels(_ identifier: String) -> [Label] {
            if let known = labelsByDesign[identifier] { return known }
            let found: [Label]
            if let design = appearance.cellDesign(for: identifier) {
                let prefix = appearance.cells[identifier] != nil ? "cells.\(identifier)" : "cell"
                found = design.labelTextPaths.map { (TemplateShape($0.name), "\(prefix).\($0.path)") }
            } else {
                found = [(TemplateShape(LabelSpec().text), nil)]
            }
            labelsByDesign[identifier] = found
            return found
        }
        var filledTotal = 0
        func check(_ label: Label, _ values: TemplateValues, placeKnown: Bool, element: () -> String) throws {
            let bytes = values.filledByteCount(label.shape, placeKnown: placeKnown)
            if label.shape.hasPlaceholders {
                filledTotal += bytes
                if filledTotal > Scene.maximumFilledLabelBytes {
                    throw SceneDecodingError(
                        path: element(),
                        message:
                            "the labels' texts with placeholders, filled for every element, must hold at most \(Scene.maximumFilledLabelBytes) bytes of UTF-8 in all (64 MiB); they pass it here"
                    )
                }
            }
            guard bytes > limit else { return }
            let blamesText = label.shape.count(of: .text) > 0 && !values.text.isEmpty
            let path = blamesText || label.path == nil ? element() + ".text" : label.path!
            let at = label.path.map { $0 == path ? "" : " (the label at \($0))" } ?? ""
            throw SceneDecodingError(
                path: path,
                message:
                    "a label's text, placeholders filled, must be at most \(limit) bytes of UTF-8 (64 KiB), got \(bytes)\(at)"
            )
        }
        try forEachItem(countedItemsMatter: { labels($0).contains { $0.shape.hasPlaceholders } }) {
            item, position, identifier, path in
            let values = TemplateValues(
                text: item.text ?? "", image: item.image ?? "", item: position?.item ?? 0,
                section: position?.section ?? 0, index: position?.index ?? 0)
            if !values.text.isEmpty, let design = appearance.cellDesign(for: identifier), !design.uses("{text}") {
                throw SceneDecodingError(
                    path: path() + ".text",
                    message:
                        "the item's cell design \"\(identifier)\" shows no text: none of its labels or image names uses {text}"
                )
            }
            for label in labels(identifier) { try check(label, values, placeKnown: position != nil, element: path) }
        }
        // Keyed by the design's path: each design's templates are read once, however many
        // sections use it.
        var supplementaryLabels: [String: [Label]] = [:]
        try forEachSupplementary { design, designPath, values, path in
            if !values.text.isEmpty, let design, !design.uses("{text}") {
                throw SceneDecodingError(
                    path: path + ".text",
                    message: "its design \"\(designPath)\" shows no text: none of its labels or image names uses {text}"
                )
            }
            let labels: [Label]
            if let design {
                labels =
                    supplementaryLabels[designPath]
                    ?? design.labelTextPaths.map { (TemplateShape($0.name), "\(designPath).\($0.path)") }
                supplementaryLabels[designPath] = labels
            } else {
                labels = [(TemplateShape(LabelSpec().text), nil)]
            }
            for label in labels { try check(label, values, placeKnown: true) { path } }
        }
    }
}
