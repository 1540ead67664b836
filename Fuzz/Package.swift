// swift-tools-version: 6.0
// libFuzzer targets for CollectionPreview, built apart from the package so that `swift test`
// never builds or runs them. See README.md in this folder; `./run.sh` builds and runs them.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: the repository's, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "CollectionPreviewFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzSceneDecoder", dependencies: [.product(name: "Scene", package: root)]),
        .executableTarget(
            name: "FuzzPNGDecoder", dependencies: [.product(name: "PNG", package: root)]),
        .executableTarget(
            name: "FuzzPNGEncoder", dependencies: [.product(name: "PNG", package: root)]),
        .executableTarget(
            name: "FuzzLayout",
            dependencies: [
                .product(name: "Layout", package: root), .product(name: "Geometry", package: root),
            ]),
        .executableTarget(
            name: "FuzzAnimationSteps", dependencies: [.product(name: "Scene", package: root)]),
    ]
)
