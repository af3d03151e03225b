#!/usr/bin/env python3
"""Start-up of `fieldline ask` against the bare libedit prompt alone, two programs interleaved.

Usage: startup_pair.py [FIELDLINE] [BARE_PROMPT] [RUNS]   (defaults: the `make release` build,
bench/out/bare_prompt, 100 runs after 3 warm-up pairs)

pty_bench.py's start-up table interleaves five programs, one of them prompt_toolkit's Python start (about 140 ms of
work between two starts), and on this machine that adds a millisecond or two to every program's start, which
makes ratios smaller than they are. This script times only the two prompts, with the same harness (a fresh pty of
80x24, fork+exec to the first `> `), alternating which goes first, and reports the ratio of the medians and the
median of the per-pair ratios. Standard library only.
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_bench  # noqa: E402  (its Session and environment)

here = os.path.dirname(os.path.abspath(__file__))
fieldline = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", ".build-release/release/fieldline")
bare = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "out/bare_prompt")
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 100
programs = [("fieldline", [fieldline, "ask", "text", "--limit", "10000", "--prompt", "> "]), ("bare libedit", [bare])]


times = {name: [] for name, _ in programs}
ratios = []
for i in range(3 + runs):
    pair = programs if i % 2 == 0 else programs[::-1]
    got = {name: pty_bench.ready_ms(argv) for name, argv in pair}
    if i >= 3:
        for name in got:
            times[name].append(got[name])
        ratios.append(got["fieldline"] / got["bare libedit"])
for name, values in times.items():
    print(f"{name}: median {statistics.median(values):.2f} ms, min {min(values):.2f} ms")
print(f"ratio of the medians {statistics.median(times['fieldline']) / statistics.median(times['bare libedit']):.2f}x, "
      f"median of {runs} pair ratios {statistics.median(ratios):.2f}x")
