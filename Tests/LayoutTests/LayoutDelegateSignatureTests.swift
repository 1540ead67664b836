import Geometry
import Testing

@testable import Layout

/// The layout delegates' methods have UIKit's and CHT's signatures, so that a method ported
/// from an app (its types renamed: `CGSize` to `Size`, `CGFloat` to `Double`) is the one the
/// layout calls, and a delegate that leaves a method out gets the layout's own value.
@Suite struct LayoutDelegateSignatureTests {
    /// A collection view of `layout` over sections of `counts` items whose delegate is `delegate`.
    private func collectionView(
        _ layout: CollectionViewLayout, _ counts: [Int], delegate: CollectionViewDelegate?
    ) -> CollectionView {
        let cv = makeCollectionView(layout, dataSource: TestDataSource(counts))
        cv.delegate = delegate
        layout.invalidateLayout()
        return cv
    }

    /// `collectionView(_:layout:sizeForItemAt:)` as UIKit declares it, non-optional result and
    /// all, sizes the flow layout's items.
    @Test func theFlowLayoutCallsAMethodWithUIKitsSignature() {
        final class Sizes: CollectionViewDelegateFlowLayout {
            func collectionView(
                _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                sizeForItemAt indexPath: IndexPath
            ) -> Size { Size(width: 100, height: 20 + 10 * Double(indexPath.item)) }
        }
        let sizes = Sizes()
        let cv = collectionView(CollectionViewFlowLayout(), [3], delegate: sizes)
        #expect(
            frames(cv).map(\.size) == [
                Size(width: 100, height: 20), Size(width: 100, height: 30), Size(width: 100, height: 40),
            ])
        withExtendedLifetime(sizes) {}
    }

    /// CHT's `collectionView(_:layout:sizeForItemAt:)`, with the layout typed as the base class,
    /// gives the waterfall's items their aspect ratios.
    @Test func theWaterfallCallsAMethodWithCHTsSignature() {
        final class Sizes: WaterfallLayoutDelegate {
            func collectionView(
                _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                sizeForItemAt indexPath: IndexPath
            ) -> Size { Size(width: 100, height: indexPath.item == 0 ? 50 : 200) }
        }
        let sizes = Sizes()
        let cv = collectionView(WaterfallLayout(), [2], delegate: sizes)
        // Columns (320 − 10) / 2 = 155 wide: 155 · 50 / 100 = 77.5 → 77; 155 · 2 = 310.
        #expect(frames(cv).map(\.height) == [77, 310])
        withExtendedLifetime(sizes) {}
    }

    /// A delegate of both layouts that implements none of their methods compiles (the two
    /// protocols' shared methods have one default) and lays each layout out with its own values.
    @Test func aDelegateOfBothLayoutsGetsEachLayoutsOwnValues() {
        final class Neither: CollectionViewDelegateFlowLayout, WaterfallLayoutDelegate {}
        let neither = Neither()
        func flow() -> CollectionViewFlowLayout {
            let l = CollectionViewFlowLayout()
            l.itemSize = Size(width: 70, height: 30)
            l.sectionInset = EdgeInsets(top: 5, left: 8, bottom: 5, right: 8)
            l.minimumLineSpacing = 4
            l.minimumInteritemSpacing = 2
            l.headerReferenceSize = Size(width: 0, height: 12)
            return l
        }
        func waterfall() -> WaterfallLayout {
            let l = WaterfallLayout()
            l.itemSize = Size(width: 10, height: 7)
            l.sectionInset = EdgeInsets(top: 3, left: 9, bottom: 3, right: 9)
            l.columnCount = 3
            l.minimumInteritemSpacing = 6
            l.headerHeight = 15
            return l
        }
        for make in [flow as () -> CollectionViewLayout, waterfall] {
            let plain = collectionView(make(), [7, 3], delegate: nil)
            let delegated = collectionView(make(), [7, 3], delegate: neither)
            for section in 0..<2 { #expect(frames(delegated, section: section) == frames(plain, section: section)) }
            #expect(delegated.contentSize == plain.contentSize)
            #expect(frames(plain).first?.minX != 0)  // the insets were applied, not zero
        }
        withExtendedLifetime(neither) {}
    }

    /// A delegate of both layouts answers the shared `insetForSectionAt` for each: told apart by
    /// the layout argument's type, as in UIKit with CHT.
    @Test func aSharedMethodTellsTheLayoutsApartByType() {
        final class Insets: CollectionViewDelegateFlowLayout, WaterfallLayoutDelegate {
            func collectionView(
                _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                insetForSectionAt section: Int
            ) -> EdgeInsets {
                collectionViewLayout is WaterfallLayout
                    ? EdgeInsets(top: 0, left: 30, bottom: 0, right: 0)
                    : EdgeInsets(top: 0, left: 11, bottom: 0, right: 0)
            }
        }
        let insets = Insets()
        #expect(frames(collectionView(CollectionViewFlowLayout(), [1], delegate: insets))[0].minX == 11)
        #expect(frames(collectionView(WaterfallLayout(), [1], delegate: insets))[0].minX == 30)
        withExtendedLifetime(insets) {}
    }
    /// `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`, spelled as UIKit and CHT
    /// spell it, spaces a waterfall's column as well as a flow layout's line: one method serves a
    /// delegate of both layouts, told apart by type. (The waterfall's method once had the seeds'
    /// spelling, `minimumInterItemSpacing…`, and a method ported from an app was never called.)
    @Test func bothLayoutsCallTheInteritemSpacingMethodWithUIKitsSpelling() {
        final class Spacing: CollectionViewDelegateFlowLayout, WaterfallLayoutDelegate {
            func collectionView(
                _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                minimumInteritemSpacingForSectionAt section: Int
            ) -> Double { collectionViewLayout is WaterfallLayout ? 17 : 1 }
        }
        let spacing = Spacing()
        // One column 320 wide: the 50 × 50 default item is 320 tall, the next one 17 below it.
        let waterfall = WaterfallLayout()
        waterfall.columnCount = 1
        #expect(frames(collectionView(waterfall, [2], delegate: spacing)).map(\.minY) == [0, 337])
        // Three items 106 wide fit a 320-point line 1 apart (3 · 106 + 2 = 320), not 10 apart.
        func flow() -> CollectionViewFlowLayout {
            let l = CollectionViewFlowLayout()
            l.itemSize = Size(width: 106, height: 40)
            return l
        }
        #expect(frames(collectionView(flow(), [3], delegate: spacing)).map(\.minY) == [0, 0, 0])
        #expect(frames(collectionView(flow(), [3], delegate: nil)).map(\.minY) != [0, 0, 0])
        withExtendedLifetime(spacing) {}
    }
    /// CHT's Swift port spells the waterfall's section methods its own way (`columnCountFor:`,
    /// `insetsFor:` …): a delegate written against it lays the waterfall out exactly as one with
    /// the Objective-C header's names and the same answers.
    @Test func theWaterfallCallsTheMethodsOfCHTsSwiftPort() {
        final class SwiftPort: WaterfallLayoutDelegate {
            typealias L = CollectionViewLayout
            func collectionView(_ c: CollectionView, layout l: L, columnCountFor section: Int) -> Int { 3 }
            func collectionView(_ c: CollectionView, layout l: L, minimumColumnSpacingFor section: Int) -> Double { 4 }
            func collectionView(_ c: CollectionView, layout l: L, minimumInteritemSpacingFor section: Int) -> Double {
                9
            }
            func collectionView(_ c: CollectionView, layout l: L, insetsFor section: Int) -> EdgeInsets {
                EdgeInsets(top: 2, left: 12, bottom: 3, right: 5)
            }
            func collectionView(_ c: CollectionView, layout l: L, insetsForHeaderIn section: Int) -> EdgeInsets {
                EdgeInsets(top: 1, left: 6, bottom: 2, right: 0)
            }
            func collectionView(_ c: CollectionView, layout l: L, insetsForFooterIn section: Int) -> EdgeInsets {
                EdgeInsets(top: 4, left: 0, bottom: 1, right: 7)
            }
            func collectionView(_ c: CollectionView, layout l: L, heightForHeaderIn section: Int) -> Double { 20 }
            func collectionView(_ c: CollectionView, layout l: L, heightForFooterIn section: Int) -> Double { 11 }
        }
        final class HeaderNames: WaterfallLayoutDelegate {
            typealias L = CollectionViewLayout
            func collectionView(_ c: CollectionView, layout l: L, columnCountForSection section: Int) -> Int { 3 }
            func collectionView(_ c: CollectionView, layout l: L, minimumColumnSpacingForSectionAt section: Int)
                -> Double
            { 4 }
            func collectionView(_ c: CollectionView, layout l: L, minimumInteritemSpacingForSectionAt section: Int)
                -> Double
            { 9 }
            func collectionView(_ c: CollectionView, layout l: L, insetForSectionAt section: Int) -> EdgeInsets {
                EdgeInsets(top: 2, left: 12, bottom: 3, right: 5)
            }
            func collectionView(_ c: CollectionView, layout l: L, insetForHeaderInSection section: Int) -> EdgeInsets {
                EdgeInsets(top: 1, left: 6, bottom: 2, right: 0)
            }
            func collectionView(_ c: CollectionView, layout l: L, insetForFooterInSection section: Int) -> EdgeInsets {
                EdgeInsets(top: 4, left: 0, bottom: 1, right: 7)
            }
            func collectionView(_ c: CollectionView, layout l: L, heightForHeaderInSection section: Int) -> Double {
                20
            }
            func collectionView(_ c: CollectionView, layout l: L, heightForFooterInSection section: Int) -> Double {
                11
            }
        }
        let swiftPort = SwiftPort(), headerNames = HeaderNames()
        let byPort = collectionView(WaterfallLayout(), [7, 4], delegate: swiftPort)
        let byHeader = collectionView(WaterfallLayout(), [7, 4], delegate: headerNames)
        let plain = collectionView(WaterfallLayout(), [7, 4], delegate: nil)
        for section in 0..<2 { #expect(frames(byPort, section: section) == frames(byHeader, section: section)) }
        #expect(byPort.contentSize == byHeader.contentSize)
        #expect(byPort.contentSize != plain.contentSize)
        // Three columns of (320 − 12 − 5 − 2 · 4) / 3 = 98.33… → 98 points from x = 12.
        #expect(Set(frames(byPort).map(\.minX)) == [12, 114, 216])
        withExtendedLifetime((swiftPort, headerNames)) {}
    }
}
