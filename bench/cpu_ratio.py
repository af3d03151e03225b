"""CPU time of fieldline against a Python peer, round by round, and instructions per line by callgrind.

CPU time (user + system, every thread) is the fair measure on a shared machine: wall time moves with the other
work on it, CPU time much less. In each round both sides run the same number of passes over the same lines, one
side's pass then the other's, so a busy stretch meets both; a round's ratio is the peer's CPU time over
fieldline's, and the report gives the median of the rounds' ratios with their spread (lowest and highest).

The peer's passes run in one warm Python process (its interpreter start and imports are not counted), while each
fieldline pass starts fieldline once per input file (the national phone mix: once per region). So each round also
runs fieldline the same number of times on an empty input, and the table gives a second ratio with that start-up
left out of fieldline's CPU: both sides' work on the lines alone. Neither ratio counts the peer's start-up.
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


EMPTY = os.path.join(tempfile.mkdtemp(prefix="fl-empty-"), "empty")
open(EMPTY, "w").close()


def startup_cpu(argv):
    """User + system CPU seconds of `argv` on an empty input: its start-up and exit."""
    return child_cpu(argv, EMPTY)


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
        self.lines_ratios = []
        self.ours = []
        self.startups = []
        self.theirs = []

    def add(self, ours, theirs, startup):
        """One round: fieldline's CPU on the lines, the peer's, and fieldline's on as many empty inputs."""
        self.ours.append(ours)
        self.theirs.append(theirs)
        self.startups.append(startup)
        self.ratios.append(theirs / ours)
        self.lines_ratios.append(theirs / max(ours - startup, 1e-9))

    def summary(self, lines, passes):
        median = statistics.median(self.ratios)
        lines_median = statistics.median(self.lines_ratios)
        ours = statistics.median(self.ours) / passes
        startup = statistics.median(self.startups) / passes
        theirs = statistics.median(self.theirs) / passes
        return (f"| {self.name} | {ours * 1000:.1f} ms ({lines / ours:,.0f} lines/s) | {startup * 1000:.1f} ms | "
                f"{theirs:.2f} s ({lines / theirs:,.0f} lines/s) | **{median:.0f}x** "
                f"({min(self.ratios):.0f}-{max(self.ratios):.0f}x) | **{lines_median:.0f}x** "
                f"({min(self.lines_ratios):.0f}-{max(self.lines_ratios):.0f}x) |")


HEADER = ("| mix | fieldline CPU per pass | of which start-up | peer CPU per pass | median ratio (spread) | "
          "start-up left out (spread) |\n|---|---|---|---|---|---|")
