import Raster
import Support
import TestSupport
import Testing

@testable import Scene

/// Error lines stay readable: long values are cut, type errors show what they got, and an
/// unknown key close to a known one gets a suggestion.
@Suite struct ErrorMessageTests {
    func message(_ json: String) -> String? {
        thrownMessage(SceneDecodingError.self) { _ = try Scene(json: json) }
    }

    @Test func aHugeValueIsCutToAReadableLength() throws {
        let huge = String(repeating: "x", count: 100_000)
        let line = try #require(message(#"{"canvas": {"width": 10, "height": 10, "background": "\#(huge)"}}"#))
        #expect(line.count < 200)
        #expect(line.hasPrefix(##"canvas.background: must be a colour "#RRGGBB" or "#RRGGBBAA", got "xxx"##))
        #expect(line.hasSuffix(#"x…""#))
        let key = try #require(message(#"{"canvas": {"width": 10, "height": 10}, "\#(huge)": 1}"#))
        #expect(key.count < 200 && key.hasPrefix(#"(root): unknown key "xxxx"#))
        // A number of a hundred thousand digits too: cut as a string is, ending in "…".
        let digits = String(repeating: "1", count: 100_000)
        let number = try #require(message(#"{"canvas": {"width": \#(digits), "height": 10}}"#))
        #expect(number.count < 200, "\(number.count)")
        #expect(number.hasSuffix("1… is out of range") && number.contains("number 1111"), "\(number.prefix(200))")
    }

