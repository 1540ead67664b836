import Foundation
import Layout
import Rendering
import TestSupport
import Testing
import Text

@testable import Scene

/// Runs `validate.py` (Python's `jsonschema`) against `Assets/scene.schema.json`.
///
/// The schema tests need `python3` with the `jsonschema` package
/// (`apt-get install python3-jsonschema` or `pip install jsonschema`); without it
/// they record an issue saying so rather than passing.
enum SchemaValidator {
    /// The repository: four levels above this file (Tests/SceneTests/Schema/SchemaTests.swift).
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()
    static let schemaURL = repositoryRoot.appendingPathComponent("Assets/scene.schema.json")
    static let scriptURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "validate.py")

    /// What one validation run printed: one line per document (`ok` or `error PATH: MESSAGE`),
    /// or why it could not run.
    enum Outcome: Sendable {
        case lines([String])
        case unavailable(String)
    }

    /// Validates JSON texts (each must be well-formed JSON) in one Python run.
    static func validate(texts: [String]) -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("documents.json")
        guard
            FileManager.default.createFile(
                atPath: input.path, contents: Data(("[" + texts.joined(separator: ",\n") + "]").utf8))
        else { return .unavailable("cannot write \(input.path)") }
        return run(arguments: [], stdin: input, folder: folder)
    }

    /// Validates files.
    static func validate(files: [URL]) -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return run(arguments: files.map(\.path), stdin: nil, folder: folder)
    }

    private static func run(arguments: [String], stdin: URL?, folder: URL) -> Outcome {
        let install =
            "the schema tests need python3 with the jsonschema package (apt-get install python3-jsonschema, or pip install jsonschema)"
        let stderrURL = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptURL.path, schemaURL.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        guard let errorHandle = FileHandle(forWritingAtPath: stderrURL.path) else {
            return .unavailable("cannot write \(stderrURL.path)")
        }
        process.standardError = errorHandle
        if let stdin {
            guard let handle = FileHandle(forReadingAtPath: stdin.path) else {
                return .unavailable("cannot read \(stdin.path)")
            }
            process.standardInput = handle
        }
        do { try process.run() } catch {
            return .unavailable("cannot start /usr/bin/env python3 (\(error)); \(install)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errorHandle.close()
        let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        switch process.terminationStatus {
        case 0:
            let text = String(decoding: data, as: UTF8.self)
            return .lines(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        case 127: return .unavailable("python3 was not found; \(install)")
        case 3: return .unavailable("jsonschema is missing; \(install)")
        default: return .unavailable("validate.py exited with status \(process.terminationStatus): \(stderr)")
        }
    }

    /// The lines for `texts`, or nil after recording an issue when validation cannot run or
    /// printed the wrong number of lines.
    static func lines(for outcome: Outcome, count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> [String]?
    {
        switch outcome {
        case .unavailable(let reason):
            Issue.record("JSON Schema validation unavailable: \(reason)", sourceLocation: sourceLocation)
            return nil
        case .lines(let lines):
            guard lines.count == count else {
                Issue.record(
                    "validate.py printed \(lines.count) lines for \(count) documents: \(lines)",
                    sourceLocation: sourceLocation)
                return nil
            }
            return lines
        }
    }

    /// The schema as Foundation objects.
    static func schemaObject() throws -> [String: Any] {
        let data = try Data(contentsOf: schemaURL)
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

/// A scene that both the decoder and the schema must reject, and where the decoder says so.
struct InvalidScene: CustomTestStringConvertible, Sendable {
    let name: String
    let json: String
    /// The decoder's error path; the schema validator's best error must name the same path.
    let path: String
    /// A fragment of the decoder's message.
    let message: String
    var testDescription: String { name }
}

/// The members after `"canvas"` in the invalid snippets.
private let canvas = #""canvas": {"width": 320, "height": 480}"#

@Suite struct SchemaTests {
    static let invalidScenes: [InvalidScene] = [
        InvalidScene(
            name: "typo'd root key", json: #"{\#(canvas), "secions": []}"#, path: "(root)",
            message: #"unknown key "secions""#),
        InvalidScene(
            name: "typo'd layout key",
            json: #"{\#(canvas), "layout": {"type": "flow", "itemSzie": {"width": 1, "height": 1}}}"#,
            path: "layout", message: #"unknown key "itemSzie""#),
        InvalidScene(
            name: "typo'd cellStyle key", json: ##"{\##(canvas), "cellStyle": {"backgroundColour": "#FFFFFF"}}"##,
            path: "cellStyle", message: #"unknown key "backgroundColour""#),
        InvalidScene(
            name: "typo'd key in a nested subview",
            json: #"{\#(canvas), "cell": {"contentView": {"subviews": [{"subviews": [{"lable": {}}]}]}}}"#,
            path: "cell.contentView.subviews[0].subviews[0]", message: #"unknown key "lable""#),
        InvalidScene(
            name: "typo'd key in a state look",
            json: ##"{\##(canvas), "cell": {"contentView": {"highlighted": {"textColour": "#000000"}}}}"##,
            path: "cell.contentView.highlighted", message: #"unknown key "textColour""#),
        InvalidScene(
            name: "typo'd key in a decoration view",
            json: ##"{\##(canvas), "decorationViews": {"background": {"colour": "#000000"}}}"##,
            path: "decorationViews.background", message: #"unknown key "colour""#),
        InvalidScene(
            name: "typo'd inset edge",
            json: #"{\#(canvas), "layout": {"type": "flow", "sectionInset": {"top": 1, "leading": 2}}}"#,
            path: "layout.sectionInset", message: #"unknown key "leading""#),
        InvalidScene(
            name: "waterfall key in a circle layout",
            json: #"{\#(canvas), "layout": {"type": "circle", "columnCount": 3}}"#,
            path: "layout", message: #""columnCount" is not a key of a circle layout; a waterfall layout has it"#),
        InvalidScene(
            name: "line key in a flow layout", json: #"{\#(canvas), "layout": {"type": "flow", "zoomFactor": 0.5}}"#,
            path: "layout", message: #""zoomFactor" is not a key of a flow layout; a line layout has it"#),
        InvalidScene(
            name: "short colour", json: ##"{"canvas": {"width": 320, "height": 480, "background": "#FFF"}}"##,
            path: "canvas.background", message: "must be a colour"),
        InvalidScene(
            name: "colour with a trailing newline",
            json: ##"{"canvas": {"width": 320, "height": 480, "background": "#FFFFFF\n"}}"##,
            path: "canvas.background", message: "must be a colour"),
        InvalidScene(
            name: "negative size",
            json: #"{\#(canvas), "sections": [{"items": [{"size": {"width": -1, "height": 10}}]}]}"#,
            path: "sections[0].items[0].size.width", message: "must be a non-negative number"),
        InvalidScene(
            name: "zero canvas width", json: #"{"canvas": {"width": 0, "height": 480}}"#, path: "canvas.width",
            message: "must be a positive number"),
        InvalidScene(
            name: "canvas scale above 4", json: #"{"canvas": {"width": 320, "height": 480, "scale": 5}}"#,
            path: "canvas.scale",
            message: "at most 4"),
        InvalidScene(
            name: "zero font size", json: #"{\#(canvas), "sections": [{"items": [{"style": {"fontSize": 0}}]}]}"#,
            path: "sections[0].items[0].style.fontSize", message: "must be a number of at least 1 point"),
        InvalidScene(
            name: "font size under a point",
            json: #"{\#(canvas), "cell": {"contentView": {"label": {"fontSize": 0.5}}}}"#,
            path: "cell.contentView.label.fontSize", message: "must be a number of at least 1 point, got 0.5"),
        InvalidScene(
            name: "alpha above 1", json: #"{\#(canvas), "backgroundView": {"alpha": 1.5}}"#,
            path: "backgroundView.alpha",
            message: "between 0 and 1"),
        InvalidScene(
            name: "unknown layout type", json: #"{\#(canvas), "layout": {"type": "grid"}}"#, path: "layout.type",
            message: #"got "grid""#),
        InvalidScene(
            name: "layout without a type", json: #"{\#(canvas), "layout": {"itemSize": {"width": 1, "height": 1}}}"#,
            path: "layout",
            message: #"missing key "type""#),
        InvalidScene(
            name: "itemCount and items together", json: #"{\#(canvas), "sections": [{"itemCount": 2, "items": []}]}"#,
            path: "sections[0]", message: #"give either "itemCount" or "items", not both"#),
        InvalidScene(
            name: "label and image together",
            json: #"{\#(canvas), "cell": {"contentView": {"label": {}, "image": {}}}}"#,
            path: "cell.contentView", message: #"either a "label" or an "image", not both"#),
        InvalidScene(
            name: "frame and insets together",
            json: #"{\#(canvas), "headerView": {"frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "insets": 4}}"#,
            path: "headerView", message: #"give either "frame" or "insets", not both"#),
        InvalidScene(
            name: "bad scrollDirection",
            json: #"{\#(canvas), "layout": {"type": "flow", "scrollDirection": "diagonal"}}"#,
            path: "layout.scrollDirection", message: #"must be "vertical" or "horizontal", got "diagonal""#),
        InvalidScene(
            name: "bad lineBreakMode",
            json: #"{\#(canvas), "headerView": {"label": {"lineBreakMode": "byTruncating"}}}"#,
            path: "headerView.label.lineBreakMode", message: #"got "byTruncating""#),
        InvalidScene(
            name: "bad contentMode",
            json: #"{\#(canvas), "cell": {"backgroundView": {"image": {"contentMode": "fill"}}}}"#,
            path: "cell.backgroundView.image.contentMode", message: #"got "fill""#),
        InvalidScene(
            name: "bad menu action",
            json: #"{\#(canvas), "sections": [{"itemCount": 1}], "menu": {"item": [0, 0], "actions": ["delete"]}}"#,
            path: "menu.actions[0]", message: #"got "delete""#),
        InvalidScene(
            name: "unknown device", json: #"{"device": "iPhone 99"}"#, path: "device",
            message: #"unknown device "iPhone 99""#),
        InvalidScene(
            name: "bad device orientation", json: #"{"device": {"name": "iPad", "orientation": "sideways"}}"#,
            path: "device.orientation", message: #"got "sideways""#),
        InvalidScene(
            name: "index path of three numbers",
            json: #"{\#(canvas), "sections": [{"itemCount": 3}], "selected": [[0, 1, 2]]}"#,
            path: "selected[0]", message: "must be [section, item]"),
        InvalidScene(
            name: "missing canvas", json: #"{"sections": []}"#, path: "(root)", message: #"missing key "canvas""#),
        InvalidScene(
            name: "canvas without a height", json: #"{"canvas": {"width": 320}}"#, path: "canvas",
            message: #"missing key "height""#),
        InvalidScene(
            name: "point without y", json: #"{\#(canvas), "contentOffset": {"x": 0}}"#, path: "contentOffset",
            message: #"missing key "y""#),
        InvalidScene(
            name: "negative safe area", json: #"{\#(canvas), "safeAreaInsets": {"bottom": -34}}"#,
            path: "safeAreaInsets.bottom", message: "must be a non-negative number"),
        InvalidScene(
            name: "layout margins as the section inset reference",
            json: #"{\#(canvas), "layout": {"type": "flow", "sectionInsetReference": "fromLayoutMargins"}}"#,
            path: "layout.sectionInsetReference", message: "is not modelled"),
        InvalidScene(
            name: "menu without an item", json: #"{\#(canvas), "menu": {"actions": ["copy"]}}"#, path: "menu",
            message: #"missing key "item""#),
        InvalidScene(
            name: "zero waterfall columns", json: #"{\#(canvas), "layout": {"type": "waterfall", "columnCount": 0}}"#,
            path: "layout.columnCount", message: "must be a positive integer"),
        InvalidScene(
            name: "fractional waterfall columns",
            json: #"{\#(canvas), "layout": {"type": "waterfall", "columnCount": 2.5}}"#,
            path: "layout.columnCount", message: "must be a positive integer"),
        InvalidScene(
            name: "negative itemCount", json: #"{\#(canvas), "sections": [{"itemCount": -1}]}"#,
            path: "sections[0].itemCount",
            message: "must be a non-negative integer"),
        InvalidScene(
            name: "negative numberOfLines", json: #"{\#(canvas), "headerView": {"label": {"numberOfLines": -1}}}"#,
            path: "headerView.label.numberOfLines", message: "must be a non-negative integer"),
        InvalidScene(
            name: "transform scale with z",
            json: #"{\#(canvas), "cell": {"contentView": {"transform": {"scale": {"z": 2}}}}}"#,
            path: "cell.contentView.transform.scale", message: #"unknown key "z""#),
        InvalidScene(
            name: "debug not a boolean", json: #"{\#(canvas), "debug": "yes"}"#, path: "debug",
            message: "must be true or false"),
        InvalidScene(
            name: "$schema not a string", json: #"{"$schema": 3, \#(canvas)}"#, path: "$schema",
            message: "must be a string"),
        InvalidScene(
            name: "an empty menu",
            json: #"{\#(canvas), "sections": [{"itemCount": 1}], "menu": {"item": [0, 0], "actions": []}}"#,
            path: "menu.actions", message: "must name at least one"),
        InvalidScene(
            name: "fps over 240", json: #"{\#(canvas), "animation": {"fps": 241, "steps": [{"wait": 1}]}}"#,
            path: "animation.fps", message: "must be at most 240"),
        InvalidScene(
            name: "a step with two actions",
            json: #"{\#(canvas), "animation": {"steps": [{"wait": 1, "scrollTo": {"x": 0, "y": 9}}]}}"#,
            path: "animation.steps[0]", message: "has 2 actions (wait, scrollTo); give one per step"),
        InvalidScene(
            name: "a step with no action",
            json: #"{\#(canvas), "animation": {"steps": [{"duration": 1}]}}"#,
            path: "animation.steps[0]", message: "needs one of"),
        InvalidScene(
            name: "a wait with a duration",
            json: #"{\#(canvas), "animation": {"steps": [{"wait": 1, "duration": 0.5}]}}"#,
            path: "animation.steps[0]", message: "a wait gives its duration as its value"),
        InvalidScene(
            name: "a wait over 60 s", json: #"{\#(canvas), "animation": {"steps": [{"wait": 61}]}}"#,
            path: "animation.steps[0].wait", message: "must be at most 60 seconds"),
        InvalidScene(
            name: "a spacing past a billion points",
            json: #"{\#(canvas), "layout": {"type": "flow", "minimumLineSpacing": 1e308}}"#,
            path: "layout.minimumLineSpacing", message: "must be within ±1000000000, got 1e+308"),
        InvalidScene(
            name: "an inset past a billion points",
            json: #"{\#(canvas), "layout": {"type": "flow", "sectionInset": {"top": -2e9}}}"#,
            path: "layout.sectionInset.top", message: "must be within ±1000000000, got -2000000000"),
        InvalidScene(
            name: "a duration over 60 s",
            json: #"{\#(canvas), "animation": {"steps": [{"scrollTo": {"x": 0, "y": 9}, "duration": 60.5}]}}"#,
            path: "animation.steps[0].duration", message: "must be at most 60 seconds"),
        InvalidScene(
            name: "a settle over 60 s",
            json:
                #"{\#(canvas), "sections": [{"itemCount": 2}], "animation": {"steps": [{"drag": {"item": [0, 0], "path": [{"x": 1, "y": 1}], "settle": 61}}]}}"#,
            path: "animation.steps[0].drag.settle", message: "must be at most 60 seconds"),
        InvalidScene(
            name: "a spring damping over 10",
            json:
                #"{\#(canvas), "animation": {"steps": [{"scrollTo": {"x": 0, "y": 9}, "duration": 1, "curve": {"spring": {"dampingRatio": 11, "response": 0.5}}}]}}"#,
            path: "animation.steps[0].curve.spring.dampingRatio", message: "must be at most 10"),
        InvalidScene(
            name: "a spring response over 10",
            json:
                #"{\#(canvas), "animation": {"steps": [{"scrollTo": {"x": 0, "y": 9}, "duration": 1, "curve": {"spring": {"dampingRatio": 1, "response": 10.5}}}]}}"#,
            path: "animation.steps[0].curve.spring.response", message: "must be at most 10"),
        InvalidScene(
            name: "a cubic Bézier x outside 0…1",
            json:
                #"{\#(canvas), "animation": {"steps": [{"scrollTo": {"x": 0, "y": 9}, "duration": 1, "curve": {"cubicBezier": [0.2, 0, 1.2, 1]}}]}}"#,
            path: "animation.steps[0].curve.cubicBezier[2]", message: "must be in 0…1 (x2, a time), got 1.2"),
    ]

    /// Minimal and complete scenes both must accept.
    static let validScenes: [(name: String, json: String)] = [
        ("canvas only", #"{"canvas": {"width": 1, "height": 1}}"#),
        ("device name only", #"{"device": "iPhone 15"}"#),
        (
            "device object and a partial canvas",
            ##"{"device": {"name": "iPad", "orientation": "landscape"}, "canvas": {"background": "#00000000"}}"##
        ),
        (
            "$schema and an empty waterfall",
            #"{"$schema": "../Assets/scene.schema.json", \#(canvas), "layout": {"type": "waterfall"}, "sections": [{"items": []}, {}]}"#
        ),
        (
            "line layout with its own keys",
            #"{\#(canvas), "layout": {"type": "line", "activeDistance": 0, "zoomFactor": -0.5, "scrollDirection": "vertical"}}"#
        ),
        (
            "insets as one number and integral floats",
            #"{\#(canvas), "sections": [{"itemCount": 2.0}], "backgroundView": {"insets": -3, "label": {"numberOfLines": 0}}}"#
        ),
        (
            "lower-case colours",
            ##"{"canvas": {"width": 10, "height": 10, "background": "#abcdef80"}, "cellStyle": {"textColor": "#a0b0c0"}}"##
        ),
        ("the contract's example", TestScenes.contractExample),
        ("every key of the format", SchemaTests.kitchenSink),
    ]

    /// A scene using every property the schema names (checked by `kitchenSinkUsesEveryProperty`),
    /// so a key the schema allows but the decoder does not is caught. Layout keys of the other
    /// layout types are in `otherLayouts`.
    static let kitchenSink = #"""
        {
          "$schema": "../Assets/scene.schema.json",
          "device": {"name": "iPhone 15", "orientation": "portrait"},
          "canvas": {"width": 390, "height": 600, "scale": 2, "background": "#FFFFFF"},
          "layout": {"type": "line", "scrollDirection": "horizontal", "itemSize": {"width": 60, "height": 60},
                     "minimumInteritemSpacing": 8, "minimumLineSpacing": 8,
                     "sectionInset": {"top": 1, "left": 2, "bottom": 3, "right": 4},
                     "headerReferenceSize": {"width": 0, "height": 20}, "footerReferenceSize": {"width": 0, "height": 20},
                     "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true,
                     "backgroundDecorationKind": "sinkBackground", "sectionBackgroundDecorationKind": "sinkSection",
                     "activeDistance": 150, "zoomFactor": 0.4, "sectionInsetReference": "fromSafeArea"},
          "contentOffset": {"x": 10, "y": 0}, "contentInset": {"top": 8, "left": 0, "bottom": 4, "right": 0},
          "safeAreaInsets": "device", "contentInsetAdjustmentBehavior": "scrollableAxes",
          "alwaysBounceVertical": false, "alwaysBounceHorizontal": true,
          "cellStyle": {"backgroundColor": "#112233", "selectedBackgroundColor": "#445566", "borderColor": "#778899",
                        "borderWidth": 1, "cornerRadius": 4, "textColor": "#000000", "fontSize": 12},
          "sections": [
            {"itemCount": 3, "header": {"text": "H", "size": {"width": 0, "height": 30}, "style": {"backgroundColor": "#EEEEEE"}},
             "footer": {"text": "F"}},
            {"items": [{"size": {"width": 10, "height": 20}, "text": "A", "style": {"fontSize": 9}, "image": "cat", "cell": "cell",
                        "shouldHighlight": true, "shouldSelect": false, "shouldDeselect": true, "canMove": false}],
             "cell": "sinkCell", "header": {"text": "I", "view": "sinkHeader"}, "footer": {"view": "sinkFooter"}}
          ],
          "selected": [[0, 1]],
          "highlighted": [[1, 0]],
          "allowsSelection": true,
          "allowsMultipleSelection": false,
          "cell": {
            "backgroundView": {"backgroundColor": "#FF8000"},
            "selectedBackgroundView": {"backgroundColor": "#00FF00"},
            "contentView": {"insets": {"top": 1, "left": 1, "bottom": 1, "right": 1}, "backgroundColor": "#FFFFFF",
                            "borderColor": "#AAAAAA", "borderWidth": 2, "cornerRadius": 3, "alpha": 0.9,
                            "clipsToBounds": true, "hidden": false,
                            "transform": {"scale": {"x": 0.8, "y": 0.9}, "rotation": 5, "rotationX": 10, "rotationY": 20,
                                          "translation": {"x": 1, "y": 2}, "perspective": 500},
                            "subviews": [
                              {"frame": {"x": 0, "y": 0, "width": 20, "height": 20},
                               "image": {"name": "{image}", "contentMode": "scaleAspectFit", "scale": 2}},
                              {"label": {"text": "{index}", "textColor": "#000000", "highlightedTextColor": "#FFFFFF",
                                         "fontSize": 11, "bold": true, "alignment": "left", "numberOfLines": 2,
                                         "lineBreakMode": "byWordWrapping"}}
                            ],
                            "highlighted": {"backgroundColor": "#FFFF00", "borderColor": "#000000", "borderWidth": 1,
                                            "cornerRadius": 2, "alpha": 1, "textColor": "#FF0000"},
                            "selected": {"backgroundColor": "#00FFFF", "transform": {"scale": 0.95}}},
            "highlighted": {"transform": {"scale": 1.1}},
            "selected": {"transform": {"translation": {"x": 0, "y": -2}}}
          },
          "cells": {"sinkCell": {"contentView": {"label": {"text": "{text}", "fontSize": 10}}}},
          "headerView": {"label": {"text": "{text} {section}"}},
          "headerViews": {"sinkHeader": {"backgroundColor": "#CCCCCC"}},
          "footerViews": {"sinkFooter": {"backgroundColor": "#BBBBBB"}},
          "footerView": {"backgroundColor": "#DDDDDD"},
          "decorationViews": {"sinkBackground": {"backgroundColor": "#F0F0F0"}, "sinkSection": {"insets": 2}},
          "backgroundView": {"backgroundColor": "#FAFAFA"},
          "menu": {"item": [0, 2], "actions": ["copy", "paste"]},
          "debug": true,
          "animation": {"fps": 24, "steps": [
            {"setLayout": {"type": "circle"}, "duration": 0.4, "curve": "easeIn"},
            {"insertItems": [[1, 0]], "curve": {"spring": {"dampingRatio": 0.7, "response": 0.3}}},
            {"deleteItems": [[1, 1]], "curve": {"cubicBezier": [0.2, 0, 0.2, 1]}},
            {"moveItem": {"from": [0, 0], "to": [0, 1]}},
            {"insertSections": {"at": 2, "sections": [{"itemCount": 2}]}},
            {"deleteSections": [2]},
            {"reloadItems": [{"at": [0, 0], "item": {"text": "R"}}]},
            {"drag": {"item": [0, 0], "path": [{"x": 10, "y": 10}, {"x": 40, "y": 10}], "cancel": true, "settle": 0.1}, "duration": 0.2},
            {"scrollTo": {"x": 0, "y": 0}},
            {"rotate": "landscape"},
            {"flick": {"velocity": {"x": 300, "y": 0}}},
            {"tap": [0, 1], "duration": 0.1},
            {"longPress": {"item": [0, 1], "actions": ["cut"]}, "duration": 0.2},
            {"select": [0, 2]},
            {"wait": 0.1}
          ]}
        }
        """#

    /// Layouts for the keys `kitchenSink`'s line layout cannot hold.
    static let otherLayouts = [
        #"{"type": "circle", "itemSize": {"width": 50, "height": 50}, "backgroundDecorationKind": "background"}"#,
        #"""
        {"type": "waterfall", "columnCount": 3, "minimumColumnSpacing": 4, "minimumInterItemSpacing": 5,
         "headerHeight": 20, "footerHeight": 10, "sectionInset": {"top": 1}, "headerInset": {"left": 2},
         "footerInset": {"right": 3}, "itemRenderDirection": "rightToLeft", "minimumContentHeight": 900,
         "itemSize": {"width": 10, "height": 30}, "cellSizes": [{"width": 10, "height": 20}]}
        """#,
    ]

    static let invalidOutcome = SchemaValidator.validate(texts: invalidScenes.map(\.json))
    static let validOutcome = SchemaValidator.validate(
        texts: validScenes.map(\.json) + otherLayouts.map { #"{\#(canvas), "layout": \#($0)}"# })

    static var samples: [URL] {
        let folder = SchemaValidator.repositoryRoot.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func everySampleValidatesAndDecodes() throws {
        let samples = Self.samples
        #expect(samples.count >= 5, "expected the Samples folder to hold scenes, found \(samples.count)")
        for url in samples {
            let bytes = [UInt8](try Data(contentsOf: url))
            #expect(throws: Never.self, "\(url.lastPathComponent) must decode") { _ = try Scene(jsonBytes: bytes) }
            // Each sample points editors at the schema, as its first key.
            let text = String(decoding: bytes, as: UTF8.self)
            let firstKey = text.drop { $0 != "\"" }.prefix { $0 != "," }
            #expect(firstKey == #""$schema": "../Assets/scene.schema.json""#, "\(url.lastPathComponent)'s first member")
        }
        let resolved = Self.samples.first.map {
            $0.deletingLastPathComponent().appendingPathComponent("../Assets/scene.schema.json").standardizedFileURL
                .path
        }
        #expect(resolved == SchemaValidator.schemaURL.standardizedFileURL.path)
        guard let lines = SchemaValidator.lines(for: SchemaValidator.validate(files: samples), count: samples.count)
        else { return }
        for (url, line) in zip(samples, lines) {
            #expect(line == "ok", "\(url.lastPathComponent): \(line)")
        }
    }

    @Test(arguments: zip(invalidScenes.indices, invalidScenes))
    func invalidSceneIsRejectedByBoth(_ index: Int, _ scene: InvalidScene) throws {
        do {
            _ = try Scene(json: scene.json)
            Issue.record("the decoder accepted \(scene.json)")
        } catch let error as SceneDecodingError {
            #expect(error.path == scene.path, "decoder: \(error)")
            #expect(error.message.contains(scene.message), "decoder: \(error)")
        }
        guard let lines = SchemaValidator.lines(for: Self.invalidOutcome, count: Self.invalidScenes.count) else {
            return
        }
        #expect(lines[index].hasPrefix("error \(scene.path): "), "schema: \(lines[index])")
    }

    @Test func validScenesAreAcceptedByBoth() throws {
        var texts = Self.validScenes
        texts += Self.otherLayouts.map { ("layout \($0.prefix(24))", #"{\#(canvas), "layout": \#($0)}"#) }
        for (name, json) in texts {
            #expect(throws: Never.self, "decoder: \(name)") { _ = try Scene(json: json) }
        }
        guard let lines = SchemaValidator.lines(for: Self.validOutcome, count: texts.count) else { return }
        for ((name, _), line) in zip(texts, lines) {
            #expect(line == "ok", "schema: \(name): \(line)")
        }
    }

    /// The decoder reads what the valid scenes say (the schema's accepted shapes mean the same thing).
    @Test func kitchenSinkDecodesToWhatItSays() throws {
        let scene = try Scene(json: Self.kitchenSink)
        #expect(scene.canvas.width == 390 && scene.canvas.scale == 2)
        guard case .line(let p) = scene.layout else { Issue.record("expected a line layout"); return }
        #expect(p.zoomFactor == 0.4 && p.activeDistance == 150 && p.sectionBackgroundDecorationKind == "sinkSection")
        #expect(scene.sections.map(\.itemCount) == [3, 1])
        #expect(scene.appearance.decorationViews["sinkSection"]?.insets?.top == 2)
        #expect(scene.appearance.menu?.actions == [.copy, .paste])
        #expect(
            scene.animation?.steps.contains {
                $0.action == .longPress(MenuSpec(item: IndexPath(item: 1, section: 0), actions: [.cut]))
            } == true)
        #expect(scene.appearance.cell?.contentView?.subviews.count == 2)
        #expect(scene.appearance.cell?.highlightedTransform?.scaleX == 1.1)
        #expect(scene.appearance.cell?.contentView?.selected?.transform?.scaleY == 0.95)
        #expect(scene.appearance.debug)
        #expect(scene.allowsSelection && scene.allowsMultipleSelection == false)
        #expect(scene.sections[1].items?[0].shouldSelect == false && scene.sections[1].items?[0].canMove == false)
    }

    /// Every property the schema names appears in `kitchenSink` or `otherLayouts`, which the
    /// decoder accepts: the schema allows nothing the decoder rejects by name.
    @Test func kitchenSinkUsesEveryProperty() throws {
        let schemaKeys = Self.propertyNames(in: try SchemaValidator.schemaObject())
        var used = Set<String>()
        for text in [Self.kitchenSink] + Self.otherLayouts {
            Self.collectKeys(try JSONSerialization.jsonObject(with: Data(text.utf8)), into: &used)
        }
        // Decoration kinds and design names are map keys, not properties.
        used.subtract(["sinkBackground", "sinkSection", "sinkCell", "sinkHeader", "sinkFooter"])
        #expect(schemaKeys.subtracting(used).sorted() == [], "schema properties no valid test scene uses")
    }

    /// Every key the decoder reads (`optional("…"`, `required("…"`, `value("…"` in Sources/Scene,
    /// Batch aside) is a property somewhere in the schema: a new scene key needs a schema entry.
    @Test func schemaNamesEveryKeyTheDecoderReads() throws {
        let folder = SchemaValidator.repositoryRoot.appendingPathComponent("Sources/Scene")
        let files = try #require(FileManager.default.subpaths(atPath: folder.path))
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Batch/") }
        #expect(files.count > 10)
        let pattern = try NSRegularExpression(pattern: #"\b(?:optional|required|value)\("([^"\\]+)""#)
        var decoderKeys = Set<String>()
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                decoderKeys.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        #expect(
            decoderKeys.isSuperset(of: ["canvas", "layout", "sections", "columnCount", "subviews", "lineBreakMode"]))
        let schemaKeys = Self.propertyNames(in: try SchemaValidator.schemaObject())
        #expect(decoderKeys.subtracting(schemaKeys).sorted() == [], "keys the decoder reads that the schema lacks")
    }

    /// `SceneKeyPlaces` lists, for each main object, exactly the properties the schema gives the
    /// object at that path (through `$ref`, `allOf`, `oneOf`, `anyOf` and `then`).
    @Test func keyPlacesMatchTheSchema() throws {
        let schema = try SchemaValidator.schemaObject()
        let defs = try #require(schema["$defs"] as? [String: Any])
        // A schema and every schema it is made of.
        func parts(_ node: Any) -> [[String: Any]] {
            guard let object = node as? [String: Any] else { return [] }
            var all = [object]
            if let ref = object["$ref"] as? String, let name = ref.split(separator: "/").last {
                all += parts(defs[String(name)] as Any)
            }
            for key in ["allOf", "oneOf", "anyOf"] {
                for part in object[key] as? [Any] ?? [] { all += parts(part) }
            }
            if let then = object["then"] { all += parts(then) }
            return all
        }
        func keys(atPattern pattern: String) -> Set<String> {
            var nodes: [Any] = [schema]
            if pattern != JSONRead.rootPath {
                for component in pattern.split(separator: ".") {
                    let isElement = component.hasSuffix("[i]")
                    let name = String(isElement ? component.dropLast(3) : component)
                    nodes = nodes.flatMap(parts).compactMap { ($0["properties"] as? [String: Any])?[name] }
                    if isElement { nodes = nodes.flatMap(parts).compactMap { $0["items"] } }
                }
            }
            return Set(nodes.flatMap(parts).flatMap { ($0["properties"] as? [String: Any])?.keys ?? [:].keys })
        }
        #expect(SceneKeyPlaces.objects.count == 9)
        for (place, listed) in SceneKeyPlaces.objects {
            let inSchema = keys(atPattern: place)
            #expect(!inSchema.isEmpty, "\(place) is in the schema")
            #expect(listed.subtracting(inSchema).sorted() == [], "\(place): listed, not in the schema")
            #expect(inSchema.subtracting(listed).sorted() == [], "\(place): in the schema, not listed")
        }
    }

    /// The schema's enums list exactly the decoder's names.
    @Test func enumsMatchTheDecoder() throws {
        let schema = try SchemaValidator.schemaObject()
        func enumAt(_ path: [String]) -> [String]? {
            var node: Any = schema
            for key in path { node = (node as? [String: Any])?[key] as Any }
            return (node as? [String: Any])?["enum"] as? [String]
        }
        let defs = "$defs"
        #expect(enumAt([defs, "layout", "properties", "type"]) == SceneLayout.typeNames)
        #expect(
            enumAt([defs, "flowParameters", "properties", "scrollDirection"])
                == CollectionView.ScrollDirection.allCases.map(\.rawValue))
        #expect(
            enumAt([defs, "waterfallLayout", "properties", "itemRenderDirection"])
                == ItemRenderDirection.allCases.map(\.rawValue))
        #expect(enumAt([defs, "label", "properties", "alignment"]) == TextAlignment.allCases.map(\.rawValue))
        #expect(enumAt([defs, "label", "properties", "lineBreakMode"]) == LineBreakMode.allCases.map(\.rawValue))
        #expect(enumAt([defs, "image", "properties", "contentMode"]) == View.ContentMode.allCases.map(\.rawValue))
        #expect(enumAt([defs, "menu", "properties", "actions", "items"]) == MenuAction.allCases.map(\.rawValue))
        #expect(enumAt([defs, "deviceName"]) == SceneDevice.presets.map(\.name))
        // A step holds exactly one of the decoder's actions.
        let stepChoices = (schema[defs] as? [String: Any])
            .flatMap { $0["animationStep"] as? [String: Any] }
            .flatMap { $0["oneOf"] as? [[String: Any]] }
        #expect(stepChoices?.map { $0["required"] as? [String] ?? [] } == AnimationStep.actionKeys.map { [$0] })
    }

    /// Draft 2020-12, a non-resolving `$id`, every object closed, every property described.
    @Test func schemaIsClosedAndDescribed() throws {
        let schema = try SchemaValidator.schemaObject()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((schema["$id"] as? String)?.hasPrefix("https://collection-preview.invalid/") == true)
        let defs = try #require(schema["$defs"] as? [String: Any])
        // Property bags only ever used through `$ref` by closed schemas, and the layout, which
        // its per-type `if`/`then` branches close.
        let mixins: Set<String> = ["flowParameters", "look", "layout"]
        var problems: [String] = []
        func visit(_ node: Any, _ path: String) {
            if let list = node as? [Any] {
                for (i, element) in list.enumerated() { visit(element, "\(path)/\(i)") }
                return
            }
            guard let object = node as? [String: Any] else { return }
            if let properties = object["properties"] as? [String: Any] {
                let closed =
                    object["additionalProperties"] as? Bool == false
                    || object["unevaluatedProperties"] as? Bool == false
                let isMixin = mixins.contains { path == "#/$defs/\($0)" }
                // `if` conditions and layout branches' `then` only select; their objects are closed elsewhere.
                let isCondition = path.hasSuffix("/if") || path.hasSuffix("/then")
                if !closed && !isMixin && !isCondition { problems.append("\(path) is open") }
                for (name, value) in properties {
                    guard let property = value as? [String: Any] else { continue }
                    let onlyConst = Set(property.keys) == ["const"]
                    if property["description"] == nil && !onlyConst && !isCondition {
                        problems.append("\(path)/properties/\(name) has no description")
                    }
                }
            }
            for (key, value) in object where key != "$defs" { visit(value, "\(path)/\(key)") }
        }
        visit(schema, "#")
        for (name, value) in defs { visit(value, "#/$defs/\(name)") }
        #expect(problems.sorted() == [])
    }

    /// Names of every member of every `properties` object in the schema.
    static func propertyNames(in node: Any) -> Set<String> {
        var names = Set<String>()
        if let list = node as? [Any] {
            for element in list { names.formUnion(propertyNames(in: element)) }
        } else if let object = node as? [String: Any] {
            if let properties = object["properties"] as? [String: Any] { names.formUnion(properties.keys) }
            for value in object.values { names.formUnion(propertyNames(in: value)) }
        }
        return names
    }

    /// Every object key in a parsed JSON document.
    static func collectKeys(_ node: Any, into keys: inout Set<String>) {
        if let list = node as? [Any] {
            for element in list { collectKeys(element, into: &keys) }
        } else if let object = node as? [String: Any] {
            keys.formUnion(object.keys)
            for value in object.values { collectKeys(value, into: &keys) }
        }
    }
}
