#!/usr/bin/env node
// Times pixelmatch under Node on the bench's changed-diff frames, for
// `collection-preview bench --anchors`.
//
// The bench's "diff ..., 1.0% changed" row compares S1 with a copy whose 172x172 block is
// inverted (BENCHMARKS.md, "Image diff"). This script has the bench write those two frames
// (`bench --write-diff-frames`), loads pixelmatch, and times pixelmatch(expected, changed, null,
// width, height) with its default options (YIQ threshold 0.1, anti-aliased pixels detected and
// not counted: what `diff` does by default), without a diff image. After each round it runs the
// project's `bench --only diff --json`, so that both sides see the same minutes of the machine.
//
// pixelmatch is not part of the project: install it where you run this (npm install pixelmatch),
// or give the path of its index.js or package folder with --pixelmatch.
//
// Usage:
//   node Tools/pixelmatch-anchors.mjs --bench .build/release/collection-preview > pixelmatch.json
//   .build/release/collection-preview bench --anchors pixelmatch.json
//
// Options:
//   --bench BINARY       the collection-preview binary (required): it writes the frames and is
//                        timed after each round
//   --pixelmatch PATH    pixelmatch's index.js or package folder (default: `pixelmatch` as Node
//                        resolves it from the current folder)
//   --rounds N           time pixelmatch N times, in turn with the project (default 3); each
//                        figure is the minimum over all rounds
//   --samples N          pixelmatch runs per round (default 12), after one unclocked warm-up run
//   --bench-samples N    the project's `bench --samples` (default 32)
//
// It prints one JSON object: the library and Node versions, pixelmatch's minimum and median
// ("diff_changed": {"min_ms", "median_ms"}), the pixels pixelmatch and the project count, the
// project's minimum and the ratio of the two minima. A difference in the counts is reported on
// standard error: the two would not be comparing the same thing.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const USAGE = 'usage: node Tools/pixelmatch-anchors.mjs --bench BINARY [--pixelmatch PATH] ' +
    '[--rounds N] [--samples N] [--bench-samples N]';

/** Ends the script with one error line and status 64 (a usage error) or 1. */
function fail(message, status = 1) {
    process.stderr.write(`error: ${message}\n`);
    process.exit(status);
}

/** The options, checked. */
function parseArguments(argv) {
    const options = { bench: null, pixelmatch: null, rounds: 3, samples: 12, benchSamples: 32 };
    const counts = { '--rounds': 'rounds', '--samples': 'samples', '--bench-samples': 'benchSamples' };
    for (let i = 0; i < argv.length; i++) {
        const name = argv[i];
        if (name === '--help' || name === '-h') {
            process.stdout.write(`${USAGE}\n`);
            process.exit(0);
        }
        const value = argv[i + 1];
        if (!['--bench', '--pixelmatch', ...Object.keys(counts)].includes(name)) {
            fail(`unknown option '${name}'; ${USAGE}`, 64);
        }
        if (value === undefined || value === '') fail(`${name} needs a value`, 64);
        i++;
        if (name === '--bench') options.bench = value;
        else if (name === '--pixelmatch') options.pixelmatch = value;
        else {
            const number = Number(value);
            if (!Number.isInteger(number) || number < 1) fail(`${name} must be a whole number of at least 1, got ${value}`, 64);
            options[counts[name]] = number;
        }
    }
    if (options.bench === null) fail(`--bench is required; ${USAGE}`, 64);
    return options;
}

/** The path of pixelmatch's entry file: the one given, or Node's resolution from the current folder. */
function pixelmatchEntry(given) {
    if (given !== null) {
        const path = resolve(given);
        if (!existsSync(path)) fail(`--pixelmatch ${given}: no such file or folder`);
        return statSync(path).isDirectory() ? createRequire(join(path, 'package.json')).resolve(path) : path;
    }
    try {
        return createRequire(join(process.cwd(), 'index.js')).resolve('pixelmatch');
    } catch {
        fail('pixelmatch not found from this folder: run npm install pixelmatch here, or give --pixelmatch PATH');
    }
}

