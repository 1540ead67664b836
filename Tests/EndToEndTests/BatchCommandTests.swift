import Foundation
import PNG
import TestSupport
import Testing

@Suite struct BatchCommandTests {
    /// `scenes/` with two valid scenes (one nested) and one with a bad key.
    private func makeScenes(in folder: TemporaryFolder) throws {
        try folder.write("scenes/a.json", TestScenes.valid(width: 80, height: 60, scale: 2))
        try folder.write(
            "scenes/nested/b.json", TestScenes.valid(width: 50, height: 40, scale: 1, count: 9, color: "#CC3300"))
        try folder.write("scenes/bad.json", TestScenes.badKey)
        try folder.write("scenes/README.md", "not a scene")
    }

    @Test func rendersTheGoodScenesRecordsTheBadOneAndExitsWith1() throws {
        let folder = try TemporaryFolder()
        try makeScenes(in: folder)
        let run = try CommandRun.run(["batch", "scenes", "-o", "out", "--jobs", "2"], in: folder.path)
        #expect(run.status == 1)
        #expect(folder.files(under: "out") == ["a.png", "manifest.json", "nested/b.png"])
        let a = try PNGDecoder.decode(try #require(folder.bytes("out/a.png")))
        #expect(a.width == 160 && a.height == 120)
        let b = try PNGDecoder.decode(try #require(folder.bytes("out/nested/b.png")))
        #expect(b.width == 50 && b.height == 40)

        // Standard error is not a terminal here: one plain line per scene, then the failures, then a summary.
        let lines = run.errorLines
        #expect(lines.count == 5)
        let expectedProgress: Set<String> = [
            "[1/3] ok     scenes/a.json -> a.png", "[2/3] ok     scenes/nested/b.json -> nested/b.png",
            #"[3/3] error  scenes/bad.json: layout: unknown key "itemSzie"; did you mean "itemSize"?"#,
        ]
        // Which scene finishes first varies with two jobs: compare without the counters.
        func withoutCounter(_ line: String) -> String { String(line.drop(while: { $0 != "]" })) }
        #expect(Set(lines.prefix(3).map(withoutCounter)) == Set(expectedProgress.map(withoutCounter)))
        #expect(lines.prefix(3).map { String($0.prefix(6)) } == ["[1/3] ", "[2/3] ", "[3/3] "])
        #expect(lines[3] == #"error: scenes/bad.json: layout: unknown key "itemSzie"; did you mean "itemSize"?"#)
        #expect(lines[4].hasPrefix("2 of 3 scenes written to out, 1 failed; manifest out/manifest.json ("))

        let manifest = try JSONSerialization.jsonObject(with: Data(try #require(folder.bytes("out/manifest.json"))))
        let object = try #require(manifest as? [String: Any])
        #expect(object["hashAlgorithm"] as? String == "fnv1a64")
        #expect((object["shard"] as? [String: Int]) == ["index": 1, "count": 1])
        #expect((object["counts"] as? [String: Int]) == ["batch": 3, "shard": 3, "ok": 2, "error": 1])
        let scenes = try #require(object["scenes"] as? [[String: Any]])
        #expect(scenes.map { $0["source"] as? String } == ["scenes/a.json", "scenes/bad.json", "scenes/nested/b.json"])
        #expect(scenes.map { $0["status"] as? String } == ["ok", "error", "ok"])
        #expect(scenes[0]["output"] as? String == "a.png")
        #expect(scenes[0]["width"] as? Int == 160)
        #expect(scenes[0]["bytes"] as? Int == folder.bytes("out/a.png")?.count)
        #expect(
            scenes[1]["error"] as? String
                == #"scenes/bad.json: layout: unknown key "itemSzie"; did you mean "itemSize"?"#)
        #expect(scenes[1]["width"] == nil)
    }

    @Test func oneAndTwoJobsWriteIdenticalFiles() throws {
        let folder = try TemporaryFolder()
        try makeScenes(in: folder)
        for i in 1...6 { try folder.write("scenes/more/s\(i).json", TestScenes.valid(count: i * 3)) }
        let one = try CommandRun.run(["batch", "scenes", "-o", "one", "--jobs", "1"], in: folder.path)
        let two = try CommandRun.run(["batch", "scenes", "-o", "two", "-j", "2"], in: folder.path)
        #expect(one.status == 1 && two.status == 1)
        let files = folder.files(under: "one")
        #expect(files.count == 9)  // 8 PNGs and the manifest
        #expect(folder.files(under: "two") == files)
        for name in files {
            #expect(folder.bytes("one/" + name) == folder.bytes("two/" + name), "\(name)")
        }
    }

    @Test func allGoodExitsWith0AndQuietPrintsNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", TestScenes.valid())
        try folder.write("single/card.json", TestScenes.valid(count: 1))
        let run = try CommandRun.run(["batch", "scenes", "single/card.json", "-o", "out", "--quiet"], in: folder.path)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(folder.files(under: "out") == ["a.png", "card.png", "manifest.json"])
    }

    @Test func shardsFromTheOptionAndFromTheEnvironmentAgree() throws {
        let folder = try TemporaryFolder()
        for i in 0..<5 { try folder.write("scenes/s\(i).json", TestScenes.valid(count: i + 1)) }
        let option = try CommandRun.run(["batch", "scenes", "-o", "opt", "--shard", "2/3"], in: folder.path)
        #expect(option.status == 0)
        #expect(folder.files(under: "opt") == ["manifest-2-of-3.json", "manifest.json", "s1.png", "s4.png"])
        // The shard's manifest.json is its manifest-2-of-3.json (merge replaces it with the whole's).
        #expect(folder.bytes("opt/manifest.json") == folder.bytes("opt/manifest-2-of-3.json"))
        let env = try CommandRun.run(
            ["batch", "scenes", "-o", "env"], in: folder.path,
            environment: ["JOB_COMPLETION_INDEX": "1", "CP_SHARD_COUNT": "3"])
        #expect(env.status == 0)
        #expect(folder.files(under: "env") == folder.files(under: "opt"))
        for name in folder.files(under: "opt") { #expect(folder.bytes("env/" + name) == folder.bytes("opt/" + name)) }
        #expect(env.errorLines.last?.hasPrefix("shard 2/3 (2 of 5 scenes): 2 of 2 scenes written to env") == true)
    }

    @Test func devicesRenderEverySceneOnEachScreen() throws {
        let folder = try TemporaryFolder()
        for i in 0..<2 { try folder.write("scenes/s\(i).json", TestScenes.valid(count: i + 1)) }
        let devices = ["--device", "iPhone SE", "--device", "iPad mini:landscape"]
        let run = try CommandRun.run(["batch", "scenes", "-o", "out"] + devices, in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        // Counted as images, each scene once per device.
        #expect(run.errorLines.last?.hasPrefix("4 of 4 images (2 scenes on 2 devices) written to out;") == true)
        #expect(
            folder.files(under: "out") == [
                "manifest.json", "s0.iPad-mini-landscape.png", "s0.iPhone-SE.png", "s1.iPad-mini-landscape.png",
                "s1.iPhone-SE.png",
            ])
        // Each the same bytes as render --device.
        let single = try CommandRun.run(
            ["render", "scenes/s1.json", "-o", "one.png", "--device", "iPad mini:landscape"], in: folder.path)
        #expect(single.status == 0 && folder.bytes("one.png") == folder.bytes("out/s1.iPad-mini-landscape.png"))
        let manifest = String(decoding: try #require(folder.bytes("out/manifest.json")), as: UTF8.self)
        #expect(
            manifest.contains(#""output": "s0.iPhone-SE.png", "device": "iPhone SE", "status": "ok", "width": 750"#))
        // Shards merge to the same manifest.
        for k in 1...3 {
            let shard = try CommandRun.run(
                ["batch", "scenes", "-o", "shards", "-q", "--shard", "\(k)/3"] + devices, in: folder.path)
            #expect(shard.status == 0)
        }
        let merged = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(
            merged.status == 0
                && merged.errorLines.last?.hasPrefix("merged 3 shards: 4 of 4 images (2 scenes on 2 devices) written;")
                    == true
        )
        #expect(folder.bytes("shards/manifest.json") == folder.bytes("out/manifest.json"))
        // -o may not write over a shard's manifest or an image of the batch.
        let shardManifest = folder.bytes("shards/manifest-1-of-3.json")
        for (target, what) in [
            ("shards/manifest-1-of-3.json", "one of the merged folder's files"),
            ("./shards/s0.iPhone-SE.png", "one of the merged folder's files"),
        ] {
            let clash = try CommandRun.run(["merge", "shards", "-o", target], in: folder.path)
            #expect(
                clash.status == 64
                    && clash.errorLines == ["error: \(target): is \(what) itself; choose another output file"],
                "\(clash.errorLines)")
        }
        #expect(folder.bytes("shards/manifest-1-of-3.json") == shardManifest)
        #expect(try CommandRun.run(["merge", "shards", "-o", "whole.json"], in: folder.path).status == 0)
        #expect(folder.bytes("whole.json") == folder.bytes("out/manifest.json"))
        let wrong = try CommandRun.run(["batch", "scenes", "-o", "x", "--device", "Pixel 8"], in: folder.path)
        #expect(
            wrong.status == 64 && wrong.errorLines.count == 1
                && !FileManager.default.fileExists(atPath: folder.url("x")))
    }

    /// `merge -o` may not write over an image of the batch in a sub-folder either.
    @Test func mergeKeepsOffTheBatchsNestedImages() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", TestScenes.valid())
        try folder.write("scenes/deep/b.json", TestScenes.valid(count: 2))
        for k in 1...2 {
            #expect(
                try CommandRun.run(["batch", "scenes", "-o", "out", "-q", "--shard", "\(k)/2"], in: folder.path).status
                    == 0)
        }
        let image = folder.bytes("out/deep/b.png")
        let clash = try CommandRun.run(["merge", "out", "-o", "out/deep/b.png"], in: folder.path)
        #expect(
            clash.status == 64
                && clash.errorLines == [
                    "error: out/deep/b.png: is an image of the batch itself; choose another output file"
                ], "\(clash.errorLines)")
        #expect(image != nil && folder.bytes("out/deep/b.png") == image)
    }

    @Test func badShardsAndJobsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", TestScenes.valid())
        let cases: [([String], [String: String], String)] = [
            (["--shard", "0/3"], [:], "--shard K/N: K must be between 1 and N (3), got 0"),
            (["--shard", "a/b"], [:], #"--shard must be K/N with whole numbers, e.g. 2/3; got "a/b""#),
            (
                [], ["JOB_COMPLETION_INDEX": "2"],
                "JOB_COMPLETION_INDEX is set but CP_SHARD_COUNT is not; set both to shard from the environment, or pass --shard K/N"
            ),
            (
                [], ["JOB_COMPLETION_INDEX": "5", "CP_SHARD_COUNT": "3"],
                #"JOB_COMPLETION_INDEX must be a whole number from 0 to CP_SHARD_COUNT − 1 (2), got "5""#
            ),
            (["--jobs", "0"], [:], "--jobs must be at least 1, got 0"),
            (["--jobs", "-3"], [:], "--jobs must be at least 1, got -3"),
            (["--jobs", "5000"], [:], "--jobs must be at most 1024, got 5000"),
            (["--scale", "-1"], [:], "--scale must be a number greater than 0 and at most 4, got -1.0"),
            (["-o", ""], [:], "-o/--output must not be empty"),
            (["--scale", "9"], [:], "--scale must be a number greater than 0 and at most 4, got 9.0"),
        ]
        for (extra, environment, message) in cases {
            let run = try CommandRun.run(
                ["batch", "scenes", "-o", "out"] + extra, in: folder.path, environment: environment)
            #expect(run.status == 64, "\(extra) \(environment)")
            #expect(run.standardError.contains(message), "\(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    @Test func missingPathsAndCollisionsStopBeforeRendering() throws {
        let folder = try TemporaryFolder()
        try folder.write("one/card.json", TestScenes.valid())
        try folder.write("two/card.json", TestScenes.valid())
        try folder.write("empty/notes.txt", "")
        let missing = try CommandRun.run(["batch", "one", "nope", "-o", "out"], in: folder.path)
        #expect(missing.status == 66)
        #expect(missing.errorLines == ["error: nope: no such file or directory"])
        let empty = try CommandRun.run(["batch", "empty", "-o", "out"], in: folder.path)
        #expect(empty.status == 66)
        #expect(empty.errorLines == ["error: no scene files (*.json) found in empty"])
        let clash = try CommandRun.run(["batch", "one/card.json", "two/card.json", "-o", "out"], in: folder.path)
        #expect(clash.status == 64)
        #expect(
            clash.errorLines == [
                "error: one/card.json and two/card.json would both be written to card.png; pass one folder that holds both (names are then paths inside it), or rename one"
            ])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
        try folder.write("blocked", "a file where the output folder should go")
        let blocked = try CommandRun.run(["batch", "one", "-o", "blocked"], in: folder.path)
        #expect(blocked.status == 73)
        #expect(
            blocked.errorLines == [
                "error: blocked: is a file, not a folder; give -o a folder for the images and the manifest"
            ])
    }

