#!/usr/bin/env bash
# Builds the libFuzzer targets (address sanitizer on) and runs each for a bounded time.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]
#
# SECONDS defaults to 600 per target; TARGET defaults to all five. The committed seed corpus in
# Fuzz/Corpus/<kind> is copied to .build/corpus/<kind> and grown there (the repository's copy is
# never changed); crashes, leaks, timeouts (> 10 s) and runs over 1 GB of memory are written to
# Fuzz/Findings/<target>/. A finding is fixed and added as a regression test, then deleted.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzSceneDecoder FuzzPNGDecoder FuzzPNGEncoder FuzzLayout FuzzAnimationSteps)

swift build -c debug --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address >&2

for target in "${targets[@]}"; do
    case "$target" in
        FuzzSceneDecoder) kind=scene; max=65536 ;;
        FuzzPNGDecoder) kind=png; max=65536 ;;
        FuzzPNGEncoder) kind=pixels; max=16384 ;;
        FuzzLayout) kind=layout; max=256 ;;
        FuzzAnimationSteps) kind=animation; max=16384 ;;
        *) echo "unknown target $target" >&2; exit 64 ;;
    esac
    mkdir -p ".build/corpus/$kind" "Findings/$target"
    cp -n "Corpus/$kind/"* ".build/corpus/$kind/" 2>/dev/null || true
    echo "== $target for $seconds s" >&2
    ".build/debug/$target" ".build/corpus/$kind" -max_total_time="$seconds" -max_len="$max" \
        -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="Findings/$target/" \
        2>&1 | tee ".build/$target.log" | grep -E "^#[0-9]+ *(DONE|INITED)|stat::|ERROR|SUMMARY|Done" >&2 || true
done
