import Foundation
import Support

extension Scene {
    /// Checks that every image the scene names can be loaded, reporting the JSON path of the first
    /// that cannot: the appearance's fixed names first, then, item by item, the names its cell
    /// design builds from placeholders (`"photos/{image}"`, `"icon-{item}"`) filled as the
    /// rendered cell fills them (`TemplateValues`).
    ///
    /// An item that gives an `image` its cell design never uses (no `{image}` in it) is an error
    /// too: the value would do nothing, which is almost certainly a mistake.
    ///
    /// Items are the sections', then those the animation's steps insert, reload or bring in with
    /// new sections. A template is skipped for an item when a placeholder it uses has no value
    /// there: `{image}` or `{text}` for an item without one (the cell shows no image, as
    /// intended), and `{item}`, `{section}` or `{index}` for an item an animation step brings in,
    /// whose place is only known while the animation runs.
    ///
    /// - Throws: `SceneDecodingError`.
    /// - Complexity: O(items × templates of their designs); a JSON path is built only for an
    ///   image that fails.
    func checkImages(in images: SceneImages) throws {
        try forEachImageName { name, path in
            do throws(ImageLookupError) { _ = try images.load(name) } catch {
                throw SceneDecodingError(imageError: error, path: path())
            }
        }
    }

    /// The files of the images the scene names that exist (`checkImages`' names, found as
    /// `images` finds them), with symbolic links resolved; the names found before an item
    /// that gives an `image` its design never shows, when it has one. No image is decoded.
    ///
    /// `test` keeps these out of the baselines no scene uses: a picture beside the scenes,
    /// in a baselines folder that holds them, is not a baseline, and `--prune` must not delete it.
    public func imageFiles(in images: SceneImages) -> Set<String> {
        var files = Set<String>()
        try? forEachImageName { name, _ in
            if let file = images.path(forName: name).flatMap(resolvedPath) { files.insert(file) }
        }
        return files
    }

    /// The bytes the images the scene names take decoded (RGBA8, from each file's header, none
    /// decoded), at most `SceneImages.maximumDecodedBytes`, the most a render may decode: what
    /// drawing the scene holds besides its canvas, for a worker's share of a memory budget.
    public func decodedImageBytes(in images: SceneImages) -> Int {
        let total = imageFiles(in: images).reduce(0) { $0 + (SceneImages.decodedSize(ofFileAt: $1) ?? 0) }
        return min(total, SceneImages.maximumDecodedBytes)
    }

    /// Calls `body` once for every image name the scene gives, with a function making the JSON
    /// path to report it at: the names of `checkImages`, in its order.
    ///
    /// - Throws: what `body` throws, or `SceneDecodingError` for an item that gives an `image`
    ///   its cell design never shows.
    private func forEachImageName(_ body: (String, () -> String) throws -> Void) throws {
        var checked = Set<String>()
        for (name, path) in appearance.imageNames where !name.contains("{") && checked.insert(name).inserted {
            try body(name) { path }
        }
        var templatesByDesign: [String: [String]] = [:]
        func templates(_ identifier: String) -> [String] {
            if let known = templatesByDesign[identifier] { return known }
            let found = (appearance.cellDesign(for: identifier)?.imageNames ?? []).filter { $0.contains("{") }
            templatesByDesign[identifier] = found
            return found
        }
        // Items of `itemCount` sections have no image or text: only positional templates matter.
        let placesMatter = { (identifier: String) in
            templates(identifier).contains { Scene.positionalPlaceholders.contains(where: $0.contains) }
        }
        try forEachItem(countedItemsMatter: placesMatter) { item, position, identifier, path in
            if item.image != nil, appearance.cellDesign(for: identifier)?.uses("{image}") != true {
                throw SceneDecodingError(path: path() + ".image", message: unusedImageMessage(identifier))
            }
            let templates = templates(identifier)
            if templates.isEmpty { return }
            let values = TemplateValues(
                text: item.text ?? "", image: item.image ?? "", item: position?.item ?? 0,
                section: position?.section ?? 0, index: position?.index ?? 0)
            for template in templates {
                let usesImage = template.contains("{image}"), usesText = template.contains("{text}")
                if usesImage && values.image.isEmpty || usesText && values.text.isEmpty { continue }
                if position == nil && Scene.positionalPlaceholders.contains(where: template.contains) { continue }
                let name = values.fill(template)
                guard checked.insert(name).inserted else { continue }
                let key = usesImage ? ".image" : usesText ? ".text" : ""
                try withoutActuallyEscaping(path) { itemPath in try body(name) { itemPath() + key } }
            }
        }
        try forEachSupplementaryImageName(checked: &checked, body)
    }

    /// Calls `body` for the templated image names of the section headers' and footers' designs,
    /// filled as the rendered header or footer fills them: with its text (`{text}`) and its
    /// section (`{section}`). A header without text skips the templates that use `{text}`.
    private func forEachSupplementaryImageName(
        checked: inout Set<String>, _ body: (String, () -> String) throws -> Void
    ) throws {
        try forEachSupplementary { design, _, values, path in
            for template in design?.imageNames ?? [] where template.contains("{") {
                let usesText = template.contains("{text}")
                if usesText && values.text.isEmpty { continue }
                let name = values.fill(template)
                guard !name.isEmpty, checked.insert(name).inserted else { continue }
                try body(name) { path + (usesText ? ".text" : "") }
            }
        }
    }

