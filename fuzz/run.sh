#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for FUZZ_SECONDS (default 60) from
# its seeds: the input decoder, the keymap loader, the field engine and the `check` line path (docs/fuzzing.md).
# FUZZ_TARGETS picks some of them (default all four, in that order). FUZZ_RUNS stops each after that many
# executions if they come first.
# For long runs (docs/fuzzing.md), each with a build folder of its own:
#   FUZZ_ASAN=0       no AddressSanitizer (in .build-fuzz-noasan): more executions per second;
#                     a memory error in unsafe code is then found only when it traps or breaks an invariant.
#   FUZZ_TRACE_CMP=0  no comparison tracing (-sanitize-coverage without trace-cmp; adds -nocmp to the folder):
#                     more executions per second of the engine target, whose input picks characters and
#                     commands by index: the values compared inside (Swift characters, string indices) rarely occur
#                     in it as bytes, so libFuzzer's comparison-guided mutations have little to work with.
# The default, and CI, keep both.
# A finding (crash, leak, timeout, out of memory) stops with a crash-* file and a non-zero exit.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-input-decoder keymap-loader engine check-line}
runs=${FUZZ_RUNS:--1}
out=.build-fuzz
sanitize=(-sanitize=fuzzer,address)
if [ "${FUZZ_ASAN:-1}" = 0 ]; then sanitize=(-sanitize=fuzzer); out+=-noasan; fi
if [ "${FUZZ_TRACE_CMP:-1}" = 0 ]; then
    # What -sanitize=fuzzer instruments, but comparisons.
    sanitize+=(-sanitize-coverage=edge,indirect-calls,inline-8bit-counters,pc-table)
    out+=-nocmp
fi
mkdir -p "$out"
# xxHash's wrapper, a C target SwiftPM builds for FieldKit: compiled here with the toolchain's clang, its header
# made a module as SwiftPM makes it.
clang="$(dirname "$(readlink -f "$(command -v swiftc)")")/clang"
mkdir -p "$out/CXXHash"
printf 'module CXXHash {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CXXHash/include/fl_xxhash.h" > "$out/CXXHash/module.modulemap"
"$clang" -O2 -c Sources/CXXHash/fl_xxhash.c -I Sources/CXXHash/include -o "$out/fl_xxhash.o"
kit=$(find Sources/FieldKit -name '*.swift')
keymaps=$(find Sources/FieldKeymaps -name '*.swift')
# Swift 6 mode and one package name (for `package` access) as SwiftPM gives them; lld (shipped with Swift) because gold warns about ASan's local symbols.
flags=("${sanitize[@]}" -parse-as-library -swift-version 6 -package-name fieldline -O -use-ld=lld -I Sources/CPCRE2 -I Sources/CYAML -I "$out/CXXHash" -I "$out")

# The libraries as instrumented static archives with their modules, then one executable per target.
library() {
    local name=$1; shift
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
        -emit-library -static -o "$out/lib$name.a" "$@"
}
library FieldKit $kit
library FieldKeymaps $keymaps
libs=("$out/libFieldKeymaps.a" "$out/libFieldKit.a" "$out/fl_xxhash.o" -lyaml -lpcre2-8)
swiftc "${flags[@]}" fuzz/InputDecoderFuzz.swift "$out/libFieldKit.a" "$out/fl_xxhash.o" -lpcre2-8 -o "$out/input-decoder"
swiftc "${flags[@]}" fuzz/KeymapLoaderFuzz.swift "${libs[@]}" -o "$out/keymap-loader"
swiftc "${flags[@]}" fuzz/EngineFuzz.swift fuzz/FieldInvariants.swift fuzz/ChoiceInvariants.swift fuzz/FuzzFields.swift "${libs[@]}" -o "$out/engine"
# The check target compiles in the CLI's own per-line value path, so it fuzzes the code `check` runs.
swiftc "${flags[@]}" fuzz/CheckLineFuzz.swift fuzz/FuzzFields.swift Sources/fieldline/ParallelValueCheck.swift \
    "${libs[@]}" -o "$out/check-line"

# Inputs the fuzzer finds go to .build-fuzz/NAME-new; the seed folders in the tree are only read.
run() {
    local name=$1 length=$2; shift 2
    mkdir -p "$out/$name-new"
    "$out/$name" -max_total_time="$seconds" -runs="$runs" -timeout=5 -rss_limit_mb=2048 -max_len="$length" -print_final_stats=1 \
        -artifact_prefix="$out/" "$out/$name-new" "$@"
}
for target in $targets; do
    case $target in
        input-decoder) run input-decoder 4096 fuzz/corpus/input-decoder ;;
        # Seeds: the shipped keymaps and the malformed corpus, every kind of problem the loader knows.
        keymap-loader) run keymap-loader 65536 keymaps Tests/FieldKeymapsTests/Malformed ;;
        # A byte is about one command, each checked in full: short inputs keep executions fast.
        engine) run engine 512 fuzz/corpus/engine ;;
        check-line) run check-line 4096 fuzz/corpus/check-line ;;
        *) echo "fuzz/run.sh: unknown target $target" >&2; exit 64 ;;
    esac
done
echo "fuzz: no findings in ${seconds}s${FUZZ_RUNS:+ or $runs executions} per target ($targets)"
