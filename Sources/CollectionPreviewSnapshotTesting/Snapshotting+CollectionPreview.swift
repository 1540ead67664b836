import Foundation
import Geometry
import Layout
import PNG
import Raster
import Rendering
import SnapshotTesting
import Support
import Testing
import VisualTesting
import XCTest

extension Diffing where Value == Image {
    /// Stores images as PNG files and compares them with `ImageComparator` (pixelmatch's counts,
    /// budgets, ignored regions). A failure's message carries the numbers and the path of the
    /// diff image, written to the artifacts folder as `collection-preview-diffs/<digest>.png`
    /// (see `writeDifference(_:digest:)`); the diff is also attached as `difference.png`, which Xcode
    /// shows with the failure.
    public static func collectionPreviewImage(options: ComparisonOptions = .exact) -> Diffing<Image> {
        .diff(
            toData: { image in
                do {
                    return Data(try PNGEncoder.encodeSmallest(image))
                } catch {
                    reportStrategyFailure("cannot encode the image as a PNG: \(error)")
                    return Data()
                }
            },
            fromData: { data in
                do {
                    return try PNGDecoder.decode([UInt8](data))
                } catch {
                    reportStrategyFailure(
                        "the reference is not a readable PNG (\(error)); delete it to record it again")
                    return Snapshotting.unreadable
                }
            },
            diffV2: { reference, actual in
                let expected = StraightRGBAImage(reference)
                let result = ImageComparator.compare(
                    expected: expected, actual: StraightRGBAImage(actual), options: options)
                if result.passed { return nil }
                var message = "\(result.summary) [\(options.summary)]"
                guard let diff = try? DiffImage.render(expected: expected, result: result),
                    let png = try? PNGEncoder.encode(diff)
                else { return (message, []) }
                do {
                    message +=
                        "; difference image: \(try writeDifference(png, digest: PNGPixelDigest(StraightRGBAImage(diff))))"
                } catch {
                    message += "; the difference image could not be written: \(error)"
                }
                return (message, [.data(Data(png), name: "difference.png")])
            })
    }
}

/// The folder swift-snapshot-testing writes a failing snapshot to: `$SNAPSHOT_ARTIFACTS`, else
/// the temporary folder.
var snapshotArtifactsFolder: String {
    ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
}

/// Writes a failure's diff image to `<artifacts>/collection-preview-diffs/<digest>.png` and
/// returns its path; under Swift Testing outside Xcode it is attached to the test as well.
///
/// swift-snapshot-testing writes the failing image to the artifacts folder on every platform,
/// but attaches the diff only when Xcode runs the tests, and never on Linux, where the diff
/// would otherwise be lost. A strategy is not told the test's name, so the file is named by its
/// pixels' digest: the same failure always writes the same file.
///
/// - Throws: The file-system error that stopped the write.
func writeDifference(_ png: [UInt8], digest: PNGPixelDigest) throws -> String {
    let folder = (snapshotArtifactsFolder as NSString).appendingPathComponent("collection-preview-diffs")
    let path = (folder as NSString).appendingPathComponent(String(format: "%016llx.png", digest.value))
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try AtomicFile.write(png, to: path)
    #if compiler(>=6.2)  // attachments are public from Swift 6.2 (ST-0009)
        if Test.current != nil, ProcessInfo.processInfo.environment["__XCODE_BUILT_PRODUCTS_DIR_PATHS"] == nil {
            Attachment.record(png, named: "difference.png")
        }
    #endif
    return path
}

/// Records a failure of the snapshot strategy itself (a collection view that cannot be drawn, a
/// reference that cannot be read) in whichever framework runs the test: swift-snapshot-testing's
/// strategies cannot throw, and an image standing in for the one missing could otherwise match a
/// reference recorded the same way.
func reportStrategyFailure(_ message: String) {
    if Test.current != nil { Issue.record(Comment(rawValue: message)) } else { XCTFail(message) }
}

extension Snapshotting where Value == Image, Format == Image {
    /// A 1×1 transparent image standing for a reference file that is not a readable PNG or a
    /// collection view that cannot be drawn (the failure is also reported on its own).
    static var unreadable: Image {
        (try? Image(width: 1, height: 1)) ?? { preconditionFailure("a 1×1 image is always valid") }()
    }

    /// Image snapshots of `Image`s as PNG files, compared exactly (`ComparisonOptions.exact`):
    /// swift-snapshot-testing's own `.image` strategies default to a precision of 1, and the
    /// project's rendering is deterministic, so a team moving here keeps that default. Pass
    /// `options` for pixelmatch's tolerance (`ComparisonOptions()`) or budgets.
    public static var image: Snapshotting<Image, Image> { image() }

    /// Image snapshots of `Image`s as PNG files, compared with `options`.
    public static func image(options: ComparisonOptions = .exact) -> Snapshotting<Image, Image> {
        Snapshotting(pathExtension: "png", diffing: .collectionPreviewImage(options: options))
    }
}

extension Snapshotting where Value == CollectionView, Format == Image {
    /// Image snapshots of a collection view, drawn by `renderer` and compared with `options`.
    ///
    /// A collection view that cannot be drawn (its data source throws) fails the test with the
    /// error, and snapshots as a 1×1 transparent image.
    public static func image(
        renderer: CollectionViewRenderer, options: ComparisonOptions = .exact
    ) -> Snapshotting<CollectionView, Image> {
        Snapshotting<Image, Image>.image(options: options).pullback { collectionView in
            do {
                return try renderer.render(collectionView)
            } catch {
                reportStrategyFailure("cannot render the collection view: \(error)")
                return Snapshotting<Image, Image>.unreadable
            }
        }
    }
}

extension Snapshotting where Value == CollectionViewController, Format == Image {
    /// Image snapshots of a collection view controller shown in a window of `size` (as
    /// `Window.rootViewController`: it appears, so it reloads its data the first time and clears
    /// its selection unless told not to), drawn by `renderer` and compared with `options`; the
    /// counterpart of swift-snapshot-testing's `.image(on:)` for UIKit view controllers.
    public static func image(
        size: Size, renderer: CollectionViewRenderer, options: ComparisonOptions = .exact
    ) -> Snapshotting<CollectionViewController, Image> {
        Snapshotting<CollectionView, Image>.image(renderer: renderer, options: options).pullback { controller in
            Window(size: size, rootViewController: controller).makeKeyAndVisible()
            return controller.collectionView
        }
    }
}