    /// Calls `body` for every section header and footer the scene gives, with its design (nil
    /// for the default one) and that design's JSON path (`headerViews.big`, `headerView`), the
    /// values its templates are filled with (its text and its section) and its own JSON path
    /// (`sections[2].header`).
    ///
    /// The sections are the scene's, then those the animation's `insertSections` steps bring in
    /// (at the index the step gives them).
    func forEachSupplementary(
        _ body: (ViewSpec?, String, TemplateValues, String) throws -> Void
    ) throws {
        func visit(_ section: SceneSection, at index: Int, path: String) throws {
            for (key, supplementary) in [("header", section.header), ("footer", section.footer)] {
                guard let supplementary else { continue }
                let isHeader = key == "header"
                let named = supplementary.view.flatMap { view in
                    (isHeader ? appearance.headerViews[view] : appearance.footerViews[view]).map {
                        (design: $0, path: "\(key)Views.\(view)")
                    }
                }
                let design = named?.design ?? (isHeader ? appearance.headerView : appearance.footerView)
                let values = TemplateValues(text: supplementary.text ?? "", section: index)
                try body(design, named?.path ?? "\(key)View", values, "\(path).\(key)")
            }
        }
        for (s, section) in sections.enumerated() { try visit(section, at: s, path: "sections[\(s)]") }
        for (k, step) in (animation?.steps ?? []).enumerated() {
            guard case .insertSections(let at, let inserted) = step.action else { continue }
            for (s, section) in inserted.enumerated() {
                try visit(section, at: at + s, path: "animation.steps[\(k)].insertSections.sections[\(s)]")
            }
        }
    }

    /// Why an item's `image` is an error when its cell design (reuse identifier `identifier`)
    /// has no `{image}`: the value would have no effect.
    private func unusedImageMessage(_ identifier: String) -> String {
        if appearance.cell == nil && appearance.cells.isEmpty {
            return
                "no cell design shows it: give the scene a \"cell\" with an \"image\" view (its name \"{image}\" by default)"
        }
        return "the item's cell design \"\(identifier)\" shows no image: none of its image names or texts uses {image}"
    }

    /// The placeholders whose values are an item's place in the collection view.
    private static let positionalPlaceholders = ["{item}", "{section}", "{index}"]

    /// An item's place, for the placeholders that name it.
    struct ItemPosition {
        var item: Int
        var section: Int
        var index: Int
    }

    /// Calls `body` for every item the scene gives: the sections' (with their place; a section of
    /// `itemCount` gives that many default items when `countedItemsMatter` says so for its
    /// design's reuse identifier), then those
    /// of the animation's `insertItems`, `reloadItems` and `insertSections` steps (without). Each
    /// comes with the reuse identifier of its cell design and a function making its JSON path.
    func forEachItem(
        countedItemsMatter: (String) -> Bool, _ body: (SceneItem, ItemPosition?, String, () -> String) throws -> Void
    ) throws {
        var index = 0
        for (s, section) in sections.enumerated() {
            if let items = section.items {
                for (i, item) in items.enumerated() {
                    let identifier = item.cell ?? section.cell ?? Scene.defaultCellIdentifier
                    try body(item, ItemPosition(item: i, section: s, index: index + i), identifier) {
                        "sections[\(s)].items[\(i)]"
                    }
                }
            } else if countedItemsMatter(section.cell ?? Scene.defaultCellIdentifier) {
                // `itemCount` items: nothing of their own, but a place (`"icon-{item}"`).
                let identifier = section.cell ?? Scene.defaultCellIdentifier
                for i in 0..<section.itemCount {
                    try body(SceneItem(), ItemPosition(item: i, section: s, index: index + i), identifier) {
                        "sections[\(s)].itemCount"
                    }
                }
            }
            index += section.itemCount
        }
        // The sections' cell designs as the steps leave them: an item a step inserts or reloads
        // takes the design of the section that is there when the step runs.
        var sectionCells = sections.map(\.cell)
        for (k, step) in (animation?.steps ?? []).enumerated() {
            let stepPath = "animation.steps[\(k)]"
            switch step.action {
            case .insertItems(let placed), .reloadItems(let placed):
                let key = if case .insertItems = step.action { "insertItems" } else { "reloadItems" }
                for (i, p) in placed.enumerated() {
                    let sectionCell = sectionCells.indices.contains(p.at.section) ? sectionCells[p.at.section] : nil
                    let identifier = p.item.cell ?? sectionCell ?? Scene.defaultCellIdentifier
                    try body(p.item, nil, identifier) { "\(stepPath).\(key)[\(i)].item" }
                }
            case .insertSections(let at, let inserted):
                for (s, section) in inserted.enumerated() {
                    for (i, item) in (section.items ?? []).enumerated() {
                        let identifier = item.cell ?? section.cell ?? Scene.defaultCellIdentifier
                        try body(item, nil, identifier) { "\(stepPath).insertSections.sections[\(s)].items[\(i)]" }
                    }
                }
                if at >= 0 && at <= sectionCells.count { sectionCells.insert(contentsOf: inserted.map(\.cell), at: at) }
            case .deleteSections(let indices):
                for index in Set(indices).sorted(by: >) where sectionCells.indices.contains(index) {
                    sectionCells.remove(at: index)
                }
            default: break
            }
        }
    }
}
