#!/usr/bin/env python3
"""Pty benchmark for the interactive prompt `fieldline ask text`, side by side with three peers.

Usage: pty_bench.py [--fieldline PATH] [--bare PATH] [--python VENV_PYTHON] [--quick] [--no-callgrind] [--json FILE]
Writes a Markdown section for bench/RESULTS.md to stdout, progress to stderr, raw numbers to --json.

Every run gets a fresh pty of 80x24 and the environment TERM=xterm-256color LANG=C.UTF-8 (plus PATH and
HOME, nothing else: in particular not the LINES that bench/run.sh takes). The harness plays the terminal:
it answers cursor-position requests (ESC[6n, prompt_toolkit asks) with ESC[1;1R once the tty is raw.

Measurements (all in this one run):
 1. start-up: fork+exec -> the prompt `> ` first appears in the output (prompt_toolkit draws the space as a
    cursor move, `>` BS ESC[2C, which counts too); runs interleaved across programs after warm-ups.
 2. key -> screen settled: one printable ASCII key per write(); latency = arrival of the last output byte
    before the output stayed quiet for 3 ms (i.e. quiet moment minus the window); bytes the program wrote.
 3. a 10,000-character paste: time from the first byte written to the last output byte before 20 ms of
    quiet (and the process no longer running on a CPU); then Enter, and the printed value is checked.
 4. peak RSS: VmHWM from /proc/PID/status just before Enter (after the paste and after the keys); ru_maxrss
    from wait4() goes to the JSON only (it includes the forked harness image, Linux keeps it across exec).
 5. instructions (callgrind, when valgrind is installed): from exec to exit for a few non-interactive runs, and
    fieldline and the bare prompt in a pty with no key and with --callgrind-keys (100) keys, each ended with
    Enter; instructions per key = the difference / the number of keys (whole process, libedit included).
Goals against bare libedit, from this one run: start-up <= 1.5x, bytes per key (keys 1-60) <= 16, p99 over keys
1-60 <= 1.5x bare libedit's p99 in the same interleaved round (median of the --key-sessions rounds' ratios, at
least 5), instructions per key <= 2x. They head the report and are under "goals" in the JSON.
Standard library only.
"""
import argparse
import fcntl
import json
import math
import os
import random
import re
import select
import shlex
import signal
import statistics
import string
import struct
import sys
import tempfile
import termios
import time

ROWS, COLS = 24, 80
ENV_BASE = {"TERM": "xterm-256color", "LANG": "C.UTF-8"}
PROMPT_RE = re.compile(rb">(?: |\x08\x1b\[2C)")
CPR_REQ = b"\x1b[6n"
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
now = time.perf_counter


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def pct(values, p):
    """Nearest-rank percentile."""
    s = sorted(values)
    return s[max(0, math.ceil(p / 100 * len(s)) - 1)]


