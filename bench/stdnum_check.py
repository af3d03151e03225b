#!/usr/bin/env python3
"""The peer for `fieldline check idcard-cn`: python-stdnum's cn.ric.is_valid over stdin, one line each.

Prints each valid value (compacted) and counts the invalid ones on stderr, like fieldline check.

With arguments it is the CPU-time benchmark (issue 45 item 4): LINES generated IDs (`gen_ids.py`, a third with a
wrong check character); each round runs PASSES passes of `fieldline check idcard-cn` and PASSES passes of
`is_valid` over the same lines, and the ratio is stdnum's user + system CPU over fieldline's (`cpu_ratio.py`), with
fieldline's start-up counted and left out (stdnum's is never counted: its passes run in this warm process):
    PYTHONPATH=.test-python python3 bench/stdnum_check.py FIELDLINE [ROUNDS [PASSES [LINES]]] [--instructions]
(defaults 5 rounds, 3 passes, 200,000 lines).
"""
import os
import shutil
import subprocess
import sys
import tempfile

import stdnum
from stdnum.cn import ric


def main() -> int:
    out = []
    bad = 0
    for line in sys.stdin:
        value = line.rstrip("\r\n")
        try:
            valid = ric.is_valid(value)
        except Exception:  # stdnum raises KeyError on some region codes; count those as invalid
            valid = False
        if valid:
            out.append(ric.compact(value))
        else:
            out.append("")
            bad += 1
    sys.stdout.write("\n".join(out) + "\n")
    print(f"{bad} invalid", file=sys.stderr)
    return 65 if bad else 0


def bench(argv) -> int:
    from cpu_ratio import HEADER, Rounds, accepted, child_cpu, instructions_per_line, own_cpu, startup_cpu
    args = [a for a in argv if not a.startswith("--")]
    binary = args[0]
    rounds = int(args[1]) if len(args) > 1 else 5
    passes = int(args[2]) if len(args) > 2 else 3
    total = int(args[3]) if len(args) > 3 else 200_000
    loc = os.path.join(os.path.dirname(stdnum.__file__), "cn", "loc.dat")
    here = os.path.dirname(os.path.abspath(__file__))
    ids = subprocess.run([sys.executable, os.path.join(here, "gen_ids.py"), str(total), loc, str(1 / 3)],
                         capture_output=True, check=True, text=True).stdout
    lines = ids.splitlines()
    folder = tempfile.mkdtemp(prefix="fl-idcard-bench-")
    path = os.path.join(folder, "ids.txt")
    with open(path, "w") as f:
        f.write(ids)
    command = [binary, "check", "idcard-cn"]

    def stdnum_pass():
        return sum(1 for line in lines if ric.is_valid(line))

    print(f"{total:,} IDs; fieldline accepts {accepted(command, path):,}, python-stdnum {stdnum.__version__} "
          f"{own_cpu(stdnum_pass)[1]:,}")
    if "--instructions" in argv:
        cut = os.path.join(folder, "cut.txt")
        with open(cut, "w") as f:
            f.write("\n".join(lines[:20_000]) + "\n")
        print(f"{instructions_per_line(command, cut, 20_000):,.0f} instructions per line (callgrind, start-up left out)")
    result = Rounds("IDs, a third with a wrong check character")
    for r in range(rounds):
        ours = theirs = startup = 0.0
        for _ in range(passes):
            ours += child_cpu(command, path)
            startup += startup_cpu(command)
            theirs += own_cpu(stdnum_pass)[0]
        result.add(ours, theirs, startup)
        print(f"round {r + 1}: fieldline {ours:.3f} s CPU ({startup:.3f} s of it start-up), python-stdnum {theirs:.1f} s "
              f"CPU over {passes} passes: {theirs / ours:.0f}x, {theirs / (ours - startup):.0f}x without start-up",
              flush=True)
    print()
    print(f"{rounds} rounds of {passes} passes each side; CPU = user + system")
    print(HEADER.replace("peer", "python-stdnum"))
    print(result.summary(total, passes))
    shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(bench(sys.argv[1:]) if len(sys.argv) > 1 else main())