    /// A look for a decoration kind no layout of the scene produces is a misspelling, not a
    /// decoration: an error with the closest kind that is produced.
    @Test func anUnknownDecorationKindIsAnError() {
        let circle = #""layout": {"type": "circle", "backgroundDecorationKind": "background"}"#
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, \#(circle), "decorationViews": {"backgroud": {}}}"#)
                == #"decorationViews.backgroud: no layout of the scene produces this decoration kind; did you mean "background"?"#
        )
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "decorationViews": {"background": {}}}"#)
                == #"decorationViews.background: no layout of the scene produces this decoration kind (name one with the layout's "backgroundDecorationKind")"#
        )
        // A kind that a layout the animation switches to produces is one.
        #expect(
            message(
                #"{"canvas": {"width": 10, "height": 10}, "decorationViews": {"background": {}}, "animation": {"steps": [{"setLayout": {"type": "circle", "backgroundDecorationKind": "background"}}]}}"#
            ) == nil)
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, \#(circle), "decorationViews": {"background": {}}}"#)
                == nil)
    }

    @Test func typeErrorsSayWhatTheyGot() {
        #expect(
            message(#"{"canvas": {"width": "200", "height": 10}}"#)
                == #"canvas.width: must be a positive number, got "200""#)
        #expect(
            message(#"{"canvas": {"width": true, "height": 10}}"#)
                == "canvas.width: must be a positive number, got true")
        #expect(
            message(#"{"canvas": {"width": null, "height": 10}}"#)
                == "canvas.width: must be a positive number, got null")
        #expect(message(#"{"canvas": [1, 2]}"#) == "canvas: must be an object, got [1, 2]")
        // An array too long, or holding arrays or objects, is named by its kind.
        #expect(message(#"{"canvas": [1, 2, 3, 4, 5]}"#) == "canvas: must be an object, got an array")
        let long = String(repeating: "x", count: 70)
        #expect(message(#"{"canvas": ["\#(long)", "\#(long)"]}"#) == "canvas: must be an object, got an array")
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "cell": {"contentView": {"insets": "5"}}}"#)
                == #"cell.contentView.insets: must be a number or an object {"top", "left", "bottom", "right"}, got "5""#
        )
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "debug": "yes"}"#)
                == #"debug: must be true or false, got "yes""#)
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "cellStyle": {"textColor": "red"}}"#)
                == ##"cellStyle.textColor: must be a colour "#RRGGBB" or "#RRGGBBAA", got "red""##)
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "sections": [{"items": [{"text": 5}]}]}"#)
                == "sections[0].items[0].text: must be a string, got 5")
    }

    /// A key that is not a plain name (a reuse identifier with a dot or a space) is quoted in
    /// brackets, so the path says which member is meant.
    @Test func keysThatAreNotPlainNamesAreQuotedInPaths() {
        #expect(JSONRead.memberPath("cells", "photo") == "cells.photo")
        #expect(JSONRead.memberPath("cells", "a.b") == #"cells["a.b"]"#)
        #expect(JSONRead.memberPath("cells", "big cell") == #"cells["big cell"]"#)
        #expect(JSONRead.memberPath("cells", "") == #"cells[""]"#)
        #expect(JSONRead.memberPath(JSONRead.rootPath, "canvas") == "canvas")
        #expect(JSONRead.memberPath(JSONRead.rootPath, "a b") == #"["a b"]"#)
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "cells": {"a.b": {"contentView": {"alpha": 2}}}}"#)
                == #"cells["a.b"].contentView.alpha: must be between 0 and 1, got 2"#)
    }

    @Test func lineBreaksInQuotedValuesStayOnOneLine() {
        #expect(JSONRead.quoted("a\nb") == #""a\nb""#)
    }

    /// A terminal's escape sequence or a NUL in a key or value is shown, not sent.
    @Test func controlCharactersInQuotedValuesAreWrittenOut() {
        #expect(JSONRead.quoted("\u{1B}[31mRED\tcat\u{0}x\r\u{7F}") == #""\u001B[31mRED\tcat\u0000x\r\u007F""#)
        #expect(ErrorLine.flattening("a\nb\tc\u{1B}d\u{85}") == "a b\tc\\u001Bd ")
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "\u001b[31mRED": 1}"#)
                == #"(root): unknown key "\u001B[31mRED""#)
    }

    @Test func unknownKeysCloseToAKnownOneGetASuggestion() {
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "layuot": {}}"#)
                == #"(root): unknown key "layuot"; did you mean "layout"?"#)
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10, "Scale": 2}}"#)
                == #"canvas: unknown key "Scale"; did you mean "scale"?"#)
        // Nothing close: no suggestion.
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "wallpaper": 1}"#) == #"(root): unknown key "wallpaper""#)
    }

    /// A key written one level too high or too low, or in the wrong kind of layout, is told where
    /// it belongs; a typo's suggestion wins over a place.
    @Test(arguments: [
        (#""itemSize": {"width": 1, "height": 1}"#, #"(root): unknown key "itemSize"; it belongs in "layout""#),
        (#""fps": 30"#, #"(root): unknown key "fps"; it belongs in "animation""#),
        (#""itemCount": 3"#, #"(root): unknown key "itemCount"; it belongs in "sections[i]""#),
        (
            #""layout": {"type": "flow", "sections": []}"#,
            #"layout: unknown key "sections"; it belongs at the top level"#
        ),
        (
            #""sections": [{"itemCount": 1}, {"itemCount": 3, "minimumLineSpacing": 4}]"#,
            #"sections[1]: unknown key "minimumLineSpacing"; it belongs in "sections[1].layout""#
        ),
        (
            #""sections": [{"items": [{"size": {"width": 1, "height": 1}, "itemSize": 1}]}]"#,
            #"sections[0].items[0]: unknown key "itemSize"; it belongs in "layout""#
        ),
        (
            #""animation": {"duration": 1, "steps": [{"wait": 1}]}"#,
            #"animation: unknown key "duration"; it belongs in "animation.steps[i]""#
        ),
        (
            #""animation": {"steps": [{"wait": 1, "fps": 3}]}"#,
            #"animation.steps[0]: unknown key "fps"; it belongs in "animation""#
        ),
        (#""cellStyle": {"width": 3}"#, #"cellStyle: unknown key "width"; it belongs in "canvas""#),
        // Another layout type's key names the types that have it.
        (
            #""layout": {"type": "flow", "columnCount": 2}"#,
            #"layout: "columnCount" is not a key of a flow layout; a waterfall layout has it"#
        ),
        (
            #""animation": {"steps": [{"setLayout": {"type": "circle", "scrollDirection": "vertical"}}]}"#,
            #"animation.steps[0].setLayout: "scrollDirection" is not a key of a circle layout; a flow or a line layout has it"#
        ),
        // A close key of the same type wins over another type's exact key, and a typo over a place.
        (
            #""layout": {"type": "flow", "minimumInterItemSpacing": 2}"#,
            #"layout: unknown key "minimumInterItemSpacing"; did you mean "minimumInteritemSpacing"?"#
        ),
        (#""canvs": {}"#, #"(root): unknown key "canvs"; did you mean "canvas"?"#),
        // Outside the main objects, and for keys no main object has: no place.
        (#""cell": {"contentView": {"width": 3}}"#, #"cell.contentView: unknown key "width""#),
        (#""layout": {"type": "flow", "zoom": 2}"#, #"layout: unknown key "zoom""#),
    ])
    func misplacedKeysAreToldWhereTheyBelong(_ members: String, _ expected: String) {
        #expect(message(#"{"canvas": {"width": 10, "height": 10}, \#(members)}"#) == expected)
    }

    /// A missing object whose keys were written around it names one of them.
    @Test func aMissingObjectNamesAKeyThatBelongsInIt() {
        #expect(message(#"{"width": 390, "height": 844}"#) == #"(root): missing key "canvas"; "width" belongs in it"#)
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "animation": {"fps": 30, "wait": 1}}"#)
                == #"animation: missing key "steps"; "wait" belongs in a step of it: "steps": [{"wait": …}]"#)
        #expect(message(#"{"sections": []}"#) == #"(root): missing key "canvas""#)
    }

    /// A missing `x` beside a `y` is missing, not a typo of the `y` one edit away; a real typo
    /// still gets its suggestion.
    @Test func aMissingKeyIsNotTheTypoOfItsNeighbour() {
        let canvas = #""canvas": {"width": 10, "height": 10}"#
        #expect(message(#"{\#(canvas), "contentOffset": {"y": 40}}"#) == #"contentOffset: missing key "x""#)
        #expect(
            message(#"{\#(canvas), "cell": {"contentView": {"frame": {"y": 1, "width": 2, "height": 2}}}}"#)
                == #"cell.contentView.frame: missing key "x""#)
        #expect(
            message(#"{\#(canvas), "contentOffset": {"X": 0, "y": 40}}"#)
                == #"contentOffset: unknown key "X"; did you mean "x"?"#)
    }

    /// A point, a size or insets given as something else is shown the object's shape.
    @Test(arguments: [
        (
            #""layout": {"type": "flow", "itemSize": [60, 60]}"#,
            #"layout.itemSize: must be an object {"width": …, "height": …}, got [60, 60]"#
        ),
        (#""contentOffset": [0, 40]"#, #"contentOffset: must be an object {"x": …, "y": …}, got [0, 40]"#),
        (
            #""layout": {"type": "flow", "sectionInset": 16}"#,
            #"layout.sectionInset: must be an object {"top": …, "left": …, "bottom": …, "right": …}, got 16"#
        ),
    ])
    func aSmallObjectGivenAsSomethingElseIsShownItsShape(_ members: String, _ expected: String) {
        #expect(message(#"{"canvas": {"width": 10, "height": 10}, \#(members)}"#) == expected)
    }

    @Test func pathPatternsAndPlacesKeepTheGivenIndices() {
        #expect(SceneKeyPlaces.pattern(of: "sections[12].items[0]") == "sections[i].items[i]")
        #expect(SceneKeyPlaces.pattern(of: "(root)") == "(root)")
        #expect(SceneKeyPlaces.place(of: "columnCount", misplacedAt: "sections[7]") == "sections[7].layout")
        #expect(SceneKeyPlaces.place(of: "canMove", misplacedAt: "sections[3]") == "sections[3].items[i]")
        #expect(SceneKeyPlaces.place(of: "canvas", misplacedAt: "sections[3].items[2]") == "(root)")
        #expect(
            SceneKeyPlaces.hint(for: "itemSize", misplacedAt: "sections[0].layout")
                == #"it belongs in the top-level "layout""#)
        #expect(SceneKeyPlaces.hint(for: "itemSize", misplacedAt: "canvas") == #"it belongs in "layout""#)
        // A key the object has in one of its variants is not misplaced there.
        #expect(SceneKeyPlaces.place(of: "columnCount", misplacedAt: "layout") == nil)
        #expect(SceneKeyPlaces.place(of: "width", misplacedAt: "cell.contentView") == nil)
    }

    @Test func suggestionsUseTheEditDistanceWithSwaps() {
        #expect(KeySuggestion.distance(Array("layout"), Array("layuot")) == 1)
        #expect(KeySuggestion.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(KeySuggestion.distance(Array(""), Array("abc")) == 3)
        #expect(KeySuggestion.closest(to: "colr", among: ["color", "colour"]) == "color")
        #expect(KeySuggestion.closest(to: "zz", among: ["color"]) == nil)
        // Ties go to the alphabetically first key.
        #expect(KeySuggestion.closest(to: "ab", among: ["ac", "aa"]) == "aa")
    }
}

/// Scene rules a new user trips over: menus, devices with a partial canvas, content sizes.
@Suite struct SceneRuleTests {
    func message(_ json: String) -> String? {
        thrownMessage(SceneDecodingError.self) { _ = try Scene(json: json) }
    }

    @Test func menuActionsMustBeNonEmptyAndListedOnce() {
        let base = #""canvas": {"width": 10, "height": 10}, "sections": [{"itemCount": 1}]"#
        #expect(
            message(#"{\#(base), "menu": {"item": [0, 0], "actions": []}}"#)
                == #"menu.actions: must name at least one of "cut", "copy", "paste""#)
        #expect(
            message(#"{\#(base), "menu": {"item": [0, 0], "actions": ["copy", "paste", "copy"]}}"#)
                == #"menu.actions[2]: "copy" is listed twice"#)
        #expect(message(#"{\#(base), "menu": {"item": [0, 0], "actions": ["paste", "cut"]}}"#) == nil)
    }

    @Test func aDeviceWithAPartialCanvasKeepsTheDevicesOtherValues() throws {
        let scene = try Scene(json: #"{"device": "iPhone 15", "canvas": {"width": 300}}"#)
        #expect(scene.canvas.width == 300 && scene.canvas.height == 852 && scene.canvas.scale == 3)
        #expect(scene.canvas.background == .white)
        let clear = try Scene(json: ##"{"device": "iPhone 15", "canvas": {"background": "#00000000"}}"##)
        #expect(clear.canvas.background == Color(red: 0, green: 0, blue: 0, alpha: 0) && clear.canvas.width == 393)
        // Without a device, an absent background is still transparent.
        #expect(try Scene(json: #"{"canvas": {"width": 10, "height": 10}}"#).canvas.background == nil)
    }

    @Test func theContentSizeIsNeverNegative() throws {
        let scene = try Scene(
            json: #"""
                {"canvas": {"width": 100, "height": 100},
                 "layout": {"type": "flow", "itemSize": {"width": 100, "height": 10}, "minimumLineSpacing": -500},
                 "sections": [{"itemCount": 5}]}
                """#)
        let size = scene.makeCollectionView().contentSize
        #expect(size.height == 0 && size.width == 100)
        let horizontal = try Scene(
            json: #"""
                {"canvas": {"width": 100, "height": 100},
                 "layout": {"type": "flow", "scrollDirection": "horizontal", "itemSize": {"width": 10, "height": 100},
                            "minimumLineSpacing": -500},
                 "sections": [{"itemCount": 5}]}
                """#)
        #expect(horizontal.makeCollectionView().contentSize.width == 0)
    }
}