    @Test func aSecondRunIntoAFolderInsideTheInputsIgnoresItsOwnOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("work/a.json", TestScenes.valid())
        #expect(try CommandRun.run(["batch", "work", "-o", "work/out"], in: folder.path).status == 0)
        let first = folder.bytes("work/out/manifest.json")
        #expect(try CommandRun.run(["batch", "work", "-o", "work/out"], in: folder.path).status == 0)
        #expect(folder.bytes("work/out/manifest.json") == first)
        #expect(folder.files(under: "work/out") == ["a.png", "manifest.json"])
    }

    @Test func theSamplesRenderToTheirReferenceImages() throws {
        let folder = try TemporaryFolder()
        let root = BinaryLocator.repositoryRoot
        let samples = root.appendingPathComponent("Samples").path
        let run = try CommandRun.run(["batch", samples, "-o", "out", "--jobs", "2"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        let snapshots = root.appendingPathComponent("Tests/EndToEndTests/__Snapshots__").path
        let names = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let png = String(name.dropLast(5)) + ".png"
            guard let reference = FileManager.default.contents(atPath: snapshots + "/" + png) else { continue }
            let output = folder.bytes("out/" + png)
            let same = output == [UInt8](reference)
            #expect(same, "\(png): \(output?.count ?? 0) bytes, the reference \(reference.count)")
        }
    }

    @Test func helpExplainsNamingShardingAndExitStatus() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRun.run(["batch", "--help"], in: folder.path)
        #expect(run.status == 0)
        let help = String(decoding: run.standardOutput, as: UTF8.self)
        for text in [
            "collection-preview batch Samples -o out --shard 2/3", "JOB_COMPLETION_INDEX", "CP_SHARD_COUNT", "--jobs",
        ] {
            #expect(help.contains(text), "\(text)")
        }
    }
}
