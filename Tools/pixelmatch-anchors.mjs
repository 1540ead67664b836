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
// project's minimum and "ratio", the project's minimum over pixelmatch's (as the bench's ratio
// column: below 1 is ahead). A difference in the counts is reported on standard error: the two
// would not be comparing the same thing.
//
// Exit status: 0 success; 64 bad usage; 66 pixelmatch or the binary not found; 73 the frames'
// temporary folder cannot be made; 130 or 143 when stopped by SIGINT or SIGTERM (the temporary
// folder is removed); 1 any other failure, the bench's included. Errors are one line.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants as osConstants, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const USAGE = 'usage: node Tools/pixelmatch-anchors.mjs --bench BINARY [--pixelmatch PATH] ' +
    '[--rounds N] [--samples N] [--bench-samples N]';

/** Exit statuses, as collection-preview's. */
const STATUS = { failure: 1, usage: 64, noInput: 66, cannotCreate: 73 };

/** A failure that ends the script with one error line and its exit status. */
class ScriptError extends Error {
    constructor(message, status = STATUS.failure) {
        super(message);
        this.status = status;
    }
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
            throw new ScriptError(`unknown option '${name}'; ${USAGE}`, STATUS.usage);
        }
        if (value === undefined || value === '') throw new ScriptError(`${name} needs a value`, STATUS.usage);
        i++;
        if (name === '--bench') options.bench = value;
        else if (name === '--pixelmatch') options.pixelmatch = value;
        else {
            const number = Number(value);
            if (!Number.isInteger(number) || number < 1) {
                throw new ScriptError(`${name} must be a whole number of at least 1, got ${value}`, STATUS.usage);
            }
            options[counts[name]] = number;
        }
    }
    if (options.bench === null) throw new ScriptError(`--bench is required; ${USAGE}`, STATUS.usage);
    return options;
}

/** The path of pixelmatch's entry file: the one given, or Node's resolution from the current folder. */
function pixelmatchEntry(given) {
    if (given !== null) {
        const path = resolve(given);
        if (!existsSync(path)) throw new ScriptError(`--pixelmatch ${given}: no such file or folder`, STATUS.noInput);
        if (!statSync(path).isDirectory()) return path;
        try {
            return createRequire(join(path, 'package.json')).resolve(path);
        } catch {
            throw new ScriptError(`--pixelmatch ${given}: a folder without a package entry (index.js)`, STATUS.noInput);
        }
    }
    try {
        return createRequire(join(process.cwd(), 'index.js')).resolve('pixelmatch');
    } catch {
        throw new ScriptError(
            'pixelmatch not found from this folder: run npm install pixelmatch here, or give --pixelmatch PATH',
            STATUS.noInput);
    }
}

/** "NAME VERSION" from the package.json nearest above `entry`, or the entry's path without one. */
function libraryName(entry) {
    for (let folder = dirname(entry); ; folder = dirname(folder)) {
        const manifest = join(folder, 'package.json');
        if (existsSync(manifest)) {
            try {
                const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
                return name && version ? `${name} ${version}` : entry;
            } catch {
                return entry;
            }
        }
        if (dirname(folder) === folder) return entry;
    }
}

/** The child running now, stopped with the script. */
let runningChild = null;

/**
 * Runs the bench binary with `args` and resolves to its standard output. A binary that cannot be
 * started is missing input; one stopped by a signal, or by Ctrl-C (status 130 or 143), stops the
 * script with the same status; any other failure is the script's.
 */
function runBench(binary, args) {
    return new Promise((resolvePromise, reject) => {
        const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        runningChild = child;
        const output = [];
        const errors = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => errors.push(chunk));
        child.on('error', (error) => {
            runningChild = null;
            reject(new ScriptError(`${binary}: ${error.code === 'ENOENT' ? 'not found' : error.message}`,
                error.code === 'ENOENT' || error.code === 'EACCES' ? STATUS.noInput : STATUS.failure));
        });
        child.on('close', (status, signal) => {
            runningChild = null;
            if (status === 0) return resolvePromise(Buffer.concat(output).toString('utf8'));
            if (signal !== null) return reject(new ScriptError(`${binary} stopped by ${signal}`, 128 + osConstants.signals[signal]));
            if (status === 130 || status === 143) return reject(new ScriptError(`${binary} was stopped`, status));
            const reason = Buffer.concat(errors).toString('utf8').trim().split('\n').pop();
            reject(new ScriptError(`${binary} ${args.join(' ')} exited with status ${status}${reason ? `: ${reason}` : ''}`));
        });
    });
}

