"""Whether the first key after an idle pause is slow for any program on this machine (bench/RESULTS.md, the p99
of `fieldline ask`): types 26 keys into a fresh prompt with a 1 s pause before keys 1, 11 and 21, three sessions
per program, and prints the latency after each pause beside the median of the other keys.

Usage: python3 bench/idle_wake.py [FIELDLINE] [BARE_PROMPT]
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_bench as pb  # noqa: E402

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
fieldline = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build-release/release/fieldline")
bare = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "bench/out/bare_prompt")
PAUSED = (0, 10, 20)


def run(argv, label):
    s = pb.Session(argv, pb.env())
    try:
        s.wait_ready()
        s.wait_raw()
        s.settle(0.05, first_wait=0.05, until_idle=True)
        lat = []
        for i, ch in enumerate("abcdefghijklmnopqrstuvwxyz"):
            if i in PAUSED:
                time.sleep(1.0)
            t0 = pb.now()
            os.write(s.fd, ch.encode())
            t_last, _ = s.settle(0.003, first_wait=1.0, since=t0)
            lat.append(round((t_last - t0) * 1e6))
    finally:
        s.kill()
    others = sorted(x for i, x in enumerate(lat) if i not in PAUSED)
    print(f"{label}: after a 1 s pause {[lat[i] for i in PAUSED]} µs; other keys' median {others[len(others) // 2]} µs")


for _ in range(3):
    run([fieldline, "ask", "text", "--limit", "10000", "--prompt", "> "], "fieldline   ")
    run([bare], "bare libedit")
