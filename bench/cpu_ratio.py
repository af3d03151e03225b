"""CPU time of fieldline against a Python peer, round by round, and instructions per line by callgrind.

CPU time (user + system, every thread) is the fair measure on a shared machine: wall time moves with the other
work on it, CPU time much less. In each round both sides run the same number of passes over the same lines, one
side's pass then the other's, so a busy stretch meets both; a round's ratio is the peer's CPU time over
fieldline's, and the report gives the median of the rounds' ratios with their spread (lowest and highest).
"""
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def child_cpu(argv, path):
    """User + system CPU seconds of `argv` reading `path` (output thrown away), from the kernel's rusage."""
    with open(path, "rb") as stdin, open(os.devnull, "wb") as out:
        process = subprocess.Popen(argv, stdin=stdin, stdout=out, stderr=subprocess.DEVNULL, env=ENV)
        _, status, usage = os.wait4(process.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    assert code in (0, 65), (argv, code)
    return usage.ru_utime + usage.ru_stime


def own_cpu(work):
    """CPU seconds this process spends in `work()`, and what it returned."""
    started = time.process_time()
    result = work()
    return time.process_time() - started, result


def accepted(argv, path):
    """Lines `argv` accepts (a non-empty output line each)."""
    with open(path, "rb") as stdin:
        out = subprocess.run(argv, stdin=stdin, capture_output=True, env=ENV).stdout.decode()
    return sum(1 for line in out.split("\n") if line)


def instructions_per_line(argv, path, lines):
    """Instructions per line by callgrind: the run on `path` less a run on no input (the start-up), over `lines`.

    valgrind reads a `strip --strip-debug`ped copy (its debug-info reader rejects the release build's DWARF)."""
    folder = tempfile.mkdtemp(prefix="fl-callgrind-")
    try:
        binary = os.path.join(folder, "fieldline")
        shutil.copy(argv[0], binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        empty = os.path.join(folder, "empty")
        open(empty, "w").close()

        def collected(input_path):
            with open(input_path, "rb") as stdin:
                err = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                      binary] + argv[1:], stdin=stdin, capture_output=True, env=ENV).stderr.decode()
            for line in err.splitlines():
                if "Collected :" in line:
                    return int(line.split(":")[-1])
            raise RuntimeError(err[-2000:])

        return (collected(path) - collected(empty)) / lines
    finally:
        shutil.rmtree(folder)


class Rounds:
    """Per-round CPU ratios of one mix."""

    def __init__(self, name):
        self.name = name
        self.ratios = []
        self.ours = []
        self.theirs = []

    def add(self, ours, theirs):
        self.ours.append(ours)
        self.theirs.append(theirs)
        self.ratios.append(theirs / ours)

    def summary(self, lines, passes):
        median = statistics.median(self.ratios)
        ours = statistics.median(self.ours) / passes
        theirs = statistics.median(self.theirs) / passes
        return (f"| {self.name} | {lines / ours:,.0f} lines/s ({ours * 1000:.0f} ms) | {lines / theirs:,.0f} lines/s "
                f"({theirs:.2f} s) | **{median:.0f}x** | {min(self.ratios):.0f}-{max(self.ratios):.0f}x | "
                + ", ".join(f"{r:.0f}" for r in self.ratios) + " |")


HEADER = ("| mix | fieldline CPU per pass | peer CPU per pass | median ratio | spread | rounds |\n"
          "|---|---|---|---|---|---|")
