import ArgumentParser
import Foundation
import PNG
import SampleArt
import Support

/// `collection-preview assets`: regenerates the sample pictures in `Assets/Images/`.
struct AssetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets",
        abstract: "Regenerate the sample images (Assets/Images/*.png) with the project's own rasterizer.",
        discussion: """
            Nothing can be downloaded on build machines, so the animal pictures the samples show are \
            drawn from code (module SampleArt). Output is deterministic, and at the default size \
            equals the committed Assets/Images (a test checks it).
            \(CommandError.exitStatusHelp)
            """)

    @Option(
        name: .shortAndLong,
        help: "The folder to write the images to, relative to the current folder (run it from the repository's root).")
    var output = "Assets/Images"

    @Option(parsing: .unconditional, help: "Width and height of each image in pixels, 16 to 1024.")
    var size = 128

    func validate() throws {
        try RenderCommand.validateOutput(output)
        guard (16...1024).contains(size) else {
            throw ValidationError("--size must be between 16 and 1024, got \(size)")
        }
    }

    func run() throws {
        try CommandError.reporting {
            try OutputFolder.check(output, option: "-o", for: "the pictures")
            // Folders made for -o are taken away again if the run fails or is stopped before
            // writing into them (those left empty).
            try NewFolders.writingInto(output) {
                for art in AnimalArt.allCases {
                    try Interruption.check()
                    let path = (output as NSString).appendingPathComponent("\(art.rawValue).png")
                    try PNGEncoder.write(try art.image(size: size), to: path, options: .smallest)
                    try StandardOutput.print(path)
                }
            }
        }
    }
}
