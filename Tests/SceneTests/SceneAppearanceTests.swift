import Foundation
import Geometry
import Raster
import Support
import Synchronization
import TestSupport
import Testing

@testable import Scene

/// The richer scene keys: cell designs, views, transforms, devices, images, menu, delegate-driven state.
@Suite struct SceneAppearanceTests {
    func decode(_ body: String, canvas: String = #""canvas": {"width": 200, "height": 200}"#) throws -> Scene {
        try Scene(json: "{\(canvas)\(body.isEmpty ? "" : ", " + body)}")
    }

    func message(_ body: String) -> String? {
        do {
            _ = try decode(body)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func decodesACellDesign() throws {
        let scene = try decode(
            #"""
            "cell": {"backgroundView": {"backgroundColor": "#FF8000"},
                     "contentView": {"insets": 4, "transform": {"scale": 0.8, "rotation": 90},
                                     "subviews": [{"label": {"text": "#{index}", "alignment": "left", "numberOfLines": 2}}],
                                     "highlighted": {"backgroundColor": "#FFFF00"}}}
            """#)
        let cell = try #require(scene.appearance.cell)
        #expect(cell.backgroundView?.look.backgroundColor == Color(red: 255, green: 128, blue: 0))
        let content = try #require(cell.contentView)
        #expect(content.insets == EdgeInsets(all: 4))
        #expect(content.subviews.first?.label?.text == "#{index}")
        #expect(content.subviews.first?.label?.numberOfLines == 2)
        #expect(content.highlighted?.backgroundColor == Color(red: 255, green: 255, blue: 0))
        // scale 0.8 then a quarter turn: (1, 0) maps to (0, 0.8).
        let p = content.transform!.transform3D.project(Point(x: 1, y: 0)).point
        #expect(abs(p.x) < 1e-12 && abs(p.y - 0.8) < 1e-12)
    }

    @Test func errorsNameTheNestedPath() {
        #expect(
            message(#""cell": {"contentView": {"subviews": [{"lable": {}}]}}"#)
                == #"cell.contentView.subviews[0]: unknown key "lable"; did you mean "label"?"#)
        #expect(
            message(#""cell": {"contentView": {"label": {}, "image": {}}}"#)
                == #"cell.contentView: a view shows either a "label" or an "image", not both"#)
        #expect(
            message(#""headerView": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "insets": 2}"#)
                == #"headerView: give either "frame" or "insets", not both"#)
        #expect(message(#""backgroundView": {"alpha": 2}"#) == "backgroundView.alpha: must be between 0 and 1, got 2")
        #expect(
            message(#""cell": {"contentView": {"label": {"alignment": "justified"}}}"#)
                == #"cell.contentView.label.alignment: must be one of "left", "center", "right", got "justified""#)
        #expect(
            message(#""menu": {"item": [0, 9]}, "sections": [{"itemCount": 2}]"#)
                == "menu.item: no item [0, 9]: section 0 has 2 items")
        #expect(
            message(#""decorationViews": ["red"]"#)
                == #"decorationViews: must be an object mapping decoration kinds to views, got ["red"]"#)
    }

    @Test func devicePresetsSetTheCanvas() throws {
        let phone = try Scene(json: #"{"device": "iPhone 15"}"#)
        #expect(phone.canvas.width == 393 && phone.canvas.height == 852 && phone.canvas.scale == 3)
        let pad = try Scene(
            json: #"{"device": {"name": "iPad Pro 11", "orientation": "landscape"}, "canvas": {"scale": 1}}"#)
        #expect(pad.canvas.width == 1194 && pad.canvas.height == 834 && pad.canvas.scale == 1)
        #expect(throws: SceneDecodingError.self) { try Scene(json: #"{"device": "iPhone 99"}"#) }
    }

    @Test func aSceneShownOnADeviceIsTheSceneWithThatDevicesCanvas() throws {
        let sections =
            #""sections": [{"itemCount": 30}], "layout": {"type": "flow", "itemSize": {"width": 90, "height": 60}}"#
        let own = try Scene(
            json: ##"{"canvas": {"width": 200, "height": 150, "background": "#102030"}, "##
                + sections + "}")
        let variant = try SceneDeviceVariant(parsing: "iPad mini:landscape")
        #expect(variant.label == "iPad-mini-landscape" && variant.description == "iPad mini:landscape")
        let shown = own.shown(on: variant)
        #expect(shown.canvas == SceneCanvas(width: 1133, height: 744, scale: 2, background: own.canvas.background))
        // The same pixels as a scene that names the device itself.
        let named = try Scene(
            json:
                ##"{"device": {"name": "iPad mini", "orientation": "landscape"}, "canvas": {"background": "#102030"}, "##
                + sections + "}")
        let renderer = try SceneRenderer()
        let image = try renderer.render(shown)
        #expect(image.width == 2266 && image.height == 1488)
        #expect(image.pixels == (try renderer.render(named)).pixels)

        #expect(try SceneDeviceVariant(parsing: "iPhone SE:portrait") == SceneDeviceVariant(device: .presets[0]))
        #expect(try SceneDeviceVariant(parsing: "iPhone SE").label == "iPhone-SE")
        #expect(
            try SceneDeviceVariant(parsing: "iPad-Pro-11:landscape")
                == SceneDeviceVariant(parsing: "iPad Pro 11:landscape"))
        // Every variant's file label reads back as that variant.
        for variant in SceneDeviceVariant.all {
            #expect(try SceneDeviceVariant(parsing: variant.label) == variant, "\(variant.label)")
        }
        for wrong in [
            "iphone se", "iPhone SE:sideways", "", ":landscape", "iPhone SE:portrait:landscape", "iPhone-SE-portrait",
            "iPhone-SE-landscape:landscape",
        ] {
            #expect(throws: SceneDecodingError.self, "\(wrong)") { try SceneDeviceVariant(parsing: wrong) }
        }
        #expect(
            throws: SceneDecodingError(
                path: "device",
                message:
                    "unknown device \"iPhone 12\" (give NAME or NAME:landscape, or the label file names use, e.g. iPad-Pro-11-landscape); known: \"iPhone SE\", \"iPhone 13 mini\", \"iPhone 15\", \"iPhone 15 Pro Max\", \"iPhone 16 Pro\", \"iPad mini\", \"iPad\", \"iPad Pro 11\", \"iPad Pro 13\""
            )
        ) { try SceneDeviceVariant(parsing: "iPhone 12") }
        // A known device with a misspelt orientation is told about the orientation, by either name.
        for (text, device) in [("iPad:landscpe", "iPad"), ("iPad-Pro-11:Landscape", "iPad-Pro-11")] {
            #expect(
                throws: SceneDecodingError(
                    path: "--device",
                    message:
                        "unknown orientation \"\(text.split(separator: ":")[1])\" after \"\(device)\"; give \"landscape\" or \"portrait\" (or nothing, for portrait)"
                )
            ) { try SceneDeviceVariant(parsing: text, path: "--device") }
        }
        // A name is quoted as scene errors quote values: on one line, and cut when long; the
        // command line names its option.
        let message = thrownMessage(SceneDecodingError.self) {
            _ = try SceneDeviceVariant(parsing: "iPhone\nSE", path: "--device")
        }
        #expect(message?.hasPrefix(#"--device: unknown device "iPhone\nSE" (give"#) == true)
        let long = thrownMessage(SceneDecodingError.self) {
            _ = try SceneDeviceVariant(parsing: String(repeating: "x", count: 3000))
        }
        #expect((long?.count ?? .max) < 500)
    }

    @Test func imageNamesMayNotEscapeTheirFolder() {
        #expect(SceneImages.problem(with: "../secret") != nil)
        #expect(SceneImages.problem(with: "a/../../b") != nil)
        #expect(SceneImages.problem(with: "/etc/passwd") != nil)
        #expect(SceneImages.problem(with: "animals/cat") == nil)
    }

    @Test func missingImagesAreReportedWithTheItemPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cp-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.json")
        try Data(
            #"""
            {"canvas": {"width": 100, "height": 100},
             "cell": {"contentView": {"image": {"name": "{image}"}}},
             "sections": [{"items": [{"image": "cat"}, {"image": "no-such-animal"}]}]}
            """#.utf8
        ).write(to: file)
        #expect {
            _ = try Scene.load(path: file.path)
        } throws: { error in
            "\(error)".contains("sections[0].items[1].image: no image \"no-such-animal\"")
        }
    }

    /// Items an animation brings in are checked at load as the sections' are, with the step's path.
    @Test(arguments: [
        (
            #"{"insertItems": [{"at": [0, 1], "item": {"image": "no-such-animal"}}]}"#,
            "animation.steps[1].insertItems[0].item.image"
        ),
        (
            #"{"reloadItems": [{"at": [0, 0], "item": {"image": "cat"}}, {"at": [0, 1], "item": {"image": "no-such-animal"}}]}"#,
            "animation.steps[1].reloadItems[1].item.image"
        ),
        (
            #"{"insertSections": {"at": 1, "sections": [{"items": [{"image": "cat"}]}, {"items": [{"image": "dog"}, {"image": "no-such-animal"}]}]}}"#,
            "animation.steps[1].insertSections.sections[1].items[1].image"
        ),
    ])
    func missingImagesInAnimationStepsAreReportedAtLoad(step: String, path: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "scene.json",
            #"""
            {"canvas": {"width": 100, "height": 100},
             "cell": {"contentView": {"image": {"name": "{image}"}}},
             "sections": [{"items": [{"image": "cat"}, {"image": "dog"}]}],
             "animation": {"steps": [{"wait": 0.1}, \#(step)]}}
            """#)
        let message = thrownMessage(SceneFileError.self) { _ = try Scene.load(path: file) }
        #expect(message?.contains("\(path): no image \"no-such-animal\"") == true, "\(message ?? "no error")")
        // The same scene with an image that exists loads.
        try folder.write(
            "scene.json",
            String(decoding: try #require(folder.bytes("scene.json")), as: UTF8.self)
                .replacingOccurrences(of: "no-such-animal", with: "panda"))
        #expect(throws: Never.self) { _ = try Scene.load(path: file) }
    }

    /// A fixed image name that cannot be loaded is reported at the key that gives it, however
    /// deep in a design's views, and so is a name that is an absolute path.
    @Test(arguments: [
        (
            #""cells": {"photo": {"contentView": {"subviews": [{"label": {"text": "x"}}, {"image": {"name": "nope"}}]}}}"#,
            #"cells.photo.contentView.subviews[1].image.name: no image "nope""#
        ),
        (
            #""cell": {"backgroundView": {"image": {"name": "nope"}}}"#,
            #"cell.backgroundView.image.name: no image "nope""#
        ),
        (
            #""headerView": {"subviews": [{"image": {"name": "/etc/passwd"}}]}"#,
            #"headerView.subviews[0].image.name: image "/etc/passwd" must be a name relative"#
        ),
        (
            #""footerViews": {"credits": {"subviews": [{"subviews": [{"image": {"name": "nope"}}]}]}}"#,
            #"footerViews.credits.subviews[0].subviews[0].image.name: no image "nope""#
        ),
    ])
    func aDesignsImageIsReportedAtItsKey(design: String, expected: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "scene.json", #"{"canvas": {"width": 100, "height": 100}, "sections": [{"itemCount": 1}], "# + design + "}")
        let message = thrownMessage(SceneFileError.self) { _ = try Scene.load(path: file) }
        #expect(message?.contains("scene.json: " + expected) == true, "\(message ?? "no error")")
    }

    /// An item's `image` that its cell design never shows (no `{image}` in it) is an error at
    /// load, naming the item: the value would do nothing.
    @Test func anImageNoCellDesignShowsIsAnError() throws {
        let folder = try TemporaryFolder()
        func load(_ body: String) throws -> String? {
            let file = try folder.write("scene.json", #"{"canvas": {"width": 100, "height": 100}, "# + body + "}")
            return thrownMessage(SceneFileError.self) { _ = try Scene.load(path: file) }
        }
        // A scene without cell designs shows no images at all.
        let core = try load(#""sections": [{"items": [{"text": "A"}, {"image": "cat"}]}]"#)
        #expect(
            core?.contains(#"sections[0].items[1].image: no cell design shows it"#) == true, "\(core ?? "no error")")
        // The design the item picks has none, though another design has one.
        let designs = #""cell": {"contentView": {"image": {}}}, "cells": {"badge": {"contentView": {"label": {}}}}, "#
        let badge = try load(
            designs + #""sections": [{"items": [{"image": "cat"}, {"image": "dog", "cell": "badge"}]}]"#)
        #expect(
            badge?.contains(#"sections[0].items[1].image: the item's cell design "badge" shows no image"#) == true,
            "\(badge ?? "no error")")
        // So does an item an animation step inserts.
        let inserted = try load(
            designs
                + #""sections": [{"items": [{"image": "cat"}]}], "animation": {"steps": [{"insertItems": [{"at": [0, 1], "item": {"image": "dog", "cell": "badge"}}]}]}"#
        )
        #expect(
            inserted?.contains(#"animation.steps[0].insertItems[0].item.image: the item's cell design "badge""#)
                == true,
            "\(inserted ?? "no error")")
        // A label's text that uses {image} shows it: the scene loads, as it does without the key.
        let labelled = #""cells": {"badge": {"contentView": {"label": {"text": "{image}"}}}}, "#
        #expect(try load(labelled + #""sections": [{"cell": "badge", "items": [{"image": "not a file"}]}]"#) == nil)
        #expect(try load(designs + #""sections": [{"items": [{"image": "cat"}, {"cell": "badge"}]}]"#) == nil)
    }

    /// An item's, header's or footer's `text` that its design never shows (no `{text}` in its
    /// labels or image names) is an error at load, as an unused `image` is; the default
    /// designs show the text.
    @Test func aTextNoDesignShowsIsAnError() throws {
        let folder = try TemporaryFolder()
        func load(_ body: String) throws -> String? {
            let file = try folder.write("scene.json", #"{"canvas": {"width": 100, "height": 100}, "# + body + "}")
            return thrownMessage(SceneFileError.self) { _ = try Scene.load(path: file) }
        }
        let bordered = ##""cell": {"contentView": {"borderWidth": 1, "borderColor": "#000000"}}, "##
        let item = try load(bordered + #""sections": [{"items": [{"text": ""}, {"text": "B"}]}]"#)
        #expect(
            item?.hasSuffix(
                #"sections[0].items[1].text: the item's cell design "cell" shows no text: none of its labels or image names uses {text}"#
            ) == true, "\(item ?? "no error")")
        let header = try load(
            ##""headerView": {"backgroundColor": "#EEEEEE"}, "sections": [{"itemCount": 1, "header": {"text": "Pets"}}]"##
        )
        #expect(
            header?.hasSuffix(
                #"sections[0].header.text: its design "headerView" shows no text: none of its labels or image names uses {text}"#
            ) == true, "\(header ?? "no error")")
        // The default designs, a label of {text}, and an image named after the text show it.
        #expect(try load(#""sections": [{"items": [{"text": "A"}], "header": {"text": "Pets"}}]"#) == nil)
        let labelled = #""cell": {"contentView": {"label": {"text": "No. {text}"}}}, "#
        #expect(try load(labelled + #""sections": [{"items": [{"text": "A"}]}]"#) == nil)
        let pictured = #""cell": {"contentView": {"image": {"name": "{text}"}}}, "#
        #expect(
            try load(pictured + #""sections": [{"items": [{"text": "not a file"}]}]"#)?.contains("no image") == true)
    }

    /// Every image is within `ImageLimits`, and all of a scene's together within a budget
    /// (1 GiB by default), checked from each file's header before its pixels are made; an image
    /// shown twice counts once.
    @Test func theImagesTogetherStayWithinTheirBudget() throws {
        let folder = try TemporaryFolder()
        let cat = try #require(SceneImages(sceneFolder: nil).path(forName: "cat"))
        for name in ["a.png", "b.png"] { try FileManager.default.copyItem(atPath: cat, toPath: folder.url(name)) }
        let size = try #require(SceneImages.decodedSize(ofFileAt: cat))
        let decoded = try SceneImages(folders: [folder.path]).load("a")
        #expect(size == decoded.width * decoded.height * 4)
        let tight = SceneImages(folders: [folder.path], decodedByteLimit: size * 3 / 2)
        #expect(try tight.load("a").pixels == decoded.pixels)
        #expect(throws: Never.self) { try tight.load("a") }
        let message: String?
        do {
            _ = try tight.load("b")
            message = nil
        } catch { message = error.message }
        #expect(
            message
                == "image \"b\": the scene's images would take \(digitsGrouped(2 * size)) bytes decoded, more than the \(digitsGrouped(size * 3 / 2)) allowed in all"
        )
        // Threads asking for one name at once share one decode, counted once: with room for
        // one image and a half, eight threads asking for "a" together all get it.
        let shared = SceneImages(folders: [folder.path], decodedByteLimit: size * 3 / 2)
        let loaded = Mutex([Bool](repeating: false, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            let same = (try? shared.load("a"))?.pixels == decoded.pixels
            loaded.withLock { $0[k] = same }
        }
        #expect(loaded.withLock { $0 } == [Bool](repeating: true, count: 8))
        let roomy = SceneImages(folders: [folder.path], decodedByteLimit: size * 2)
        #expect(throws: Never.self) {
            _ = try roomy.load("a")
            _ = try roomy.load("b")
        }
        // What a worker reserves for the images, read from the headers: each file once, however
        // often it is shown.
        let scene = try Scene.load(
            path: try folder.write(
                "s.json",
                #"{"canvas": {"width": 100, "height": 100}, "cell": {"contentView": {"subviews": [{"image": {"name": "{image}"}}, {"image": {"name": "b"}}]}}, "sections": [{"items": [{"image": "a"}, {"image": "b"}, {"image": "a"}]}]}"#
            ))
        #expect(scene.decodedImageBytes(in: SceneImages(folders: [folder.path])) == 2 * size)
        let plain = try Scene(jsonBytes: Array(#"{"canvas": {"width": 10, "height": 10}}"#.utf8))
        #expect(plain.decodedImageBytes(in: SceneImages(folders: [folder.path])) == 0)
    }

    /// An item a step inserts takes the design of the section there when the step runs, after
    /// the sections earlier steps deleted or inserted.
    @Test func anInsertedItemsDesignIsItsSectionsWhenTheStepRuns() throws {
        let folder = try TemporaryFolder()
        func load(_ steps: String) throws -> String? {
            let file = try folder.write(
                "scene.json",
                #"""
                {"canvas": {"width": 300, "height": 200},
                 "cell": {"contentView": {"image": {}}},
                 "cells": {"plain": {"contentView": {"label": {}}}},
                 "sections": [{"cell": "plain", "items": [{"text": "A"}]}, {"items": [{"image": "dog"}]}],
                 "animation": {"steps": \#(steps)}}
                """#)
            return thrownMessage(SceneFileError.self) { _ = try Scene.load(path: file) }
        }
        let insert = #"{"insertItems": [{"at": [0, 0], "item": {"image": "cat"}}]}"#
        // Section 0 is "plain" at the start: an image there is one nothing shows.
        #expect(
            try load("[\(insert)]")?.contains(#"insertItems[0].item.image: the item's cell design "plain""#) == true)
        // With section 0 deleted first, the item lands in the section that shows images.
        #expect(try load(#"[{"deleteSections": [0]}, "# + insert + "]") == nil)
        // And with a plain section inserted before it, in that one again.
        let inserted = #"{"insertSections": {"at": 0, "sections": [{"cell": "plain", "items": [{"text": "B"}]}]}}"#
        let again = try load(#"[{"deleteSections": [0]}, "# + inserted + ", " + insert + "]")
        #expect(
            again?.contains(#"animation.steps[2].insertItems[0].item.image: the item's cell design "plain""#) == true,
            "\(again ?? "no error")")
    }

    /// The headers' and footers' designs' templated image names are checked at load as the
    /// items' are, filled with each one's text and section.
    @Test func headerAndFooterImagesAreCheckedAsFilled() throws {
        let folder = try TemporaryFolder()
        let cat = try #require(SceneImages(sceneFolder: nil).path(forName: "cat"))
        try FileManager.default.copyItem(atPath: cat, toPath: folder.url("icon-0.png"))
        func load(_ header: String, _ steps: String = "[]") throws -> String? {
            let file = try folder.write(
                "scene.json",
                #"""
                {"canvas": {"width": 200, "height": 200},
                 "layout": {"type": "flow", "headerReferenceSize": {"width": 0, "height": 30}},
                 "headerView": {"image": {"name": "{text}"}},
                 "footerView": {"image": {"name": "icon-{section}"}},
                 "sections": [{"itemCount": 2, "header": \#(header), "footer": {}}],
                 "animation": {"steps": \#(steps)}}
                """#)
            return thrownMessage(SceneFileError.self) { _ = try Scene.load(path: file) }
        }
        #expect(try load(#"{"text": "cat"}"#) == nil)
        #expect(try load("{}") == nil)  // no text: nothing to fill {text} with
        let missing = try load(#"{"text": "nothere"}"#)
        #expect(missing?.contains(#"sections[0].header.text: no image "nothere""#) == true, "\(missing ?? "no error")")
        // A section a step inserts at 1 looks for icon-1 in its footer.
        let inserted = try load(#"{"text": "cat"}"#, #"[{"insertSections": {"at": 1, "sections": [{"footer": {}}]}}]"#)
        #expect(
            inserted?.contains(#"animation.steps[0].insertSections.sections[0].footer: no image "icon-1""#) == true,
            "\(inserted ?? "no error")")
    }

    /// A binary copied without its resource bundle cannot find the bundled pictures: the error
    /// for a missing image says why, and how to mend it.
    @Test func aMissingBundleIsNamedInTheImageError() throws {
        func message(_ images: SceneImages) -> String? {
            do {
                _ = try images.load("no-such-animal")
                return nil
            } catch { return error.message }
        }
        let withoutBundle = try #require(message(SceneImages(sceneFolder: "Samples", assetsFolder: nil)))
        #expect(withoutBundle.hasPrefix(#"no image "no-such-animal" in Samples (the bundled Images/ was not found"#))
        #expect(
            withoutBundle.contains("CollectionPreview_BundledAssets.resources")
                && withoutBundle.contains("COLLECTION_PREVIEW_ASSETS"))
        let withBundle = try #require(message(SceneImages(sceneFolder: "Samples", assetsFolder: "Assets")))
        #expect(withBundle == #"no image "no-such-animal" in Samples or Assets/Images"#)
    }

    /// Image names a cell design builds from placeholders are checked as the cell fills them:
    /// `"photos/{image}"` loads `photos/cat`, not `cat`; `"icon-{item}"` each item's index.
    @Test func templatedImageNamesAreCheckedAsFilled() throws {
        let folder = try TemporaryFolder()
        let cat = try #require(SceneImages(sceneFolder: nil).path(forName: "cat"))
        try FileManager.default.createDirectory(atPath: folder.url("photos"), withIntermediateDirectories: true)
        for name in ["photos/cat.png", "photos/dog.png", "icon-0.png", "icon-1.png"] {
            try FileManager.default.copyItem(atPath: cat, toPath: folder.url(name))
        }
        func load(_ image: String, items: String, steps: String = "[]") throws -> String? {
            let file = try folder.write(
                "scene.json",
                #"""
                {"canvas": {"width": 100, "height": 100},
                 "cell": {"contentView": {"image": {"name": "\#(image)"}}},
                 "sections": [{"items": \#(items)}],
                 "animation": {"steps": \#(steps)}}
                """#)
            return thrownMessage(SceneFileError.self) { _ = try Scene.load(path: file) }
        }
        // Every filled name exists: the scene loads, though "cat" and "dog" are not in the folder's
        // top level, and "panda" (no photos/panda) would be found bundled under its bare name.
        #expect(try load("photos/{image}", items: #"[{"image": "cat"}, {"image": "dog"}, {}]"#) == nil)
        let missing = try load("photos/{image}", items: #"[{"image": "cat"}, {"image": "panda"}]"#)
        #expect(missing?.contains(#"sections[0].items[1].image: no image "photos/panda""#) == true, "\(missing ?? "")")
        // Positional placeholders: items 0 and 1 have icons, item 2 has none.
        #expect(try load("icon-{item}", items: "[{}, {}]") == nil)
        let third = try load("icon-{item}", items: "[{}, {}, {}]")
        #expect(third?.contains(#"sections[0].items[2]: no image "icon-2""#) == true, "\(third ?? "")")
        // A section of `itemCount` items: each place is checked, and named by the count.
        let counted = try folder.write(
            "scene.json",
            #"""
            {"canvas": {"width": 100, "height": 100},
             "cell": {"contentView": {"image": {"name": "icon-{item}"}}},
             "sections": [{"itemCount": 3}]}
            """#)
        let count = thrownMessage(SceneFileError.self) { _ = try Scene.load(path: counted) }
        #expect(count?.contains(#"sections[0].itemCount: no image "icon-2""#) == true, "\(count ?? "")")
        // An item an animation inserts has no place before the animation runs: not checked.
        let inserted = #"[{"wait": 0.1}, {"insertItems": [{"at": [0, 2], "item": {}}]}]"#
        #expect(try load("icon-{item}", items: "[{}, {}]", steps: inserted) == nil)
        // But its own image is, through the template.
        let insertedPanda = #"[{"wait": 0.1}, {"insertItems": [{"at": [0, 2], "item": {"image": "panda"}}]}]"#
        let message = try load("photos/{image}", items: "[{}]", steps: insertedPanda)
        #expect(
            message?.contains(#"animation.steps[1].insertItems[0].item.image: no image "photos/panda""#) == true,
            "\(message ?? "")")
    }

    @Test func highlightedLookComesFromTheDelegateSequence() throws {
        let scene = try decode(
            #"""
            "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50}},
            "cell": {"contentView": {"backgroundColor": "#0000FF", "highlighted": {"backgroundColor": "#FFFF00"}}},
            "sections": [{"itemCount": 3}],
            "highlighted": [[0, 1]]
            """#)
        let cv = scene.makeCollectionView()
        #expect(cv.sceneDataSource.highlightedByDelegate == [IndexPath(item: 1, section: 0)])
        let image = try SceneRenderer().render(scene)
        let frame = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))).frame
        #expect(image[Int(frame.midX), Int(frame.midY)] == Color(red: 255, green: 255, blue: 0).premultiplied)
        let other = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
        #expect(image[Int(other.midX), Int(other.midY)] == Color(red: 0, green: 0, blue: 255).premultiplied)
    }

    @Test func selectionGoesThroughTaps() throws {
        let scene = try decode(#""sections": [{"itemCount": 5}], "selected": [[0, 2], [0, 4]]"#)
        let cv = scene.makeCollectionView()
        #expect(cv.allowsMultipleSelection)
        #expect(cv.isItemSelected(at: IndexPath(item: 2, section: 0)))
        #expect(cv.isItemSelected(at: IndexPath(item: 4, section: 0)))
        #expect(!cv.isItemSelected(at: IndexPath(item: 0, section: 0)))
        // Taps highlight and then unhighlight: nothing stays highlighted.
        #expect(cv.sceneDataSource.highlightedByDelegate.isEmpty)
    }

    @Test func templatesFillPlaceholders() {
        let v = TemplateValues(text: "Cat", image: "cat", item: 3, section: 1, index: 13)
        #expect(v.fill("{text} {image} {item} {section} {index} {other}") == "Cat cat 3 1 13 {other}")
        #expect(v.fill("{{index}} {text") == "{13} {text")
        #expect(v.fill("{sections}{section}{}{") == "{sections}1{}{")
        #expect(v.fill("") == "" && v.fill("no braces") == "no braces")
        // A value put in is not filled again: an item whose text is a placeholder shows it as it is.
        let literal = TemplateValues(text: "{index} {item", item: 3, index: 13)
        #expect(literal.fill("{text}: {index}") == "{index} {item: 13")
    }

    /// `filledByteCount` counts the bytes `fill` makes, braces that are no placeholder and
    /// values that look like one included; an element whose place is unknown counts 20 bytes for
    /// each place placeholder.
    @Test func filledByteCountsAreWhatFillMakes() {
        let values = [
            TemplateValues(text: "Cat", image: "cat", item: 3, section: 1, index: 13),
            TemplateValues(text: "{index} {item", item: -12, index: 1_234_567),
            TemplateValues(text: "héllo wörld 🐈", image: "", item: Int.min),
        ]
        let templates = [
            "", "no braces", "{text}", "{text}{text}{text}", "{{index}} {text", "{sections}{section}{}{",
            "{text} {image} {item} {section} {index} {other}", "é{item}é{", "{text}: {index} {", "{image}}{item",
        ]
        for v in values {
            for t in templates {
                #expect(v.filledByteCount(TemplateShape(t)) == v.fill(t).utf8.count, "\(t) with \(v.text)")
            }
        }
        let shape = TemplateShape("#{item} of {section} ({index})")
        #expect(shape.usesPlace && !TemplateShape("{text}{image}").usesPlace)
        #expect(values[0].filledByteCount(shape, placeKnown: false) == shape.literalByteCount + 3 * 20)
    }
}

@Suite struct SceneCanvasLimitTests {
    @Test func pixelCountIsCheckedBeforeAnythingIsAllocated() {
        #expect {
            _ = try Scene(json: #"{"canvas": {"width": 16000, "height": 16000}}"#)
        } throws: { error in
            "\(error)" == "canvas: width × height × scale² must be at most 67108864 pixels, got 256000000"
        }
        #expect(throws: Never.self) { try Scene(json: #"{"canvas": {"width": 8192, "height": 8192}}"#) }
    }
}
