import ArgumentParser
import Foundation
import PNG
import SampleArt

/// `collection-preview assets`: regenerates the sample pictures in `Assets/Images/`.
struct AssetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets",
        abstract: "Regenerate the sample images (Assets/Images/*.png) with the project's own rasterizer.",
        discussion:
            "Nothing can be downloaded on build machines, so the animal pictures the samples show are drawn from code (AnimalArt.swift). Output is deterministic."
    )

    @Option(name: .shortAndLong, help: "The folder to write the images to.")
    var output = "Assets/Images"

    @Option(help: "Width and height of each image in pixels.")
    var size = 128

    func validate() throws {
        guard (16...1024).contains(size) else { throw ValidationError("--size must be between 16 and 1024") }
    }

    func run() throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for art in AnimalArt.allCases {
            let path = (output as NSString).appendingPathComponent("\(art.rawValue).png")
            try PNGEncoder.write(try art.image(size: size), to: path, options: .smallest)
            print(path)
        }
    }
}
