import Geometry
import Layout
import TestSupport
import Testing

@testable import Scene

/// A scene's safe area: `"safeAreaInsets"` given or the device's, the keys that decide how it
/// joins the content inset, where the view rests, and a device that turns.
@Suite struct SceneSafeAreaTests {
    /// 60 items of 90 × 60 in lines of three or four: taller than any phone.
    static let tall =
        #""layout": {"type": "flow", "itemSize": {"width": 90, "height": 60}}, "sections": [{"itemCount": 60}]"#

    private func scene(_ keys: String) throws -> Scene { try Scene(json: "{" + keys + "}") }

    private func message(_ keys: String) -> String? {
        thrownMessage(SceneDecodingError.self) { _ = try scene(keys) }
    }

    @Test func theDevicesSafeAreaAsHeld() throws {
        let cases: [(String, EdgeInsets)] = [
            (#""iPhone 15""#, EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
            (
                #"{"name": "iPhone 15", "orientation": "landscape"}"#,
                EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)
            ),
            (
                #"{"name": "iPhone 16 Pro", "orientation": "landscape"}"#,
                EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)
            ),
            (#""iPhone 13 mini""#, EdgeInsets(top: 50, left: 0, bottom: 34, right: 0)),
            (#""iPhone SE""#, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
            (#"{"name": "iPhone SE", "orientation": "landscape"}"#, .zero),
            (
                #"{"name": "iPad Pro 11", "orientation": "landscape"}"#,
                EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
            ),
        ]
        for (device, expected) in cases {
            let s = try scene(#""device": \#(device), "safeAreaInsets": "device""#)
            #expect(s.safeAreaInsets == expected, "\(device)")
            #expect(s.safeAreaFollowsDevice)
            // Without the key the device has no say: zero, as before safe areas were modelled.
            #expect(try scene(#""device": \#(device)"#).safeAreaInsets == .zero)
        }
    }

    /// On a canvas of its own the device's safe area is none; shown on a device it is that
    /// device's. Insets given are the scene's own and stay on any device.
    @Test func aSceneShownOnADeviceTakesItsSafeAreaOnlyWhenAskedTo() throws {
        let canvas = #""canvas": {"width": 300, "height": 400}"#
        let following = try scene(canvas + #", "safeAreaInsets": "device""#)
        #expect(following.safeAreaInsets == .zero && following.deviceVariant == nil)
        let variant = try SceneDeviceVariant(parsing: "iPhone 13 mini:landscape")
        let shown = following.shown(on: variant)
        #expect(shown.safeAreaInsets == EdgeInsets(top: 0, left: 50, bottom: 21, right: 50))
        #expect(shown.deviceVariant == variant)
        let own = try scene(canvas + #", "safeAreaInsets": {"top": 12, "right": 3}"#)
        #expect(own.safeAreaInsets == EdgeInsets(top: 12, left: 0, bottom: 0, right: 3))
        #expect(own.shown(on: variant).safeAreaInsets == own.safeAreaInsets)
    }

    @Test func badValuesAreOneLineNamingThePath() {
        let canvas = #""canvas": {"width": 300, "height": 400}, "#
        #expect(
            message(canvas + #""safeAreaInsets": {"top": -1}"#)
                == "safeAreaInsets.top: must be a non-negative number, got -1")
        #expect(
            message(canvas + #""safeAreaInsets": "phone""#)
                == #"safeAreaInsets: must be insets {"top", "left", "bottom", "right"} or "device", got "phone""#)
        #expect(
            message(canvas + #""contentInsetAdjustmentBehavior": "sometimes""#)
                == #"contentInsetAdjustmentBehavior: must be one of "automatic", "scrollableAxes", "never", "always", got "sometimes""#
        )
        #expect(
            message(canvas + #""layout": {"type": "flow", "sectionInsetReference": "fromLayoutMargins"}"#)
                == #"layout.sectionInsetReference: "fromLayoutMargins" is not modelled (a view's layout margins come from its view controller); use "fromContentInset" or "fromSafeArea""#
        )
        #expect(message(canvas + #""alwaysBounceVertical": 1"#)?.hasPrefix("alwaysBounceVertical: must be") == true)
    }

    /// Without a `contentOffset` the view rests at the top of its scroll range: below the
    /// sensor housing once the content scrolls, at 0 when it fits (UIKit's automatic behaviour
    /// adds nothing then), and below it again when the view always bounces.
    @Test func theViewRestsAtTheTopOfItsAdjustedScrollRange() throws {
        let phone = #""device": {"name": "iPhone 15"}, "canvas": {"scale": 1}, "safeAreaInsets": "device", "#
        let tall = try scene(phone + Self.tall).makeCollectionView()
        #expect(tall.adjustedContentInset == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(tall.contentOffset == Point(x: 0, y: -59))
        let short = #""sections": [{"itemCount": 3}]"#
        #expect(try scene(phone + short).makeCollectionView().contentOffset == .zero)
        let bouncing = try scene(phone + #""alwaysBounceVertical": true, "# + short).makeCollectionView()
        #expect(bouncing.contentOffset == Point(x: 0, y: -59))
        let never = try scene(phone + #""contentInsetAdjustmentBehavior": "never", "# + Self.tall).makeCollectionView()
        #expect(never.contentOffset == .zero && never.adjustedContentInset == .zero)
        // An offset given is kept, and stays within nothing but what it says.
        let given = try scene(phone + #""contentOffset": {"x": 0, "y": 30}, "# + Self.tall).makeCollectionView()
        #expect(given.contentOffset == Point(x: 0, y: 30))
        // The content inset comes on top of the safe area.
        let inset = try scene(phone + #""contentInset": {"top": 10}, "# + Self.tall).makeCollectionView()
        #expect(inset.contentOffset == Point(x: 0, y: -69))
    }

    /// A `rotate` step turns the device's safe area with it: in landscape the housing is at the
    /// sides, and a layout measuring its sections from the safe area moves its lines clear of it.
    @Test func aRotationTurnsTheDevicesSafeArea() throws {
        let json = """
            {"device": "iPhone 15", "canvas": {"scale": 1}, "safeAreaInsets": "device",
             "layout": {"type": "flow", "itemSize": {"width": 90, "height": 60}, "sectionInsetReference": "fromSafeArea",
                        "sectionInset": {"left": 8, "right": 8}},
             "sections": [{"itemCount": 60}],
             "animation": {"steps": [{"rotate": "landscape", "duration": 0.2}]}}
            """
        let player = try SceneAnimationPlayer(scene: Scene(json: json))
        #expect(player.states.first?.contentOffset == Point(x: 0, y: -59))
        let last = try #require(player.states.last)
        #expect(last.safeAreaInsets == EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(last.deviceVariant?.isLandscape == true)
        let turned = last.makeCollectionView()
        #expect(turned.bounds.size == Size(width: 852, height: 393))
        // The lines start 59 + 8 points in; upright they started 8 in.
        #expect(turned.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 67)
        let upright = try Scene(json: json).makeCollectionView()
        #expect(upright.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 8)
        // The last frame draws what the final state's collection view shows.
        let frame = player.frame(player.frameCount - 1)
        #expect(frame.contentOffset == turned.contentOffset)
        let first = frame.elements.first { $0.attributes.indexPath == IndexPath(item: 0, section: 0) }
        #expect(first?.attributes.frame.minX == 67)
    }
}
