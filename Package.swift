// swift-tools-version: 6.0
// CollectionPreview — UIKit's collection-view layout system, headless on Linux,
// rasterized to PNG. The target graph follows the one-way pipeline in README.md, "How it is built":
// Geometry → Raster → PNG / Text → Layout → Rendering → Animation → Scene → collection-preview.
import PackageDescription

let package = Package(
    name: "CollectionPreview",
    products: [
        .executable(name: "collection-preview", targets: ["CollectionPreviewCLI"]),
        // Everything below in one import.
        .library(name: "CollectionPreview", targets: ["CollectionPreview"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "PNG", targets: ["PNG"]),
        .library(name: "Text", targets: ["Text"]),
        .library(name: "Layout", targets: ["Layout"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Animation", targets: ["Animation"]),
        .library(name: "Batch", targets: ["Batch"]),
        .library(name: "VisualTesting", targets: ["VisualTesting"]),
        .library(name: "RegressionSuite", targets: ["RegressionSuite"]),
        // Snapshot assertions for Swift Testing and XCTest.
        .library(name: "CollectionPreviewTesting", targets: ["CollectionPreviewTesting"]),
        // A Snapshotting strategy for pointfreeco/swift-snapshot-testing; the only product that depends on it.
        .library(name: "CollectionPreviewSnapshotTesting", targets: ["CollectionPreviewSnapshotTesting"]),
    ],
    dependencies: [
        // The command-line interface: subcommands, help and errors for free.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: DocC for the public modules (a command plugin only).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // Image snapshots of collection views for teams already on swift-snapshot-testing (its
        // `Snapshotting` type); used by the CollectionPreviewSnapshotTesting product only.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        // libpng reports errors by longjmp; every setjmp lives in this C shim.
        // It also calls zlib directly to deflate strips of rows in parallel.
        .target(name: "CPNGShim", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),

        // Platform code (the one `#if canImport(Glibc)`), atomic files and JSON writing.
        .target(name: "Support"),
        .target(name: "Geometry", dependencies: ["Support"]),
        // Processor operations Swift lacks (cache prefetch, string store, SSE2 and AVX2 kernels) as
        // inline C functions (a header only).
        .systemLibrary(name: "CIntrinsics"),
        .target(name: "Raster", dependencies: ["Geometry", "Support", "CIntrinsics"]),
        .target(name: "PNG", dependencies: ["Raster", "CPNGShim", "Support"]),
        // Assets/: the fonts and sample pictures, shipped as SwiftPM resources.
        .target(
            name: "BundledAssets", path: "Assets", exclude: ["scene.schema.json"], sources: ["BundledAssets.swift"],
            resources: [.copy("Fonts"), .copy("Images")]),
        .target(name: "Text", dependencies: ["Geometry", "Raster", "CFreeType", "BundledAssets"]),
        .target(name: "Layout", dependencies: ["Geometry", "Support"]),
        .target(name: "Rendering", dependencies: ["Geometry", "Raster", "Text", "Layout"]),
        .target(
            name: "Scene",
            dependencies: [
                "Geometry", "Raster", "PNG", "Text", "Layout", "Rendering", "Animation", "Support", "BundledAssets",
            ]),
        // Timing curves, springs and timelines of animated collection views, and the recorder that
        // draws a collection view's animated changes made from Swift code.
        .target(name: "Animation", dependencies: ["Geometry", "Raster", "Text", "Layout", "Rendering", "Support"]),
        // The umbrella: re-exports the public modules so that one import is enough.
        .target(
            name: "CollectionPreview",
            dependencies: [
                "Geometry", "Raster", "PNG", "Text", "Layout", "Rendering", "Animation", "Scene", "VisualTesting",
            ]),
        // Orchestration above the pipeline: worker pool, progress, shards, manifests, batch runs.
        .target(name: "Batch", dependencies: ["Scene", "PNG", "Support"]),
        // Image comparison: pixelmatch-compatible counts, budgets, ignored regions, diff images.
        .target(name: "VisualTesting", dependencies: ["Raster", "PNG", "Support"]),
        // Visual regression runs over scene files: baselines, record modes, reports, approve, merge.
        .target(
            name: "RegressionSuite",
            dependencies: ["Animation", "Batch", "Scene", "PNG", "Raster", "Support", "VisualTesting"]),
        // assertImageSnapshot for Swift Testing and XCTest, on VisualTesting.
        .target(
            name: "CollectionPreviewTesting",
            dependencies: [
                "Animation", "VisualTesting", "PNG", "Raster", "Geometry", "Layout", "Rendering", "Scene", "Support",
            ]),
        // `Snapshotting` strategies for swift-snapshot-testing; kept out of every other product.
        .target(
            name: "CollectionPreviewSnapshotTesting",
            dependencies: [
                "VisualTesting", "PNG", "Raster", "Geometry", "Layout", "Rendering", "Support",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // The sample pictures in Assets/Images, drawn with the project's own rasterizer.
        .target(name: "SampleArt", dependencies: ["Geometry", "Raster"]),
        // The reference scenes of BENCHMARKS.md and the `bench` suite.
        .target(
            name: "Benchmark",
            dependencies: ["Geometry", "Raster", "PNG", "Text", "Layout", "Support", "VisualTesting"]),
        .executableTarget(
            name: "CollectionPreviewCLI",
            dependencies: [
                "Geometry", "Raster", "PNG", "Scene", "Animation", "Batch", "Benchmark", "SampleArt", "Support",
                "VisualTesting", "RegressionSuite", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Golden-image assertions shared by the test targets.
        .target(
            name: "TestSupport", dependencies: ["PNG", "Raster", "VisualTesting", "CollectionPreviewTesting"],
            path: "Tests/TestSupport"),

        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(
            name: "RasterTests", dependencies: ["CIntrinsics", "Geometry", "Raster", "Text", "TestSupport"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Text"]),
        .testTarget(name: "SupportTests", dependencies: ["Support", "TestSupport"]),
        .testTarget(
            name: "PNGTests", dependencies: ["PNG", "CPNGShim", "Raster", "Support", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "BenchmarkTests", dependencies: ["Benchmark", "Geometry", "PNG", "Raster"]),
        .testTarget(name: "TextTests", dependencies: ["Geometry", "Raster", "Text"]),
        .testTarget(name: "LayoutTests", dependencies: ["Geometry", "Layout", "TestSupport"]),
        .testTarget(
            name: "RenderingTests", dependencies: ["Geometry", "Raster", "Text", "Layout", "Rendering"]),
        .testTarget(
            name: "SceneTests",
            dependencies: [
                "Geometry", "Raster", "Text", "Layout", "Rendering", "Animation", "Scene", "Support", "TestSupport",
            ],
            exclude: ["Schema/validate.py"]),
        // The README's Swift example, with its one `import CollectionPreview`.
        .testTarget(
            name: "ExampleTests", dependencies: ["CollectionPreview", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "SampleArtTests", dependencies: ["SampleArt", "PNG"]),
        .testTarget(
            name: "VisualTestingTests", dependencies: ["VisualTesting", "Geometry", "PNG", "Raster", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "CollectionPreviewTestingTests",
            dependencies: [
                "CollectionPreviewTesting", "VisualTesting", "Geometry", "Layout", "PNG", "Raster", "Rendering",
                "Scene", "TestSupport",
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "CollectionPreviewSnapshotTestingTests",
            dependencies: [
                "CollectionPreviewSnapshotTesting", "VisualTesting", "Geometry", "Layout", "PNG", "Raster", "Rendering",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "BatchTests", dependencies: ["Batch", "Scene", "PNG", "TestSupport"]),
        // Runs the built `collection-preview` binary and renders Samples/ against reference PNGs.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Raster", "Animation", "Benchmark", "Batch", "Scene", "PNG", "Support", "RegressionSuite",
                "TestSupport", "VisualTesting",
            ],
            exclude: ["__Snapshots__"]),
    ]
)
