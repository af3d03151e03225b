#!/usr/bin/env python3
"""Field-to-field latency of `fieldline form` at a terminal (a pty), with a typed key in the same session as peer.

Usage: form_latency.py [--fieldline PATH] [--records N] [--no-callgrind]
Writes a Markdown section for bench/RESULTS.md to stdout, progress to stderr.

The form has six text fields, each with a default value already in place, so Enter alone moves on: after the
last field comes the summary, whose Enter saves the record (JSON Lines to standard output, sent to /dev/null) and
starts the next record at the first field. Each record is 7 transitions.

Measured in one session, interleaved: before each Enter one printable key is typed and then erased with
Backspace (the peer: what a key costs in the same field), then Enter. From the second field on, Shift-Tab first goes
back into the previous field's line and Enter comes forward again (going back must cost no more than going forward). Latency = from the write to the last output
byte before the output stayed quiet for 3 ms (as bench/pty_bench.py measures keys). The goal (issue 11) is the
next field ready within 1 ms of Enter; on this shared VM absolute times are noise, so the report gives the ratio
field-to-field / key, and callgrind instruction counts: a run of 2N records minus a run of N, divided by the 7N
transitions between them, is what one transition costs the whole process (deterministic).
Standard library only; uses pty_bench.Session.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_bench as pb  # noqa: E402

FIELDS = 6
FORM = "name: latency\nfields:\n" + "".join(
    f"  - {{name: f{i}, keymap: text, prompt: 'F{i}: ', default: 'value {i}'}}\n" for i in range(FIELDS))


def argv_for(binary, form):
    return ["/bin/sh", "-c", 'exec "$@" >/dev/null', "sh", binary, "form", form]


def ready(s, marker, limit=30.0):
    """Read until `marker` has appeared in the output."""
    start = pb.now()
    while marker not in s.out:
        if pb.now() - start > limit:
            raise TimeoutError(f"no {marker!r}: {bytes(s.out[-300:])!r}")
        if s.read(limit) is None:
            raise RuntimeError(f"exited: {bytes(s.out[-300:])!r}")


def measure(binary, form, records):
    """Per transition and per key latencies (microseconds) over `records` records."""
    s = pb.Session(argv_for(binary, form), pb.env())
    enter_us, key_us, save_us, back_us = [], [], [], []
    try:
        ready(s, b"F0: ")
        s.wait_raw()
        s.settle(0.05, first_wait=0.05)
        for _ in range(records):
            for i in range(FIELDS + 1):
                if i < FIELDS:  # the peer: a key typed and erased in this field
                    for ch in (b"x", b"\x7f"):
                        t0 = pb.now()
                        os.write(s.fd, ch)
                        t_last, _ = s.settle(0.003, first_wait=1.0, since=t0)
                        key_us.append((t_last - t0) * 1e6)
                if 0 < i < FIELDS:  # back into the previous field's line, and forward again
                    for ch, bucket in ((b"\x1b[Z", back_us), (b"\r", enter_us)):
                        t0 = pb.now()
                        os.write(s.fd, ch)
                        t_last, _ = s.settle(0.003, first_wait=1.0, since=t0)
                        bucket.append((t_last - t0) * 1e6)
                t0 = pb.now()
                os.write(s.fd, b"\r")
                t_last, _ = s.settle(0.003, first_wait=1.0, since=t0)
                (save_us if i == FIELDS else enter_us).append((t_last - t0) * 1e6)
        os.write(s.fd, b"\x15\x04")  # Ctrl-U empties the first field (its default), Ctrl-D ends
        status, _ = s.finish()
        if status != 0:
            raise RuntimeError(f"form exited with status {status}")
    finally:
        s.kill()
    return enter_us, save_us, key_us, back_us


def callgrind(binary, form, records, data, back=False):
    """Whole-process instructions for `records` records entered with Enter alone, then Ctrl-D; with `back`, from
    the second field on each field is first left backwards (Shift-Tab) and entered again (Enter)."""
    s = pb.Session(["/bin/sh", "-c", 'exec "$@" >/dev/null', "sh", "valgrind", "--tool=callgrind",
                    f"--callgrind-out-file={data}", binary, "form", form], pb.env())
    try:
        ready(s, b"F0: ", limit=120)
        s.wait_raw(limit=60)
        s.settle(0.5, first_wait=1, until_idle=True)
        keys = []
        for i in range(FIELDS + 1):
            keys += ([b"\x1b[Z", b"\r"] if back and 0 < i < FIELDS else []) + [b"\r"]
        for key in keys * records:
            t0 = pb.now()
            os.write(s.fd, key)
            s.settle(0.05, first_wait=30, since=t0, until_idle=True)
        os.write(s.fd, b"\x15\x04")
        deadline = pb.now() + 60
        while True:
            pid, _ = os.waitpid(s.pid, os.WNOHANG)
            if pid:
                s.exited = (0, 0)
                break
            if pb.now() > deadline:
                raise TimeoutError("no exit under callgrind")
            if s.read(0.1) is None:
                pb.time.sleep(0.01)
    finally:
        s.kill()
    return pb.callgrind_total(data)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("--fieldline", default=os.path.join(root, ".build-release/release/fieldline"))
    ap.add_argument("--records", type=int, default=40)
    ap.add_argument("--callgrind-records", type=int, default=5)
    ap.add_argument("--no-callgrind", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        form = os.path.join(tmp, "latency.yaml")
        with open(form, "w") as f:
            f.write(FORM)
        pb.log("form latency: warm-up")
        measure(args.fieldline, form, 3)
        enter_us, save_us, key_us, back_us = measure(args.fieldline, form, args.records)
        counts = {}
        if not args.no_callgrind:
            binary = os.path.join(tmp, "fieldline")
            subprocess.run(["strip", "--strip-debug", "-o", binary, args.fieldline], check=True)
            for n in (args.callgrind_records, 2 * args.callgrind_records):
                pb.log(f"form latency: callgrind, {n} records")
                counts[n] = callgrind(binary, form, n, os.path.join(tmp, f"cg-{n}"))
            pb.log(f"form latency: callgrind, {args.callgrind_records} records going back at every field")
            counts["back"] = callgrind(binary, form, args.callgrind_records, os.path.join(tmp, "cg-back"), back=True)
    p = lambda v, q: pb.pct(v, q)  # noqa: E731
    med = statistics.median
    print("## `fieldline form`: field-to-field latency at a terminal\n")
    print(f"Taken by `bench/form_latency.py` ({args.records} records of {FIELDS} text fields with defaults, so Enter "
          f"alone moves on; stdout to /dev/null), in one pty session. Before each Enter one key is typed and "
          f"erased in the same field: the peer, interleaved. Latency is write to the last output byte before 3 ms "
          f"of quiet.\n")
    print("| step | n | median µs | p90 µs | p99 µs |")
    print("|---|---|---|---|---|")
    for name, v in (("Enter → next field ready", enter_us), ("Shift-Tab → previous field ready, in its line", back_us),
                    ("Enter at the summary → saved, first field ready", save_us), ("a key (peer, same fields)", key_us)):
        print(f"| {name} | {len(v)} | {med(v):.0f} | {p(v, 90):.0f} | {p(v, 99):.0f} |")
    print(f"\nField-to-field / key, medians: **{med(enter_us) / med(key_us):.2f}x**; p99: "
          f"{p(enter_us, 99) / p(key_us, 99):.2f}x. Goal: the next field within 1 ms of Enter "
          f"({'met' if med(enter_us) <= 1000 else 'missed'} at the median here, p99 {p(enter_us, 99) / 1000:.2f} ms). "
          f"Back / forward, medians: **{med(back_us) / med(enter_us):.2f}x**; p99: {p(back_us, 99) / p(enter_us, 99):.2f}x.")
    if counts and None not in counts.values():
        a, b = args.callgrind_records, 2 * args.callgrind_records
        per = (counts[b] - counts[a]) / ((b - a) * (FIELDS + 1))
        print(f"\ncallgrind (stripped release build, whole process): {a} records {counts[a]:,} instructions, "
              f"{b} records {counts[b]:,}; **{per:,.0f} instructions per transition** (field to field, and the "
              f"summary's save with the next record's first field, averaged).")
        if counts.get("back") is not None:
            pair = (counts["back"] - counts[a]) / (a * (FIELDS - 1))
            print(f"\nGoing back and forward again (Shift-Tab into the previous field's line, then Enter): "
                  f"{pair:,.0f} instructions for the pair, **{pair / 2:,.0f} a transition**, "
                  f"{pair / 2 / per:.2f}x a forward one.")


if __name__ == "__main__":
    main()