/** The frames the bench wrote into `folder`, as Uint8Arrays over their own buffers. */
function readFrames(folder) {
    const summary = JSON.parse(readFileSync(join(folder, 'frames.json'), 'utf8'));
    const { width, height } = summary;
    const frame = (name) => {
        const bytes = readFileSync(join(folder, name));
        if (bytes.length !== width * height * 4) {
            throw new ScriptError(`${name}: ${bytes.length} bytes, not ${width}x${height}x4`);
        }
        // A fresh, aligned buffer: pixelmatch reads the pixels as 32-bit words too.
        return new Uint8Array(bytes);
    };
    return { ...summary, expectedPixels: frame(summary.expected), changedPixels: frame(summary.changed) };
}

/** The middle value of sorted numbers (the upper one of an even count, as the bench's). */
function median(sorted) {
    return sorted[Math.floor(sorted.length / 2)];
}

/** A turn of the event loop, so that a signal's handler can run between timed runs. */
function yieldToSignals() {
    return new Promise((resolvePromise) => setImmediate(resolvePromise));
}

async function main() {
    const options = parseArguments(process.argv.slice(2));
    const entry = pixelmatchEntry(options.pixelmatch);
    let module;
    try {
        module = await import(pathToFileURL(entry).href);
    } catch (error) {
        throw new ScriptError(`${entry}: cannot be loaded: ${String(error.message).split('\n')[0]}`);
    }
    const pixelmatch = typeof module.default === 'function' ? module.default : module;
    if (typeof pixelmatch !== 'function') throw new ScriptError(`${entry}: exports no function`);

    // The frames' folder goes when the script ends, however it ends: an error, or SIGINT or
    // SIGTERM (which stop the bench running too).
    let folder;
    try {
        folder = mkdtempSync(join(tmpdir(), 'pixelmatch-anchors-'));
    } catch (error) {
        throw new ScriptError(`${tmpdir()}: cannot create a temporary folder: ${error.message}`, STATUS.cannotCreate);
    }
    process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
    for (const signal of ['SIGINT', 'SIGTERM']) {
        process.on(signal, () => {
            runningChild?.kill(signal);
            process.exit(128 + osConstants.signals[signal]);
        });
    }
    await runBench(options.bench, ['bench', '--write-diff-frames', folder]);
    let frames;
    try {
        frames = readFrames(folder);
    } catch (error) {
        throw error instanceof ScriptError ? error : new ScriptError(`${folder}: the bench's frames: ${error.message}`);
    }
    rmSync(folder, { recursive: true, force: true });

    const { width, height, expectedPixels, changedPixels } = frames;
    const compare = () => pixelmatch(expectedPixels, changedPixels, null, width, height);
    const pixels = compare(); // warm-up, unclocked
    const times = [];
    const projectMinima = [];
    for (let round = 1; round <= options.rounds; round++) {
        const roundTimes = [];
        for (let i = 0; i < options.samples; i++) {
            await yieldToSignals();
            const start = performance.now();
            const counted = compare();
            roundTimes.push(performance.now() - start);
            if (counted !== pixels) throw new ScriptError(`pixelmatch counted ${pixels} pixels, then ${counted}`);
        }
        times.push(...roundTimes);
        const output = await runBench(options.bench, [
            'bench', '--only', 'diff', '--json', '--samples', String(options.benchSamples),
        ]);
        let projectMinimum;
        try {
            projectMinimum = JSON.parse(output).diff_changed_min_ms;
        } catch {
            projectMinimum = undefined;
        }
        if (typeof projectMinimum !== 'number') {
            throw new ScriptError(`${options.bench} bench --json gave no diff_changed_min_ms`);
        }
        projectMinima.push(projectMinimum);
        process.stderr.write(`round ${round}: pixelmatch ${Math.min(...roundTimes).toFixed(2)} ms, ` +
            `project ${projectMinimum.toFixed(3)} ms\n`);
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
        `the project ${(minimum / project).toFixed(1)}x faster\n`);
    process.stdout.write(`${JSON.stringify(result)}\n`);
}

try {
    await main();
} catch (error) {
    const known = error instanceof ScriptError;
    process.stderr.write(`error: ${known ? error.message : String(error?.message ?? error).split('\n')[0]}\n`);
    process.exit(known ? error.status : STATUS.failure);
}
