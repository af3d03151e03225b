#!/usr/bin/env bash
# `make sanitize`: the parallel `check` path under ThreadSanitizer (docs/fuzzing.md).
# 1. The `check` suites with everything built with -sanitize=thread in .build-tsan; they spawn the TSan-built
#    binary. OverLongLineTests is left out: it caps the address space (ulimit -v), which TSan cannot run in.
# 2. That binary on inputs of several split blocks, from a file and through a pipe, for fields whose validators
#    differ (a regex validator shares its compiled PCRE2 code between the two threads).
# A race report makes the binary exit 66, which fails the step.
set -euo pipefail
cd "$(dirname "$0")/.."
swift test --sanitize=thread --scratch-path .build-tsan --filter 'fieldlineTests\.(Check|LongLine)'

fl=.build-tsan/debug/fieldline
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/code.yaml" <<'EOF'
name: code
symbols:
  class: "[A-Z0-9]"
length:
  min: 4
  max: 12
validators:
  - regex: '^[A-Z]{2}[0-9]+$'
EOF
seq -f '138%08g' 1 400000 > "$tmp/phone"  # 4.8 MB: many blocks over the 256 KiB split
seq -f 'AB%06g' 1 400000 > "$tmp/code"
sed -n '1~9s/^/+86 /p;1~7s/$/x/p' "$tmp/phone" >> "$tmp/phone"  # prefixed and invalid lines too
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
for args in "phone-cn $tmp/phone" "text $tmp/phone" "$tmp/code.yaml $tmp/code"; do
    set -- $args
    for how in file pipe; do
        status=0
        if [ $how = file ]; then "$fl" check "$1" < "$2" > /dev/null 2> "$tmp/err" || status=$?
        else cat "$2" | "$fl" check "$1" > /dev/null 2> "$tmp/err" || status=$?; fi
        if [ $status -gt 65 ] || grep -q ThreadSanitizer "$tmp/err"; then
            cat "$tmp/err" >&2
            echo "sanitize: check $1 ($how) exited $status" >&2
            exit 1
        fi
    done
done
echo "sanitize: no race reported"
