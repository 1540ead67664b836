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
