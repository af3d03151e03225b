#!/usr/bin/env python3
"""Start-up of `fieldline ask KEYMAP` for the heavy shipped keymaps against the bare libedit prompt, interleaved,
and the peak resident set of each at its prompt (issue 29, item 2).

Usage: startup_keymaps.py [FIELDLINE] [BARE_PROMPT] [RUNS]   (defaults: the `make release` build,
bench/out/bare_prompt, 40 rounds after 3 warm-up rounds)

Each round starts every program once, in a rotated order, with pty_bench's harness (a fresh pty of 80x24,
fork+exec to the first prompt byte sequence); the report gives each median and its ratio to the bare prompt's
median in the same run. Peak RSS is VmHWM from /proc/PID/status once the prompt is shown.
Standard library only.
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_bench  # noqa: E402  (its Session and environment)

here = os.path.dirname(os.path.abspath(__file__))
fieldline = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", ".build-release/release/fieldline")
bare = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "out/bare_prompt")
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 40
keymaps = [("text", "x"), ("phone-cn", "13812345678"), ("country", "CN"), ("region-cn", "北京市")]
programs = [("bare libedit", [bare])] + [(f"ask {k}", [fieldline, "ask", k, "--prompt", "> "]) for k, _ in keymaps]


times = {name: [] for name, _ in programs}
for i in range(3 + runs):
    shift = i % len(programs)
    for name, argv in programs[shift:] + programs[:shift]:
        t = pty_bench.ready_ms(argv)
        if i >= 3:
            times[name].append(t)
bare_median = statistics.median(times["bare libedit"])
print("| program | median ms | vs bare libedit |")
print("|---|---|---|")
for name, values in times.items():
    print(f"| {name} | {statistics.median(values):.2f} | {statistics.median(values) / bare_median:.2f}x |")

print()
print("| `ask K` at its prompt | VmHWM (MB) |")
print("|---|---|")
for keymap in [k for k, _ in keymaps] + ["phone-us", "phone"]:
    # VmHWM from /proc while the prompt is shown (ru_maxrss would carry the forking harness's peak across exec).
    session = pty_bench.Session([fieldline, "ask", keymap, "--prompt", "> "], pty_bench.env())
    try:
        session.wait_ready()
        with open(f"/proc/{session.pid}/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    finally:
        session.kill()
    print(f"| {keymap} | {peak / 1024:.1f} |")
