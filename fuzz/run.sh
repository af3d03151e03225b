#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each for FUZZ_SECONDS (default 60) from
# its seeds (fuzz/corpus/input-decoder; the shipped keymaps and the malformed corpus for the loader).
# A finding (crash, leak, timeout, out of memory) stops with a crash-* file and a non-zero exit.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
out=.build-fuzz
mkdir -p "$out"
kit=$(find Sources/FieldKit -name '*.swift')
keymaps=$(find Sources/FieldKeymaps -name '*.swift')
flags=(-sanitize=fuzzer,address -parse-as-library -O -I Sources/CPCRE2 -I Sources/CYAML -I "$out")

# The libraries as instrumented static archives with their modules, then one executable per target.
library() {
    local name=$1; shift
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
        -emit-library -static -o "$out/lib$name.a" "$@"
}
library FieldKit $kit
library FieldKeymaps $keymaps
swiftc "${flags[@]}" fuzz/InputDecoderFuzz.swift "$out/libFieldKit.a" -lpcre2-8 -o "$out/input-decoder"
swiftc "${flags[@]}" fuzz/KeymapLoaderFuzz.swift "$out/libFieldKeymaps.a" "$out/libFieldKit.a" -lyaml -lpcre2-8 \
    -o "$out/keymap-loader"

# Inputs the fuzzer finds go to .build-fuzz/NAME-new; the seed folders in the tree are only read.
run() {
    local name=$1 length=$2; shift 2
    mkdir -p "$out/$name-new"
    "$out/$name" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len="$length" \
        -artifact_prefix="$out/" "$out/$name-new" "$@"
}
run input-decoder 4096 fuzz/corpus/input-decoder
# Seeds: the shipped keymaps and the malformed corpus, every kind of problem the loader knows.
run keymap-loader 65536 keymaps Tests/FieldKeymapsTests/Malformed
echo "fuzz: no findings in ${seconds}s per target"
