#!/usr/bin/env python3
"""Writes scripts/startup-symbols.txt, the order in which the release link lays out functions: every function the
binary runs while `fieldline ask KEYMAP` starts, shows its prompt, takes a value and ends, and while `fieldline
check KEYMAP` checks a good and a bad line, for each shipped keymap, the ones most runs use first (lld's
--symbol-ordering-file; the Makefile's RELEASE_FLAGS pass it).

Why: the kernel maps a binary's code in blocks around each page first touched, and the code a prompt runs was
spread over the whole of the program's text, so `ask text` kept much of it resident. Laid out together, the same
code fills a small fraction (bench/RESULTS.md, "Session 16", has the figures).

The list is derived, never edited by hand: rebuild it with `make release && python3 scripts/gen-startup-order.py`
after a change that adds or renames much of the start-up path. A stale list costs memory, never correctness: a
name the binary no longer has is skipped by the linker, and a function not listed is laid out after those that
are (InstallTests keeps most of the names present in the release binary).
Needs valgrind (callgrind) and the release build. Usage: gen-startup-order.py [FIELDLINE]
"""
import collections
import os
import re
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, os.path.join(root, "bench"))
import pty_bench  # noqa: E402  (the pty harness the start-up benchmarks use)

fieldline = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build-release/release/fieldline")
# The keys that give each shipped keymap a value, Enter included (region-cn's picker: Down and Enter take the first
# province, then its first city, then its first district).
values = {
    "text": "x", "digits": "12", "date": "2024-01-01", "idcard-cn": "11010519491231002X", "email": "a@b.cn",
    "confirm": "y", "card": "4111111111111111", "hostname": "example.com", "ipv4": "10.0.0.1", "port": "8080",
    "semver": "1.2.3", "phone-cn": "13812345678", "phone-us": "6502530000", "phone": "+8613812345678",
    "country": "CN", "region-cn": "\x1b[B\r" * 3, "choice": "a",
}
shipped = sorted(f[:-5] for f in os.listdir(os.path.join(root, "keymaps")) if f.endswith(".yaml"))
missing = [k for k in shipped if k not in values]
if missing:
    sys.exit(f"gen-startup-order: no value for the keymaps {missing}; add one to `values`")

work = tempfile.mkdtemp()
# valgrind cannot read the debug information of the release build; the symbol table is all that is needed.
binary = os.path.join(work, "fieldline")
subprocess.run(["strip", "--strip-debug", "-o", binary, fieldline], check=True)
choices = os.path.join(work, "choices.txt")
with open(choices, "w") as f:
    f.write("a\nb\n")


def functions(profile, binary):
    """The functions of `binary` that ran, from a callgrind profile written with --demangle=no."""
    objects, names, ran, current = {}, {}, set(), None
    pattern = re.compile(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?")
    with open(profile, errors="replace") as f:
        for line in f:
            match = pattern.match(line.strip())
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else names
            if name:
                table[number] = name
            if kind == "ob":
                current = objects.get(number)
            elif kind == "fn" and current == binary:
                ran.add(names.get(number))
    # A recursion's second level is named `f'2`; an address stands for code with no symbol.
    return {n.split("'")[0] for n in ran if n and not n.startswith("0x")}


counts = collections.Counter()
for keymap in shipped:
    profile = os.path.join(work, keymap + ".cg")
    argv = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", binary,
            "ask", keymap, "--prompt", "> "]
    if keymap == "choice":
        argv += ["--choices", choices]
    session = pty_bench.Session(argv, pty_bench.env())
    try:
        session.wait_ready(120.0)
        # The prompt shows before libedit's first read under valgrind's slow start; keys sent then may be dropped.
        time.sleep(1.0)
        keys = values[keymap] if values[keymap].endswith("\r") else values[keymap] + "\r"
        for key in keys:
            os.write(session.fd, key.encode())
            time.sleep(1.0 if key == "\r" else 0)
        session.finish(40.0)
    except (TimeoutError, RuntimeError) as e:
        sys.exit(f"gen-startup-order: `ask {keymap}`: {e}; the screen ended {bytes(session.out[-300:])!r}")
    finally:
        if session.exited is None:
            session.kill()
    ran = functions(profile, binary)
    if len(ran) < 100:
        sys.exit(f"gen-startup-order: the profile of `ask {keymap}` names only {len(ran)} functions")
    counts.update(ran)

# `fieldline check KEYMAP` over one good and one bad line: a batch is checked by a process per file (or per
# region), so its start-up is laid out too.
for keymap in shipped:
    profile = os.path.join(work, keymap + ".check.cg")
    argv = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", binary,
            "check", keymap]
    if keymap == "choice":
        argv += ["--choices", choices]
    good = values[keymap] if values[keymap].isprintable() else "110105"
    subprocess.run(argv, input=(good + "\n\x01bad\n").encode(), capture_output=True, env=pty_bench.env(), timeout=300)
    ran = functions(profile, binary)
    if len(ran) < 100:
        sys.exit(f"gen-startup-order: the profile of `check {keymap}` names only {len(ran)} functions")
    counts.update(ran)

order = sorted(counts, key=lambda name: (-counts[name], name))
with open(os.path.join(here, "startup-symbols.txt"), "w") as out:
    out.write("# Written by scripts/gen-startup-order.py: the functions `fieldline ask` and `check` run, laid out first (lld\n")
    out.write(f"# --symbol-ordering-file). {len(shipped)} keymaps, {time.strftime('%Y-%m-%d')}. Do not edit.\n")
    out.write("\n".join(order) + "\n")
print(f"{len(order)} functions from {len(shipped)} keymaps")
