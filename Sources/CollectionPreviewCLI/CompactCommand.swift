import ArgumentParser
import Foundation
import RegressionSuite
import Support

/// `collection-preview compact PATH...`: rewrites PNG files (baselines) in fewer bytes, pixels unchanged.
struct CompactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Rewrite PNG files, such as baselines, in fewer bytes without changing a pixel.",
        discussion: """
            test, approve and the Swift assertions store the baselines they write small: each is \
            encoded with zlib's level 9 with no row filter and with `up`, and the smaller file is \
            kept, 20–35% under render's fast output on rendered screens. compact does the same to \
            files already there (baselines recorded by an earlier version, or made with render or \
            animate): every PNG file named, and every .png file in the folders named, is decoded \
            and encoded again, and replaced atomically only when the result is smaller. The 8-bit \
            pixels stay exactly as they were; files with 16-bit samples, animated PNGs and files \
            with a colour space (gAMA, sRGB, iCCP, ...) are left alone, and other chunks (text, \
            time, pixel size) are not kept. A symbolic link is followed and stays a link (a file \
            reached twice is compacted once). It prints each file it shrank or kept and a total. \
            A file that is not a readable PNG is reported, the others are still compacted, and \
            the exit status is then 65; it is 66 when a file could not be read at all (a named \
            pipe, a file without read permission).
            Examples:
              collection-preview compact Baselines
              collection-preview compact Tests/__Snapshots__ --dry-run
            \(CommandError.exitStatusHelp)
            """)

    @Argument(help: ArgumentHelp("PNG files, or folders searched for .png files.", valueName: "path"))
    var paths: [String]

    @Flag(help: "Only report what would be saved; write nothing.")
    var dryRun = false

    @Flag(name: .shortAndLong, help: "Print only the total and errors.")
    var quiet = false

    func validate() throws {
        try RenderCommand.validateInputs(paths, name: "<path>")
    }

    func run() throws {
        try CommandError.reporting {
            let files = try BaselineCompaction.files(at: paths)
            var before = 0
            var after = 0
            var shrunk = 0
            var unreadable = 0
            var notPNG = 0
            for file in files {
                try Interruption.check()
                let result: BaselineCompaction.FileResult
                do {
                    result = try BaselineCompaction.compact(file, write: !dryRun)
                } catch let error as SuiteError {
                    throw error
                } catch let error as FileError {
                    // The message names the file already.
                    CommandError.printError("\(error)")
                    unreadable += 1
                    continue
                } catch {
                    CommandError.printError("\(file): \(error)")
                    notPNG += 1
                    continue
                }
                before += result.bytesBefore
                after += result.bytesAfter
                if let depth = result.keptForBitDepth, !quiet {
                    try StandardOutput.print(
                        "kept \(file): it has \(depth)-bit samples, which compact leaves as they are")
                } else if let chunk = result.keptForChunk, !quiet {
                    let what = chunk == "acTL" ? "an animated PNG (acTL)" : "a colour space (\(chunk))"
                    try StandardOutput.print("kept \(file): it has \(what), which re-encoding would drop")
                }
                guard result.shrank else { continue }
                shrunk += 1
                if !quiet {
                    let verb = dryRun ? "would compact" : "compacted"
                    try StandardOutput.print(
                        "\(verb) \(file): \(Self.change(from: result.bytesBefore, to: result.bytesAfter))")
                }
            }
            let verb = dryRun ? "would shrink" : "shrank"
            CommandError.printToStandardError(
                "\(verb) \(shrunk) of \(files.count - unreadable - notPNG) PNG file(s): \(Self.change(from: before, to: after))"
            )
            if unreadable > 0 {
                let also = notPNG > 0 ? ", and \(notPNG) not readable PNGs" : ""
                throw CommandError("\(unreadable) file(s) could not be read\(also)", exitCode: CommandError.noInput)
            }
            if notPNG > 0 {
                throw CommandError("\(notPNG) file(s) not readable PNGs", exitCode: CommandError.badImage)
            }
        }
    }

    /// `10,470 → 7,580 bytes (−27.6%)`.
    static func change(from before: Int, to after: Int) -> String {
        let percent = before == 0 ? 0 : Double(after - before) * 100 / Double(before)
        let sign = percent < 0 ? "−" : "+"
        return
            "\(digitsGrouped(before)) → \(digitsGrouped(after)) bytes (\(sign)\(String(format: "%.1f", abs(percent)))%)"
    }
}