/** "NAME VERSION" from the nearest package.json above `entry`, or the entry's path. */
function libraryName(entry) {
    for (let folder = dirname(entry); ; folder = dirname(folder)) {
        const manifest = join(folder, 'package.json');
        if (existsSync(manifest)) {
            try {
                const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
                if (name && version) return `${name} ${version}`;
            } catch {
                // Not a package's manifest; look further up.
            }
        }
        if (dirname(folder) === folder) return entry;
    }
}

/** Runs the bench binary with `args`, returning its standard output; ends the script if it fails. */
function runBench(binary, args) {
    const run = spawnSync(binary, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (run.error) fail(`${binary}: ${run.error.message}`);
    if (run.status !== 0) fail(`${binary} ${args.join(' ')} exited with status ${run.status}: ${run.stderr.trim()}`);
    return run.stdout;
}

/** The frames the bench wrote into `folder`, as Uint8Arrays over their own buffers. */
function readFrames(folder) {
    const description = JSON.parse(readFileSync(join(folder, 'frames.json'), 'utf8'));
    const { width, height } = description;
    const frame = (name) => {
        const bytes = readFileSync(join(folder, name));
        if (bytes.length !== width * height * 4) fail(`${name}: ${bytes.length} bytes, not ${width}x${height}x4`);
        // A fresh, aligned buffer: pixelmatch reads the pixels as 32-bit words too.
        return new Uint8Array(bytes);
    };
    return { ...description, expectedPixels: frame(description.expected), changedPixels: frame(description.changed) };
}

function median(sorted) {
    return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
    const options = parseArguments(process.argv.slice(2));
    const entry = pixelmatchEntry(options.pixelmatch);
    const module = await import(pathToFileURL(entry).href);
    const pixelmatch = typeof module.default === 'function' ? module.default : module;
    if (typeof pixelmatch !== 'function') fail(`${entry}: exports no function`);

    // The frames' folder goes when the script ends, however it ends (an error, Ctrl-C).
    const folder = mkdtempSync(join(tmpdir(), 'pixelmatch-anchors-'));
    process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
    for (const [signal, number] of [['SIGINT', 2], ['SIGTERM', 15]]) process.on(signal, () => process.exit(128 + number));
    runBench(options.bench, ['bench', '--write-diff-frames', folder]);
    const frames = readFrames(folder);
    rmSync(folder, { recursive: true, force: true });

    const { width, height, expectedPixels, changedPixels } = frames;
    const compare = () => pixelmatch(expectedPixels, changedPixels, null, width, height);
    const pixels = compare(); // warm-up, unclocked
    const times = [];
    const projectMinima = [];
    for (let round = 1; round <= options.rounds; round++) {
        const roundTimes = [];
        for (let i = 0; i < options.samples; i++) {
            const start = performance.now();
            const counted = compare();
            roundTimes.push(performance.now() - start);
            if (counted !== pixels) fail(`pixelmatch counted ${counted} pixels, then ${pixels}`);
        }
        times.push(...roundTimes);
        const report = JSON.parse(runBench(options.bench, [
            'bench', '--only', 'diff', '--json', '--samples', String(options.benchSamples),
        ]));
        projectMinima.push(report.diff_changed_min_ms);
        process.stderr.write(`round ${round}: pixelmatch ${Math.min(...roundTimes).toFixed(2)} ms, ` +
            `project ${report.diff_changed_min_ms.toFixed(3)} ms\n`);
    }
    times.sort((a, b) => a - b);
    const minimum = times[0];
    const project = Math.min(...projectMinima);
    if (pixels !== frames.different_pixels) {
        process.stderr.write(`warning: pixelmatch counted ${pixels} different pixels, the project ` +
            `${frames.different_pixels}: the two do not compare the same way\n`);
    }
    const round3 = (x) => Math.round(x * 1000) / 1000;
    const result = {
        library: libraryName(entry),
        node: process.version,
        frames: `${width}x${height}`,
        rounds: options.rounds,
        samples: options.samples,
        pixels,
        project_pixels: frames.different_pixels,
        diff_changed: { min_ms: round3(minimum), median_ms: round3(median(times)) },
        project: { diff_changed_min_ms: project },
        ratio: round3(project / minimum),
    };
    process.stderr.write(`pixelmatch ${minimum.toFixed(2)} ms, project ${project.toFixed(3)} ms: ` +
        `${(minimum / project).toFixed(1)}x\n`);
    process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