class Session:
    """A program on the slave side of a fresh pty; the harness holds the master."""

    def __init__(self, argv, env):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.t_spawn = now()
        pid = os.fork()
        if pid == 0:  # child: own session, the pty as controlling terminal and stdio
            try:
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                os.close(master)
                os.close(slave)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        os.close(slave)
        os.set_blocking(master, False)
        self.pid, self.fd = pid, master
        self.out = bytearray()
        self.cpr_seen = 0  # requests found so far
        self.cpr_sent = 0
        self.exited = None  # (status, rusage) once reaped

    # -- terminal side ---------------------------------------------------------------------------
    def raw(self):
        try:
            lflag = termios.tcgetattr(self.fd)[3]
        except termios.error:
            return False
        return not lflag & (termios.ICANON | termios.ECHO)

    def _answer_cpr(self):
        self.cpr_seen = self.out.count(CPR_REQ)
        while self.cpr_sent < self.cpr_seen and self.raw():
            os.write(self.fd, b"\x1b[1;1R")
            self.cpr_sent += 1

    def read(self, timeout):
        """Wait up to timeout for output; returns the bytes (b"" on timeout, None at EOF)."""
        r, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if not r:
            if self.cpr_sent < self.cpr_seen:
                self._answer_cpr()
            return b""
        try:
            data = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return b""
        except OSError:  # EIO: the slave side is closed
            return None
        if not data:
            return None
        self.out += data
        if CPR_REQ in data or self.out.endswith(b"\x1b") or self.cpr_sent < self.cpr_seen:
            self._answer_cpr()
        return data

    def settle(self, quiet, first_wait=2.0, since=None, until_idle=False, limit=120.0):
        """Read until output has arrived and then stayed quiet for `quiet` s.

        Returns (time of the last output byte or None, bytes read). With until_idle the process must also not
        be running (state R) when the quiet window ends, so a silent computation is not taken as settled.
        """
        start = since if since is not None else now()
        t_last, n = None, 0
        while True:
            t = now()
            if t - start > limit:
                raise TimeoutError(f"no settle within {limit}s")
            wait = first_wait - (t - start) if t_last is None else quiet - (t - t_last)
            if wait <= 0:
                if until_idle and self.state() == "R":
                    wait = 0.002
                else:
                    return t_last, n
            data = self.read(wait)
            if data is None:
                return t_last, n
            if data:
                t_last, n = now(), n + len(data)

    def wait_ready(self, limit=30.0):
        """Until the prompt has appeared; returns the time it did."""
        start = now()
        while not PROMPT_RE.search(self.out):
            if now() - start > limit:
                raise TimeoutError(f"no prompt after {limit}s: {bytes(self.out[-200:])!r}")
            if self.read(limit) is None:
                raise RuntimeError(f"exited before the prompt: {bytes(self.out[-300:])!r}")
        return now()

    def wait_raw(self, limit=10.0):
        start = now()
        while not self.raw():
            if now() - start > limit:
                raise TimeoutError("tty never left canonical mode")
            self.read(0.001)

    def write_all(self, data):
        """Write everything (non-blocking, reading output meanwhile); returns (t_first, t_done, t_last_out, n_out)."""
        off, t_first, t_last, n = 0, None, None, 0
        while off < len(data):
            r, w, _ = select.select([self.fd], [self.fd], [], 5.0)
            if w:
                try:
                    t = now()
                    k = os.write(self.fd, data[off:off + 4096])
                    t_first = t_first or t
                    off += k
                except BlockingIOError:
                    pass
            if r:
                got = self.read(0)
                if got:
                    t_last, n = now(), n + len(got)
            if not r and not w:
                raise TimeoutError("pty neither readable nor writable for 5 s")
        return t_first, now(), t_last, n

    # -- process side ----------------------------------------------------------------------------
    def state(self):
        try:
            with open(f"/proc/{self.pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            return "?"

    def memory_kb(self):
        """VmHWM (peak resident) and the current resident split into anonymous and file-backed pages."""
        m = {}
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    key = line.split(":", 1)[0]
                    if key in ("VmHWM", "RssAnon", "RssFile"):
                        m[key] = int(line.split()[1])
        except OSError:
            pass
        return m

    def finish(self, limit=10.0):
        """Read until the program exits; returns (status, ru_maxrss KB)."""
        start = now()
        while self.exited is None:
            pid, status, ru = os.wait4(self.pid, os.WNOHANG)
            if pid:
                self.exited = (status, ru.ru_maxrss)
                break
            if now() - start > limit:
                raise TimeoutError("program did not exit")
            self.read(0.01)
        while self.read(0.02):  # whatever is still buffered in the pty
            pass
        os.close(self.fd)
        return self.exited

    def kill(self):
        if self.exited is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, status, ru = os.wait4(self.pid, 0)
            self.exited = (status, ru.ru_maxrss)
        try:
            os.close(self.fd)
        except OSError:
            pass


def programs(args, value_file):
    """name -> argv; value_file (when given) gets fieldline's stdout (it draws on /dev/tty = the pty)."""
    fl = [args.fieldline, "ask", "text", "--limit", "10000", "--prompt", "> "]
    if value_file:
        fl = ["/bin/sh", "-c", "exec \"$@\" > " + shlex.quote(value_file), "sh"] + fl
    return {
        "fieldline": fl,
        "bare libedit": [args.bare],
        "bare libedit + counter": [args.bare, "--counter"],
        "bash read -e": ["bash", "--norc", "-c", 'read -e -p "> " x; echo "$x"'],
        "prompt_toolkit": [args.python, args.ptk_script],
    }


def env():
    e = dict(ENV_BASE)
    e["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
    e["HOME"] = os.environ.get("HOME", "/tmp")
    return e


# -- 1. start-up ---------------------------------------------------------------------------------------
def ready_ms(argv):
    """Milliseconds from fork to the prompt of one fresh start (startup_pair.py, startup_keymaps.py)."""
    session = Session(argv, env())
    try:
        ready = session.wait_ready()
    finally:
        session.kill()
    return (ready - session.t_spawn) * 1e3


def bench_startup(args):
    progs = programs(args, None)
    progs[FLOOR] = ["/usr/bin/printf", "> "]
    res = {name: {"ready_ms": [], "screen_ms": [], "screen_bytes": []} for name in progs}
    exits = {NO_UI: [args.fieldline, "ask", "text", "--limit", "10000", "--value", "x"],
             "floor: /usr/bin/true": ["/usr/bin/true"]}
    for name in exits:
        res[name] = {"exit_ms": []}
    first_screen = {}
    for i in range(args.warmup + args.runs):
        for name, argv in exits.items():  # process start and exit with no prompt at all
            s = Session(argv, env())
            os.wait4(s.pid, 0)
            t = now()
            s.exited = (0, 0)
            s.kill()
            if i >= args.warmup:
                res[name]["exit_ms"].append((t - s.t_spawn) * 1e3)
        for name, argv in progs.items():
            s = Session(argv, env())
            try:
                t_ready = s.wait_ready()
                t_last, _ = s.settle(0.02, first_wait=0.02)
                t_last = t_last or t_ready
            finally:
                s.kill()
            if i >= args.warmup:
                r = res[name]
                r["ready_ms"].append((t_ready - s.t_spawn) * 1e3)
                r["screen_ms"].append((t_last - s.t_spawn) * 1e3)
                r["screen_bytes"].append(len(s.out))
                first_screen.setdefault(name, bytes(s.out))
        log(f"start-up run {i + 1}/{args.warmup + args.runs}")
    return res, first_screen


NO_UI = "fieldline ask text --value x (no UI)"
FLOOR = "floor: /usr/bin/printf '> '"


# -- 2. key latency ------------------------------------------------------------------------------------
DUMP_KEYS = (1, 10, 60, 61, 66, 79, 80, 500, 1000)


def type_keys_round(args, keys, quiet, first=0):
    """One fresh session per program, all open at once; key i goes to every program in turn before key i+1,
    so each program meets the same background load. Only one program has work at any moment. The turn starts
    one program later for each key, and round r's first key goes first to program r: the first key after the
    idle wait before typing is slower for any program on this VM (waking from idle: 250-400 µs for the bare
    libedit prompt and fieldline alike, against 100-160 µs between keys), and it had always fallen to fieldline;
    nor does any program always come right after the same other one (prompt_toolkit's key, a few milliseconds
    of Python, had always come just before fieldline's). The keys start once every program is idle."""
    res = {}
    with tempfile.TemporaryDirectory() as tmp:
        vfile = os.path.join(tmp, "value")
        progs = programs(args, vfile)
        sessions = {}
        try:
            for name, argv in progs.items():
                s = sessions[name] = Session(argv, env())
                s.wait_ready()
                s.wait_raw()
                s.settle(0.05, first_wait=0.05)
                res[name] = {"lat_us": [], "bytes": [], "dumps": {}, "first": []}
            for s in sessions.values():
                s.settle(0.05, first_wait=0.05, until_idle=True)
            names = list(sessions)
            for i, ch in enumerate(keys):
                k = (first + i) % len(names)
                turn = names[k:] + names[:k]
                for name in turn:
                    s = sessions[name]
                    r = res[name]
                    mark = len(s.out)
                    t0 = now()
                    os.write(s.fd, ch.encode())
                    t_last, n = s.settle(quiet, first_wait=1.0, since=t0)
                    if t_last is None:
                        raise RuntimeError(f"{name}: no output for key {i + 1}")
                    r["lat_us"].append((t_last - t0) * 1e6)
                    r["bytes"].append(n)
                    if i + 1 in DUMP_KEYS:
                        r["dumps"][i + 1] = bytes(s.out[mark:])
                    if i < 100:
                        r["first"].append(bytes(s.out[mark:]))
            text = "".join(keys)
            for name, s in sessions.items():
                r = res[name]
                r["hwm_kb"] = s.memory_kb()
                mark = len(s.out)
                os.write(s.fd, b"\r")
                _, r["maxrss_kb"] = s.finish()
                if name == "fieldline":
                    with open(vfile) as f:
                        r["ok"] = f.read().rstrip("\n") == text
                else:
                    r["ok"] = text.encode() in s.out[mark:]
        finally:
            for s in sessions.values():
                s.kill()
    return res


def key_sequence(n):
    """The typed keys: n letters and digits, seeded (the callgrind run types a prefix of the key rounds' keys)."""
    rng = random.Random(7)
    alphabet = string.ascii_letters + string.digits
    return [rng.choice(alphabet) for _ in range(n)]


def bench_keys(args):
    keys = key_sequence(args.keys)
    res = {}
    for rep in range(args.key_sessions):
        for name, r in type_keys_round(args, keys, args.key_quiet, first=rep).items():
            log(f"keys round {rep + 1}/{args.key_sessions} {name}: p50 {pct(r['lat_us'], 50):.0f} us, ok={r['ok']}")
            agg = res.setdefault(name, {"lat_us": [], "bytes": [], "dumps": r["dumps"], "first": r["first"],
                                        "hwm_kb": [], "maxrss_kb": [], "ok": True})
            for k in ("lat_us", "bytes", "hwm_kb", "maxrss_kb"):
                agg[k].append(r[k])
            agg["ok"] &= r["ok"]
        fl, bare = (pct(res[n]["lat_us"][-1][:60], 99) for n in ("fieldline", "bare libedit"))
        log(f"keys round {rep + 1}/{args.key_sessions}: p99 of keys 1-60 fieldline {fl:.0f} us, bare libedit "
            f"{bare:.0f} us, ratio {fl / bare:.2f}")
    return res


def goals(args, meta, startup, keys):
    """The numbers the goals are judged on (issue 9 and the earlier ones), for the report and the JSON."""
    fl, bare = (statistics.median(startup[n]["ready_ms"]) for n in ("fieldline", "bare libedit"))
    g = {"startup_ratio": fl / bare, "startup_ratio_goal": 1.5,
         "bytes_per_key_1_60": statistics.mean(x for sess in keys["fieldline"]["bytes"] for x in sess[:60]),
         "bytes_per_key_goal": 16}
    # p99 over keys 1-60, per round, for fieldline and bare libedit in the same interleaved round.
    fl99 = [pct(sess[:60], 99) for sess in keys["fieldline"]["lat_us"]]
    bare99 = [pct(sess[:60], 99) for sess in keys["bare libedit"]["lat_us"]]
    ratios = [f / b for f, b in zip(fl99, bare99)]
    g.update({"p99_1_60_us_rounds": {"fieldline": fl99, "bare libedit": bare99}, "p99_ratio_rounds": ratios,
              "p99_ratio_median": statistics.median(ratios), "p99_ratio_goal": 1.5})
    ins = meta.get("instructions", {})
    if "fieldline per key" in ins and "bare libedit per key" in ins:
        g.update({"instructions_per_key": {n: ins[n + " per key"] for n in ("fieldline", "bare libedit")},
                  "instructions_per_key_keys": args.callgrind_keys,
                  "instructions_per_key_ratio": ins["fieldline per key"] / ins["bare libedit per key"],
                  "instructions_per_key_goal": 2.0})
    return g


# -- 3. paste ------------------------------------------------------------------------------------------
def paste_once(name, argv, text, bracketed, quiet, vfile):
    s = Session(argv, env())
    try:
        s.wait_ready()
        s.wait_raw()
        s.settle(0.05, first_wait=0.05)
        data = text.encode()
        if bracketed:
            data = PASTE_START + data + PASTE_END
        mark = len(s.out)
        t0, t_done, t_out, n_out = s.write_all(data)
        t_last, n = s.settle(quiet, first_wait=quiet, since=t_done, until_idle=True)
        t_end = max(t for t in (t_last, t_out, t_done) if t is not None)
        hwm = s.memory_kb()
        out_bytes = len(s.out) - mark
        mark = len(s.out)
        os.write(s.fd, b"\r")
        status, maxrss = s.finish(limit=60)
    finally:
        s.kill()
    ok = (open(vfile).read().rstrip("\n") == text) if name == "fieldline" else text.encode() in s.out[mark:]
    return {"ms": (t_end - t0) * 1e3, "out_bytes": out_bytes, "hwm_kb": hwm, "maxrss_kb": maxrss, "ok": ok,
            "status": status}


def bench_paste(args):
    rng = random.Random(11)
    alphabet = string.ascii_letters + string.digits  # no blanks or backslashes: bash `read` keeps them all
    text = "".join(rng.choice(alphabet) for _ in range(args.paste))
    res = {}
    with tempfile.TemporaryDirectory() as tmp:
        vfile = os.path.join(tmp, "value")
        for rep in range(args.paste_runs):
            for name, argv in programs(args, vfile).items():
                bracketed = name in ("fieldline", "prompt_toolkit")
                r = paste_once(name, argv, text, bracketed, args.paste_quiet, vfile)
                log(f"paste {rep + 1}/{args.paste_runs} {name}: {r['ms']:.1f} ms, ok={r['ok']}")
                agg = res.setdefault(name, {"ms": [], "out_bytes": [], "hwm_kb": [], "maxrss_kb": [], "ok": True,
                                            "bracketed": bracketed})
                for k in ("ms", "out_bytes", "hwm_kb", "maxrss_kb"):
                    agg[k].append(r[k])
                agg["ok"] &= r["ok"]
    return res


# -- report --------------------------------------------------------------------------------------------
def verdict(ok):
    return "**met**" if ok else "**missed**"


def markdown(args, meta, startup, first_screen, keys, paste, g):
    L = []
    p = L.append
    p("## `fieldline ask`: start-up, key latency, paste, memory\n")
    p(f"Taken by `bench/pty_bench.py` (called from `bench/run.sh`) in one run on {meta['cpu']}, 2 cores "
      f"(load average {' / '.join(meta['load'])} when it started, {' / '.join(meta['load_end'])} when it ended: "
      "other work on the machine shows in the tails). Every run "
      f"starts its program in a fresh pty of {COLS}x{ROWS} with `TERM=xterm-256color LANG=C.UTF-8` (and PATH, HOME; "
      "no other variables); the harness plays the terminal and answers cursor-position requests (`ESC[6n`, "
      "only prompt_toolkit sends one) with `ESC[1;1R`. Programs:\n")
    p(f"- **fieldline**: `fieldline ask text --limit 10000 --prompt '> '` (release build of the working tree at "
      f"`{meta['commit']}`, which other work may have changed since; the right prompt is the "
      "live counter `n/10000`; for tests 2-4 stdout goes to a file through `sh -c 'exec … > file'`, the prompt "
      "draws on /dev/tty, which is the pty)")
    p(f"- **bare libedit**: `bench/bare_prompt.c` (el_init on stdin/stdout, EL_PROMPT `> `, emacs, one el_gets, "
      f"print the line), `cc -O2 … -ledit`, libedit {meta['libedit']}")
    p(f"- **bash read -e**: `bash --norc -c 'read -e -p \"> \" x; echo \"$x\"'`, {meta['bash']} (readline)")
    p(f"- **prompt_toolkit**: `bench/ptk_prompt.py` (`print(prompt(\"> \"))`), prompt_toolkit {meta['ptk']} on "
      f"Python {meta['python']}\n")
    p("Goals, against the bare libedit prompt measured in the same run (details in the sections below):\n")
    p(f"- start-up at most {g['startup_ratio_goal']}x bare libedit's: {g['startup_ratio']:.2f}x, "
      f"{verdict(g['startup_ratio'] <= g['startup_ratio_goal'])}")
    p(f"- bytes per key (keys 1-60) at most {g['bytes_per_key_goal']}: {g['bytes_per_key_1_60']:.1f}, "
      f"{verdict(g['bytes_per_key_1_60'] <= g['bytes_per_key_goal'])}")
    p(f"- p99 over keys 1-60 at most {g['p99_ratio_goal']}x bare libedit's (median of {len(g['p99_ratio_rounds'])} "
      f"rounds' ratios): {g['p99_ratio_median']:.2f}x, {verdict(g['p99_ratio_median'] <= g['p99_ratio_goal'])}")
    if "instructions_per_key_ratio" in g:
        p(f"- instructions per key at most {g['instructions_per_key_goal']:.0f}x bare libedit's: "
          f"{g['instructions_per_key_ratio']:.2f}x, "
          f"{verdict(g['instructions_per_key_ratio'] <= g['instructions_per_key_goal'])}\n")
    else:
        p("- instructions per key at most 2x bare libedit's: not measured (no valgrind, or a callgrind run "
          "failed)\n")

    # 1
    fl, bare = (statistics.median(startup[n]["ready_ms"]) for n in ("fieldline", "bare libedit"))
    ratio = fl / bare
    p(f"### 1. Start-up: exec to prompt ready\n")
    p(f"Time from fork+exec to the first appearance of the prompt `> ` in the pty output (prompt_toolkit draws "
      f"its trailing space as a cursor move, `>` BS `ESC[2C`, which counts). {args.runs} runs per program, "
      f"interleaved, after {args.warmup} warm-up rounds. \"First screen\" is the last byte before the output "
      f"stayed quiet for 20 ms. The floor row is `/usr/bin/printf '> '`: fork, exec and pty cost of the harness.\n")
    p("| program | median to `> ` | p90 | min | first screen settled (median) | first-screen bytes | vs bare libedit |")
    p("|---|---|---|---|---|---|---|")
    for name, r in startup.items():
        if "ready_ms" not in r:
            continue
        med = statistics.median(r["ready_ms"])
        p(f"| {name} | {med:.2f} ms | {pct(r['ready_ms'], 90):.2f} ms | {min(r['ready_ms']):.2f} ms | "
          f"{statistics.median(r['screen_ms']):.2f} ms | {statistics.median(r['screen_bytes']):.0f} | "
          f"{med / bare:.2f}x |")
    p("")
    pairs = zip(startup["fieldline"]["ready_ms"], startup["bare libedit"]["ready_ms"])
    paired = statistics.median(f / b for f, b in pairs)
    p(f"Goal: fieldline at most 1.5x the bare libedit prompt: {ratio:.2f}x, {verdict(ratio <= 1.5)} (the ratio of "
      f"the medians; the median of the {args.runs} per-round ratios, each from two starts a few milliseconds apart, "
      f"is {paired:.2f}x). "
      f"fieldline's first screen is larger because it turns bracketed paste on and draws the counter at the "
      f"right edge: `{first_screen['fieldline']!r}`; bare libedit draws `{first_screen['bare libedit']!r}`.\n")
    nu, tr = (statistics.median(startup[n]["exit_ms"]) for n in (NO_UI, "floor: /usr/bin/true"))
    p(f"Where fieldline's start-up goes: the same binary with `--value x` (validate, print, exit; no terminal "
      f"work) takes {nu:.2f} ms from fork to exit, against {fl:.2f} ms to its prompt (`/usr/bin/true`: "
      f"{tr:.2f} ms). So most of it is process start and set-up before any libedit or terminal work: loading "
      f"{meta['fl_libs']}, the Swift runtime, reading the command line, setting up the field's keymap.\n")
    ins = meta.get("instructions", {})
    if "fieldline" in ins and "bare libedit" in ins:
        m = lambda key: ins.get(key, 0) / 1e6
        p(f"Instructions from exec to exit, counted by callgrind (the same on every run, so free of the machine's "
          f"noise): `fieldline ask text --limit 10000 --value x` {m('fieldline'):.1f} M, of which the dynamic "
          f"loader {m('fieldline loader'):.1f} M and loading the keymap {m('fieldline keymap'):.1f} M (the Swift "
          f"runtime's protocol-conformance lookups, wherever they happen, {m('fieldline conformance lookups'):.1f}"
          f" M); the bare libedit prompt reading an empty stdin {m('bare libedit'):.1f} M (its loader "
          f"{m('bare libedit loader'):.1f} M). `ask` reads a plain command line "
          f"itself (`AskCommandLine`) and leaves help, errors and anything unusual to ArgumentParser, whose "
          f"reflection is costly: the same command with a trailing `--`, which sends it through ArgumentParser, "
          f"takes {m('fieldline via ArgumentParser'):.1f} M, {m('fieldline via ArgumentParser argument parsing'):.1f}"
          f" M of it in `parseAsRoot` (each first dynamic cast scans all of the binary's conformance records, "
          f"about 3,700, two thirds from the FoundationEssentials that ArgumentParser imports).\n")
    if "fieldline to the prompt" in ins and "bare libedit to the prompt" in ins:
        p(f"Instructions from exec to the prompt and out again (Enter on the empty line), in a pty under "
          f"callgrind: fieldline {m('fieldline to the prompt'):.1f} M, bare libedit "
          f"{m('bare libedit to the prompt'):.1f} M. Beyond the `--value` run, fieldline's difference is setting "
          f"up libedit, the field and the terminal guard; it binds one key (the decoder's sentinel), where it bound "
          f"about 170 before every key went through `InputDecoder` (docs/adapter.md, \"Start-up and memory\").\n")

    # 2
    p(f"### 2. Key to screen settled\n")
    p(f"{args.keys} printable ASCII keys (letters and digits, seeded), one `write()` each, typed into a fresh "
      f"prompt; {args.key_sessions} rounds, each with a fresh session per program, samples pooled "
      f"({args.key_sessions * args.keys} per program for all keys). In a round the four prompts are open side by "
      f"side and each key goes to every program in turn (one at a time) before the next key, so all four meet "
      f"the same background load; the turn starts one program later for each key, and round r's first key goes "
      f"first to program r (the first key after the idle wait before typing is slower for any program on this "
      f"VM, and had always fallen to the first program, fieldline). Typing starts once every program is idle. "
      f"Latency: from the write to the last output byte before the output stayed quiet for "
      f"{args.key_quiet * 1e3:.0f} ms (that is, the quiet moment minus the window). Bytes: everything the program "
      f"wrote for that key. At the end Enter is sent and the printed value checked.\n")
    p("| program | keys | p50 | p99 | max | mean bytes per key | max bytes | value printed |")
    p("|---|---|---|---|---|---|---|---|")
    ranges = [("1-60", 0, 60), (f"61-{args.keys}", 60, args.keys), (f"1-{args.keys}", 0, args.keys)]
    summary = {}
    for name, r in keys.items():
        for label, a, b in ranges:
            if name != "fieldline" and label.startswith("61-"):
                continue
            lat = [x for sess in r["lat_us"] for x in sess[a:b]]
            by = [x for sess in r["bytes"] for x in sess[a:b]]
            summary[(name, label)] = (pct(lat, 50), pct(lat, 99), statistics.mean(by))
            p(f"| {name} | {label} | {pct(lat, 50):.0f} µs | {pct(lat, 99):.0f} µs | {max(lat):.0f} µs | "
              f"{statistics.mean(by):.1f} | {max(by)} | {'yes' if r['ok'] else 'NO'} |")
    p("")
    f60, fall = summary[("fieldline", "1-60")], summary[("fieldline", f"1-{args.keys}")]
    b60 = summary[("bare libedit", "1-60")]
    first = keys["fieldline"]["first"]
    # libedit keeps the right prompt while `columns - (prompt + text) - counter > 1`.
    last = max(n for n in range(1, args.keys + 1) if COLS - (2 + n) - len(f"{n}/10000") > 1)
    quick = [i + 1 for i, b in enumerate(first) if b"\x1b7" in b]
    gone = repr(first[last]) if last < len(first) else "?"
    p(f"Why several rows for fieldline: its right prompt (the counter) is drawn only while prompt + input + "
      f"counter fit on the row (libedit's rule for `EL_RPROMPT`). Here the counter was updated on screen through "
      f"key {last}; key {last + 1} erased it (`{gone}`) and from then on the counter is not on screen at all, so "
      f"keys 61-{args.keys} are plain echoes of a growing, wrapping line (they show the long-line cost) and the 1-{args.keys} "
      f"row mixes both. The goals are judged on keys 1-60, where every key also updates the counter.\n")
    nr = len(g["p99_ratio_rounds"])
    rounds_txt = ", ".join(f"{x:.2f}x" for x in g["p99_ratio_rounds"])
    p(f"Goals (keys 1-60, counter visible): at most 16 bytes per plain key: {f60[2]:.1f}, {verdict(f60[2] <= 16)} "
      f"(keys 1-{args.keys}: {fall[2]:.1f} bytes). p99 over keys 1-60 at most 1.5x bare libedit's (median of "
      f"{nr} rounds' ratios): {g['p99_ratio_median']:.2f}x, {verdict(g['p99_ratio_median'] <= 1.5)} (the rounds: "
      f"{rounds_txt}). The latency goal is a ratio within each interleaved round because absolute tails on this "
      f"shared 2-core machine are scheduling noise: pooled over all rounds fieldline's p99 on keys 1-60 is "
      f"{f60[1]:.0f} µs (p50 {f60[0]:.0f} µs; keys 1-{args.keys}: p99 {fall[1]:.0f} µs), the bare libedit prompt's, "
      f"which writes one byte per key, {b60[1]:.0f} µs (p50 {b60[0]:.0f} µs); the p50 floor is the pty and the "
      f"harness.\n")
    rounds = {name: [pct(sess[:60], 99) for sess in r["lat_us"]] for name, r in keys.items()}
    p("p99 of keys 1-60 in each round separately (µs; with 60 keys that is the slowest one), which shows how much "
      "of the pooled tail one noisy round brings, and that it hits every program alike; the last row is the ratio "
      "the latency goal takes the median of:\n")
    p("| program | " + " | ".join(f"round {i + 1}" for i in range(nr)) + " | median |")
    p("|---|" + "---|" * (nr + 1))
    for name, values in rounds.items():
        p(f"| {name} | " + " | ".join(f"{v:.0f}" for v in values) + f" | {statistics.median(values):.0f} |")
    p("| fieldline / bare libedit | " + " | ".join(f"{x:.2f}x" for x in g["p99_ratio_rounds"]) +
      f" | **{g['p99_ratio_median']:.2f}x** |")
    p("")
    ins = meta.get("instructions", {})
    if "instructions_per_key_ratio" in g:
        n = g["instructions_per_key_keys"]
        ipk = g["instructions_per_key"]
        p(f"Instructions per key, counted by callgrind (whole process, libedit included): each prompt runs under "
          f"`valgrind --tool=callgrind` in a pty (fieldline as above but stripped of DWARF, which valgrind 3.19 "
          f"cannot read), once with no key and once with the first {n} of the keys above (one write each, waiting "
          f"until the output is quiet for {args.callgrind_quiet * 1e3:.0f} ms and the process is off the CPU), "
          f"both ended with Enter. Per key = (total with {n} keys - total with none) / {n}.\n")
        p(f"| program | instructions, no key | with {n} keys | per key | vs bare libedit |")
        p("|---|---|---|---|---|")
        for name in ("fieldline", "bare libedit", "bare libedit + counter"):
            if name + " per key" not in ins:
                continue
            p(f"| {name} | {ins[name + ' to the prompt']:,} | {ins[f'{name} with {n} keys']:,} | "
              f"{ins[name + ' per key']:,.0f} | {ins[name + ' per key'] / ipk['bare libedit']:.2f}x |")
        p("")
        over = f"; keys {last + 1}-{n} are past the counter and wrap at column {COLS}" if n > last else ""
        p(f"Goal: instructions per key at most 2x bare libedit's: {g['instructions_per_key_ratio']:.2f}x, "
          f"{verdict(g['instructions_per_key_ratio'] <= 2)} (fieldline updates the counter on keys 1-{min(n, last)}"
          f"{over}; bare libedit echoes one byte per key through its fast path; `bare libedit + counter`, "
          f"for scale only, pays libedit's repaint with a right prompt on every key).\n")
    else:
        p("Goal: instructions per key at most 2x bare libedit's: not measured (valgrind missing or a callgrind run "
          "failed; see the log).\n")
    p("Median latency by position in the line (µs, per 100 keys; the line wraps every 80 columns):\n")
    buckets = [(a, min(a + 100, args.keys)) for a in range(0, args.keys, 100)]
    p("| program | " + " | ".join(f"{a + 1}-{b}" for a, b in buckets) + " |")
    p("|---|" + "---|" * len(buckets))
    for name, r in keys.items():
        p(f"| {name} | " + " | ".join(f"{pct([x for sess in r['lat_us'] for x in sess[a:b]], 50):.0f}"
                                      for a, b in buckets) + " |")
    p("")
    d = keys["fieldline"]["dumps"]
    p(f"What fieldline writes for one key (key 10, counter visible; key {last + 1}, counter erased; key 500, "
      f"a wrapped line with no counter):\n")
    p("```")
    for k in (10, last + 1, 500):
        b = d.get(k, first[k - 1] if k <= len(first) else None)
        if b is not None:
            p(f"key {k}: {b!r}  ({len(b)} bytes)")
    for k in (10, 500):
        if k in keys["bare libedit"]["dumps"]:
            p(f"bare libedit key {k}: {keys['bare libedit']['dumps'][k]!r}")
    p("```")
    qr = f"keys {min(quick)}-{max(quick)}" if quick else "no key"
    p(f"Quick echo drew {qr} here. libedit has a one-byte fast path for a character typed at the end of the line, "
      "but turns it off whenever a right prompt is set; it then repaints from the cursor: a `\\r`, a move back "
      "(`ESC[nG`), the character inserted with `ESC[1@`, a move to the counter, `ESC[P` and the new digits, and a "
      "move back, 26 bytes (the `bare libedit + counter` row: `bare_prompt.c --counter`, a C prompt with an "
      "`n/10000` right prompt whose keys return `CC_REFRESH`, writes exactly that). fieldline's quick echo "
      "(`Sources/FieldTerminal/QuickEcho.swift`) handles a key that only appends printable ASCII at the end of the "
      "line: on the first row it writes the new characters, then the counter cells that changed between a cursor "
      "save and restore (`ESC 7`, `ESC[nC`, digits, `ESC 8`); on a wrapped row, where libedit shows no counter, "
      "just the characters. It returns without a libedit repaint; libedit's model of the screen (and its copy of "
      "the line) catch up with one full redraw of the line on the next key that needs libedit to draw "
      "(docs/adapter.md, \"Quick echo\"). The key that pushes the counter off the row writes its character and "
      "`ESC[K` (libedit's rule for the right prompt, applied exactly); a key into a row's last cell is followed by "
      "a space and a carriage return, which end on the next row's start on every terminal, as libedit's cursor "
      "does. Everything else (edits in the middle, reformatting of earlier cells, non-ASCII, an append that "
      "crosses a row's end in one write) goes through libedit's repaint, and the tmux tests check after every key "
      "that both ways leave the same screen. So past the counter fieldline writes 1 byte per key like libedit's "
      "fast path, and 3 at each row's end. The engine keeps a template-free field's display between keys and the "
      "adapter appends to what it drew in place, so typing at the end neither walks nor copies the line; "
      "`fieldline-bench` measures the engine's part (the engine table above: typing 1,000 characters).\n")

    # 3
    p(f"### 3. Paste of {args.paste:,} characters\n")
    p(f"{args.paste:,} letters and digits (seeded) written as fast as the pty takes them: bracketed "
      f"(`ESC[200~` … `ESC[201~`) for fieldline and prompt_toolkit, unbracketed for bash and the bare prompt. Time "
      f"from the first byte written to the last output byte before {args.paste_quiet * 1e3:.0f} ms of quiet "
      f"(quiet window subtracted; the process must also be off the CPU). {args.paste_runs} runs per program. "
      f"Then Enter; \"value printed\" checks all {args.paste:,} characters came back (fieldline: its stdout file; "
      f"others: the pty output after Enter).\n")
    p("| program | paste | median to settled | runs | output bytes | value printed | vs fieldline |")
    p("|---|---|---|---|---|---|---|")
    flp = statistics.median(paste["fieldline"]["ms"])
    for name, r in paste.items():
        med = statistics.median(r["ms"])
        runs = ", ".join(f"{x:.1f}" for x in r["ms"])
        p(f"| {name} | {'bracketed' if r['bracketed'] else 'typed'} | {med:.1f} ms | {runs} | "
          f"{statistics.median(r['out_bytes']):,.0f} | {'yes' if r['ok'] else 'NO'} | {med / flp:.1f}x |")
    p("")
    p(f"Goal: fieldline settled within 50 ms: {flp:.1f} ms, {verdict(flp <= 50 and paste['fieldline']['ok'])}.\n")

    # 4
    def med(runs, key):
        return statistics.median(r[key] for r in runs) / 1024
    p("### 4. Peak memory\n")
    p(f"VmHWM (peak resident set) from `/proc/PID/status` just before Enter: after the paste, and after the {args.keys} "
      "keys; medians over the runs. Anonymous and file-backed resident pages are from the same moment (after the "
      "paste). (`ru_maxrss` from `wait4()` is not used: Linux carries the high-water mark across exec, so every "
      "child shows at least the forked Python harness, about 13 MB.)\n")
    p(f"| program | VmHWM after paste | VmHWM after {args.keys} keys | RssAnon | RssFile |")
    p("|---|---|---|---|---|")
    for name in paste:
        hw = paste[name]["hwm_kb"]
        p(f"| {name} | {med(hw, 'VmHWM'):.1f} MB | {med(keys[name]['hwm_kb'], 'VmHWM'):.1f} MB | "
          f"{med(hw, 'RssAnon'):.1f} MB | {med(hw, 'RssFile'):.1f} MB |")
    p("")
    flm = max(med(paste["fieldline"]["hwm_kb"], "VmHWM"), med(keys["fieldline"]["hwm_kb"], "VmHWM"))
    hw = paste["fieldline"]["hwm_kb"]
    p(f"Goal: fieldline at most 10 MB: {flm:.1f} MB, {verdict(flm <= 10)}. (MB = 1024 KB.) Of fieldline's resident "
      f"set {med(hw, 'RssFile'):.1f} MB are file-backed pages (the binary and {meta['fl_libs']}) and "
      f"{med(hw, 'RssAnon'):.1f} MB anonymous memory (heap, stacks) after the 10,000-character paste.\n")
    return "\n".join(L)


def instruction_counts(args):
    """Instructions from exec to exit under callgrind (deterministic, unlike wall time on a shared machine):
    fieldline validating one value with no UI and where they go, the same through ArgumentParser (a trailing
    `--` makes `ask`'s own reader decline), and the bare C prompt reading an empty stdin. Empty when valgrind
    is missing."""
    import shutil
    import subprocess
    import tempfile
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        return {}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        # valgrind 3.19 cannot read the DWARF 5 of a Swift release build; symbols are enough.
        binary = os.path.join(tmp, "fieldline")
        subprocess.run(["strip", "--strip-debug", "-o", binary, args.fieldline], check=True)
        value = [binary, "ask", "text", "--limit", "10000", "--value", "x"]
        runs = {"fieldline": value, "fieldline via ArgumentParser": value + ["--"], "bare libedit": [args.bare]}
        parts = {"argument parsing": r"\S*ParsableCommandPAAE11parseAsRoot", "loader": r"\S*rtld.c:_dl_start ",
                 "conformance lookups": r"\?\?\?:swift_conformsToProtocolMaybeInstantiateSuperclasses\(",
                 "keymap": r"\?\?\?:\$s9fieldline12FieldCatalogO4load_10keymapFile"}
        for name, argv in runs.items():
            data = os.path.join(tmp, name.replace(" ", "-") + ".cg")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={data}"] + argv,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            text = subprocess.run(["callgrind_annotate", "--inclusive=yes", data], capture_output=True,
                                  text=True).stdout
            total = re.search(r"^\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", text, re.M)
            if total:
                out[name] = int(total.group(1).replace(",", ""))
            for part, pattern in parts.items():
                found = re.search(r"^\s*([\d,]+) \([\d.]+%\)\s+" + pattern, text, re.M)
                if found:
                    out[name + " " + part] = int(found.group(1).replace(",", ""))
        # Interactive, in a pty: exec to the prompt, type 0 or `callgrind_keys` printable keys (one write each,
        # waiting for the output to settle), then Enter. The run with no keys is "to the prompt and out again";
        # the difference of the two, per key, is what one key costs the whole process (libedit included).
        prompts = {"fieldline": [binary, "ask", "text", "--limit", "10000", "--prompt", "> "],
                   "bare libedit": [args.bare], "bare libedit + counter": [args.bare, "--counter"]}
        keys = key_sequence(args.callgrind_keys)
        for name, argv in prompts.items():
            for typed in ([], keys):
                data = os.path.join(tmp, f"{name.replace(' ', '-')}-{len(typed)}-keys.cg")
                total = callgrind_pty(argv, typed, data, args.callgrind_quiet)
                log(f"callgrind {name}, {len(typed)} keys: {total} instructions")
                if total is None:
                    break
                out[f"{name} to the prompt" if not typed else f"{name} with {len(typed)} keys"] = total
            else:
                out[f"{name} per key"] = (out[f"{name} with {len(keys)} keys"] - out[f"{name} to the prompt"]) / len(keys)
    return out


def callgrind_total(data):
    """PROGRAM TOTALS (instructions) of a callgrind output file, or None."""
    import subprocess
    if not os.path.exists(data):
        return None
    text = subprocess.run(["callgrind_annotate", data], capture_output=True, text=True).stdout
    total = re.search(r"^\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", text, re.M)
    return int(total.group(1).replace(",", "")) if total else None


def callgrind_pty(argv, keys, data, quiet):
    """Run argv under callgrind in a fresh pty: wait for the prompt, type `keys` one write each (after each, until
    the output has been quiet for `quiet` s and the process is off the CPU, so every key is read on its own), then
    Enter (both prompts accept an empty line, so the runs with and without keys end alike). Returns the whole
    process's instruction total, or None when the run failed."""
    s = Session(["valgrind", "--tool=callgrind", f"--callgrind-out-file={data}"] + argv, env())
    try:
        s.wait_ready(limit=120)
        s.wait_raw(limit=60)
        s.settle(0.5, first_wait=1, until_idle=True)
        for i, ch in enumerate(keys):
            t0 = now()
            os.write(s.fd, ch.encode())
            t_last, _ = s.settle(quiet, first_wait=30, since=t0, until_idle=True)
            if t_last is None:
                raise RuntimeError(f"no output for key {i + 1} under callgrind")
        os.write(s.fd, b"\r")
        deadline = now() + 60  # for valgrind to write its file and exit
        while True:
            pid, _ = os.waitpid(s.pid, os.WNOHANG)
            if pid:
                s.exited = (0, 0)
                break
            if now() > deadline:
                raise TimeoutError("no exit under callgrind")
            if s.read(0.1) is None:  # the pty is closed (EIO) some time before the process can be reaped
                time.sleep(0.01)
    except (OSError, RuntimeError, TimeoutError, ChildProcessError) as e:
        log(f"callgrind run of {argv[0]} with {len(keys)} keys failed: {e}")
        return None
    finally:
        s.kill()
    return callgrind_total(data)


def fl_libs(path):
    """The shared libraries the fieldline binary loads, as `name (n more)` for the report."""
    import subprocess
    try:
        out = subprocess.run(["ldd", path], capture_output=True, text=True, timeout=30).stdout
    except Exception:
        return "its shared libraries"
    libs = [line.split()[0] for line in out.splitlines() if "=>" in line]
    big = [l for l in libs if "Foundation" in l or "ICU" in l]
    return f"{len(libs)} shared libraries, among them " + ", ".join(f"`{l}`" for l in big) if big else \
        f"{len(libs)} shared libraries"


def meta_info(args):
    def run(cmd):
        import subprocess
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip()
        except Exception:
            return "?"
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": cpu,
        "commit": run(["git", "-C", os.path.dirname(os.path.abspath(__file__)), "log", "-1", "--format=%h %s"]),
        "fl_libs": fl_libs(args.fieldline),
        "load": open("/proc/loadavg").read().split()[:3],
        "libedit": run(["dpkg-query", "-W", "-f=${Version}", "libedit2"]) or "?",
        "bash": run(["bash", "--norc", "-c", "echo bash $BASH_VERSION"]),
        "ptk": run([args.python, "-c", "import prompt_toolkit; print(prompt_toolkit.__version__)"]),
        "python": run([args.python, "-c", "import platform; print(platform.python_version())"]),
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fieldline", default=os.path.join(root, ".build-release/release/fieldline"))
    ap.add_argument("--bare", default=os.path.join(here, "out/bare_prompt"))
    ap.add_argument("--python", default=os.path.join(here, ".venv/bin/python"))
    ap.add_argument("--ptk-script", default=os.path.join(here, "ptk_prompt.py"))
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--keys", type=int, default=1000)
    ap.add_argument("--key-sessions", type=int, default=5, help="key rounds (the p99 goal is the median of their "
                    "ratios; at least 5)")
    ap.add_argument("--key-quiet", type=float, default=0.003)
    ap.add_argument("--callgrind-keys", type=int, default=100, help="keys typed under callgrind")
    ap.add_argument("--callgrind-quiet", type=float, default=0.05,
                    help="quiet window after each key under callgrind (s)")
    ap.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    ap.add_argument("--paste", type=int, default=10000)
    ap.add_argument("--paste-runs", type=int, default=3)
    ap.add_argument("--paste-quiet", type=float, default=0.020)
    ap.add_argument("--json", default=os.path.join(here, "out/pty_bench.json"))
    ap.add_argument("--quick", action="store_true", help="few runs, to try the harness")
    args = ap.parse_args()
    if args.quick:
        args.runs, args.warmup, args.keys, args.key_sessions, args.paste_runs = 5, 1, 80, 5, 1
    for path in (args.fieldline, args.bare, args.python):
        if not os.access(path, os.X_OK):
            sys.exit(f"pty_bench: missing {path} (build it first; see bench/run.sh)")
    if args.keys < 61:
        sys.exit("pty_bench: --keys must be above 60")
    if args.key_sessions < 1 or args.callgrind_keys < 1:
        sys.exit("pty_bench: --key-sessions and --callgrind-keys must be at least 1")
    if args.key_sessions < 5:
        log(f"pty_bench: {args.key_sessions} key rounds; the latency goal asks for the median of at least 5")

    meta = meta_info(args)
    t0 = now()
    meta["instructions"] = {} if args.no_callgrind else instruction_counts(args)
    t = now()
    log(f"callgrind: {t - t0:.0f} s")
    startup, first_screen = bench_startup(args)
    keys = bench_keys(args)
    paste = bench_paste(args)
    g = goals(args, meta, startup, keys)
    log(f"pty_bench: {now() - t:.0f} s (with callgrind {now() - t0:.0f} s)")
    meta["load_end"] = open("/proc/loadavg").read().split()[:3]
    with open(args.json, "w") as f:
        json.dump({"meta": meta, "startup": startup,
                   "first_screen": {k: repr(v) for k, v in first_screen.items()},
                   "keys": {k: {**v, "dumps": {i: repr(b) for i, b in v["dumps"].items()},
                                "first": [repr(b) for b in v["first"]]} for k, v in keys.items()},
                   "paste": paste, "goals": g}, f)
    print(markdown(args, meta, startup, first_screen, keys, paste, g))


if __name__ == "__main__":
    main()
