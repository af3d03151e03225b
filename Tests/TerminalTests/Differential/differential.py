#!/usr/bin/env python3
"""Differential test: `fieldline replay` against `fieldline ask` in a real pty (issue 26).

Usage: differential.py FIELDLINE [--count N] [--seed S] [--jobs J] [--kinds k1,k2] [--only KIND:INDEX] [--verbose]

For every shipped field kind below, N random key sequences (seeded, so a failure is reproducible by its kind and
index) are run twice:
 * replay: `fieldline replay KEYMAP KEYS... --json` (keys in Vim notation, pastes as --paste=TEXT), once for the
   sequence alone and once for the sequence followed by <CR> <Esc> (the run ends at the first key that ends it);
 * terminal: `fieldline ask KEYMAP` on the slave side of a fresh 80x24 pty (TERM=xterm-256color, a clean
   environment, stdout on a pipe), one write per key as xterm encodes it, each write only after the previous key
   was read and the program is waiting in ppoll again (see Session.settle). After the sequence, if the prompt is
   still open, the screen is read back; then <CR> and, if still open, <Esc> are sent.
Compared (any difference is a failure, printed with the sequence in replay's notation, shrunk):
 1. after the sequence, with the prompt still open: whether it is open at all (replay's ending is null), the
    line as drawn (the display between the prompt and the counter), the counter with its refusal mark ` !`, and
    the cursor's column;
 2. at the end: the exit code (0 accepted, 1 cancelled) against replay's ending, the printed value against
    replay's value, and the line left on the screen against replay's display.
The screen is read by a small VT100/xterm emulator (the escape sequences libedit and the painter write).
Keys that the terminal decodes as `refused` (an unknown escape sequence, ESC[99~) have no Vim notation: replay gets
<F20> for them, an unbound key, which the prompt core refuses the same way (refuseKey, no reason).
Exit status: 0 all agree, 1 disagreements (listed), 2 harness failure. Standard library only.
"""
import argparse
import fcntl
import json
import multiprocessing
import os
import random
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
import unicodedata

ROWS, COLS = 24, 80
now = time.monotonic

# ---------------------------------------------------------------------------------------------------------------
# Field kinds: the keymap's arguments, and what the generator types and pastes into it.

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"


def idcard(rng):
    """A GB 11643 number with a correct check character (so accepting is reachable)."""
    area = rng.choice(["110105", "310101", "440301", "510104"])
    birth = "%04d%02d%02d" % (rng.randint(1950, 2010), rng.randint(1, 12), rng.randint(1, 28))
    body = area + birth + "%03d" % rng.randint(0, 999)
    weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    check = "10X98765432"[sum(int(d) * w for d, w in zip(body, weights)) % 11]
    return body + check


def mobile(rng):
    return rng.choice(["138", "139", "150", "186", "199"]) + "".join(rng.choice(DIGITS) for _ in range(8))


# Per kind: `args` for ask and replay, `chars` typed, `pastes` pasted, `valid` a value the field accepts (typed key by
# key into some sequences, so accepting and the editing of a complete value are reached often).
KINDS = {
    "text": dict(args=["text", "--limit", "20"], valid=lambda r: r.choice(["hello world", "a-b", "中文 ok", "x" * 20]), chars=LETTERS + DIGITS + "  --<>.,é中文字ｗ",
                 pastes=lambda r: r.choice(["hello", "a b c", "中文", "x" * r.randint(15, 25), "é-é", "tab\there",
                                            "line\n", "two\nlines", ""])),
    "digits": dict(args=["digits"], valid=lambda r: "".join(r.choice(DIGITS) for _ in range(r.randint(1, 12))), chars=DIGITS * 3 + "ab -+.１",
                   pastes=lambda r: r.choice(["123", "12 34", "4" * r.randint(1, 30), "a1", "１２", "9\n"])),
    "phone-cn": dict(args=["phone-cn"], valid=lambda r: r.choice(["", "+86", "0086"]) + mobile(r), chars=DIGITS * 3 + "+ -.()ab",
                     pastes=lambda r: r.choice(["13812345678", "+86 138 1234 5678", "008613812345678", "138-1234",
                                                "8613912345678", "12345678901234567", "+1 650 253 0000"])),
    "idcard-cn": dict(args=["idcard-cn"], valid=idcard, chars=DIGITS * 3 + "Xx -",
                      pastes=lambda r: r.choice([idcard(r), idcard(r), idcard(r)[:r.randint(1, 17)], "11010519900307123x",
                                                 idcard(r) + "1", "110105 19900307 1234"])),
    "phone": dict(args=["phone"], valid=lambda r: r.choice(["+442079460958", "+16502530000", mobile(r), "+8613812345678",
                                                           "+4930123456", "+33123456789", "+74951234567", "6502530000"]), chars=DIGITS * 3 + "+ -()",
                  pastes=lambda r: r.choice(["+44 20 7946 0958", "+1 650 253 0000", "13812345678", "+86 138 1234 5678",
                                             "+49 30 123456", "(650) 253-0000", "+33 1 23 45 67 89", "+7 495 123-45-67"])),
    "date": dict(args=["date"], valid=lambda r: "%04d%02d%02d" % (r.randint(1900, 2099), r.randint(1, 12), r.randint(1, 28)), chars=DIGITS * 3 + "/.- a",
                 pastes=lambda r: r.choice(["2024-02-29", "19900307", "2023/02/29", "1990.03.07", "2024-13-01", "20",
                                            "%04d%02d%02d" % (r.randint(1900, 2100), r.randint(1, 12), r.randint(1, 31))])),
    "country": dict(args=["country"], valid=lambda r: r.choice(["cn", "united k", "+44", "de", "中国", "fr"]), chars=LETTERS + DIGITS + "+ 中国英",
                    pastes=lambda r: r.choice(["united", "+44", "CN", "中国", "de", "zz", "new z"])),
}

# Named keys: Vim notation -> the bytes xterm sends. <F20> stands for a refused escape sequence (see the doc above).
KEYS = {
    "<BS>": b"\x7f", "<C-h>": b"\x08", "<Del>": b"\x1b[3~", "<Left>": b"\x1b[D", "<Right>": b"\x1b[C",
    "<Home>": b"\x1b[H", "<End>": b"\x1b[F", "<C-a>": b"\x01", "<C-e>": b"\x05", "<C-b>": b"\x02", "<C-f>": b"\x06",
    "<C-w>": b"\x17", "<C-u>": b"\x15", "<C-k>": b"\x0b", "<M-b>": b"\x1bb", "<M-f>": b"\x1bf", "<M-d>": b"\x1bd",
    "<M-BS>": b"\x1b\x7f", "<C-Left>": b"\x1b[1;5D", "<C-Right>": b"\x1b[1;5C", "<C-Del>": b"\x1b[3;5~",
    "<Up>": b"\x1b[A", "<Down>": b"\x1b[B", "<C-p>": b"\x10", "<C-n>": b"\x0e", "<Tab>": b"\t", "<S-Tab>": b"\x1b[Z",
    "<C-d>": b"\x04", "<C-l>": b"\x0c", "<PageUp>": b"\x1b[5~", "<F5>": b"\x1b[15~", "<F20>": b"\x1b[99~",
    "<CR>": b"\r", "<C-j>": b"\n", "<Esc>": b"\x1b", "<C-g>": b"\x07",
}
EDIT_KEYS = ["<BS>", "<BS>", "<BS>", "<C-h>", "<Del>", "<Left>", "<Left>", "<Right>", "<Home>", "<End>", "<C-a>",
             "<C-e>", "<C-b>", "<C-f>", "<C-w>", "<C-u>", "<C-k>", "<M-b>", "<M-f>", "<M-d>", "<M-BS>", "<C-Left>",
             "<C-Right>", "<C-Del>", "<Up>", "<Down>", "<Up>", "<Down>", "<C-p>", "<C-n>", "<Tab>", "<S-Tab>",
             "<C-l>", "<PageUp>", "<F5>", "<F20>"]
ENDING_KEYS = ["<CR>", "<CR>", "<C-j>", "<Esc>", "<C-g>", "<C-d>"]


def generate(kind, index, seed):
    """One sequence: a list of ("key", vim) or ("paste", text) steps."""
    rng = random.Random(f"{seed}/{kind}/{index}")
    spec = KINDS[kind]
    steps = []

    def random_step():
        roll = rng.random()
        if roll < 0.55:
            return ("key", rng.choice(spec["chars"]))
        if roll < 0.86:
            return ("key", rng.choice(EDIT_KEYS))
        if roll < 0.95:
            return ("paste", spec["pastes"](rng))
        return ("key", rng.choice(ENDING_KEYS))

    if rng.random() < 0.35:
        # A value the field accepts, typed key by key, among a few random steps (Backspace over a template's
        # literals, Up/Down on a complete date, editing a complete number).
        steps += [random_step() for _ in range(rng.randint(0, 3))]
        steps += [("key", c) for c in spec["valid"](rng)]
        steps += [random_step() for _ in range(rng.randint(0, 5))]
        return steps
    return [random_step() for _ in range(rng.randint(3, 25))]


def vim(step):
    """A step as replay's argument."""
    kind, text = step
    if kind == "paste":
        # `--paste=` with nothing after the = takes the next word as its value (ArgumentParser): "--paste", "".
        return ["--paste=" + text] if text else ["--paste", ""]
    if text == "<":
        return ["<lt>"]
    if text == " ":
        return ["<space>"]
    return [text]


def notation(steps):
    """A sequence for people: Vim notation, pastes in [paste:…]."""
    return " ".join(("[paste:%r]" % t) if k == "paste" else vim((k, t))[0] for k, t in steps)


def key_bytes(step):
    kind, text = step
    if kind == "paste":
        return b"\x1b[200~" + text.encode() + b"\x1b[201~"
    return KEYS.get(text) or text.encode()


# ---------------------------------------------------------------------------------------------------------------
# Replay.

def environment(home):
    return {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home, "TERM": "xterm-256color"}


def replay(fieldline, kind, steps, home):
    argv = [fieldline, "replay"] + KINDS[kind]["args"] + ["--json"] + [a for s in steps for a in vim(s)]
    done = subprocess.run(argv, capture_output=True, env=environment(home), timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"replay failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return json.loads(done.stdout)


# ---------------------------------------------------------------------------------------------------------------
# A small terminal: what libedit and the painter write (CR LF BS BEL, CSI A B C D G H J K P @ X m, ESC 7/8, modes).
# Dim text (a placeholder, SGR 2) is drawn as blanks: replay has no placeholder, and PlaceholderTerminalTests
# checks the placeholder itself.

def width(ch):
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0xFE00 <= ord(ch) <= 0xFE0F:
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class Screen:
    def __init__(self, rows=ROWS, cols=COLS):
        self.rows, self.cols = rows, cols
        self.cells = [[" "] * cols for _ in range(rows)]
        self.x = self.y = 0
        self.wrap_next = False
        self.saved = (0, 0)
        self.pending = b""
        self.dim = False

    def row(self, y):
        return "".join(c for c in self.cells[y] if c is not None).rstrip(" ")

    def _scroll(self):
        self.cells.pop(0)
        self.cells.append([" "] * self.cols)

    def _lf(self):
        if self.y == self.rows - 1:
            self._scroll()
        else:
            self.y += 1

    def _put(self, ch):
        w = width(ch)
        if self.dim:
            # A placeholder (the only text fieldline draws dim) is no part of the field replay shows: blank cells.
            if w:
                self.dim = False
                for _ in range(w):
                    self._put(" ")
                self.dim = True
            return
        if w == 0:
            px, py = (self.x - 1, self.y) if self.x > 0 else (self.x, self.y)
            if self.cells[py][px] is None and px > 0:
                px -= 1
            self.cells[py][px] = (self.cells[py][px] or "") + ch
            return
        if self.wrap_next or self.x + w > self.cols:
            self.x, self.wrap_next = 0, False
            self._lf()
        self.cells[self.y][self.x] = ch
        if w == 2:
            self.cells[self.y][self.x + 1] = None
        if self.x + w >= self.cols:
            self.x, self.wrap_next = self.cols - 1, True
        else:
            self.x += w

    def feed(self, data):
        text = (self.pending + data).decode("utf-8", errors="surrogateescape")
        self.pending = b""
        i, n = 0, len(text)
        while i < n:
            ch = text[i]
            if ch == "\x1b":
                if i + 1 >= n:
                    self.pending = text[i:].encode("utf-8", errors="surrogateescape")
                    return
                nxt = text[i + 1]
                if nxt == "[":
                    j = i + 2
                    while j < n and not ("\x40" <= text[j] <= "\x7e"):
                        j += 1
                    if j >= n:
                        self.pending = text[i:].encode("utf-8", errors="surrogateescape")
                        return
                    self._csi(text[i + 2:j], text[j])
                    i = j + 1
                    continue
                if nxt == "7":
                    self.saved = (self.x, self.y)
                elif nxt == "8":
                    self.x, self.y = self.saved
                    self.wrap_next = False
                i += 2
                continue
            if ch == "\r":
                self.x, self.wrap_next = 0, False
            elif ch == "\n":
                self._lf()
                self.wrap_next = False
            elif ch == "\b":
                self.x, self.wrap_next = max(0, self.x - 1), False
            elif ch == "\t":
                self.x = min(self.cols - 1, (self.x // 8 + 1) * 8)
            elif ch == "\x07" or ord(ch) < 0x20:
                pass
            else:
                self._put(ch)
            i += 1

    def _csi(self, params, final):
        if params.startswith("?") or params.startswith(">"):
            return
        nums = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        a = nums[0] if nums and nums[0] else 1
        line = self.cells[self.y]
        self.wrap_next = False if final not in "m" else self.wrap_next
        if final == "A":
            self.y = max(0, self.y - a)
        elif final == "B":
            self.y = min(self.rows - 1, self.y + a)
        elif final == "C":
            self.x = min(self.cols - 1, self.x + a)
        elif final == "D":
            self.x = max(0, self.x - a)
        elif final == "G":
            self.x = min(self.cols - 1, a - 1)
        elif final in "Hf":
            self.y = min(self.rows - 1, a - 1)
            self.x = min(self.cols - 1, (nums[1] if len(nums) > 1 and nums[1] else 1) - 1)
        elif final == "J":
            mode = nums[0] if nums else 0
            if mode == 0:
                line[self.x:] = [" "] * (self.cols - self.x)
                for y in range(self.y + 1, self.rows):
                    self.cells[y] = [" "] * self.cols
            elif mode == 2:
                self.cells = [[" "] * self.cols for _ in range(self.rows)]
        elif final == "K":
            mode = nums[0] if nums else 0
            if mode == 0:
                line[self.x:] = [" "] * (self.cols - self.x)
            elif mode == 1:
                line[:self.x + 1] = [" "] * (self.x + 1)
            else:
                self.cells[self.y] = [" "] * self.cols
        elif final == "P":
            del line[self.x:self.x + a]
            line.extend([" "] * (self.cols - len(line)))
        elif final == "@":
            line[self.x:self.x] = [" "] * a
            del line[self.cols:]
        elif final == "X":
            line[self.x:self.x + a] = [" "] * min(a, self.cols - self.x)
        elif final == "m":
            # Dim (SGR 2) on and off; a colour's own numbers (38;5;N, 38;2;R;G;B) are skipped.
            i = 0
            while i < max(len(nums), 1):
                p = nums[i] if nums else 0
                if p == 2:
                    self.dim = True
                elif p in (0, 22):
                    self.dim = False
                elif p in (38, 48, 58):
                    i += 4 if i + 1 < len(nums) and nums[i + 1] == 2 else 2
                i += 1
        # anything else: no effect on the text


# ---------------------------------------------------------------------------------------------------------------
# The terminal side.

class Session:
    """`fieldline ask` on a fresh pty; the harness holds the master (and a slave descriptor, for FIONREAD)."""

    def __init__(self, argv, home):
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        out_r, out_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                fcntl.ioctl(self.slave, termios.TIOCSCTTY, 0)
                os.dup2(self.slave, 0)
                os.dup2(out_w, 1)
                os.dup2(self.slave, 2)
                for sig in range(1, 32):
                    if sig not in (signal.SIGKILL, signal.SIGSTOP):
                        try:
                            signal.signal(sig, signal.SIG_DFL)
                        except (OSError, ValueError):
                            pass
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
                os.closerange(3, 1024)
                os.execve(argv[0], argv, environment(home))
            finally:
                os._exit(127)
        os.close(out_w)
        self.pid, self.out_fd = pid, out_r
        os.set_blocking(self.master, False)
        os.set_blocking(self.out_fd, False)
        self.screen = Screen()
        self.raw = bytearray()
        self.stdout = bytearray()
        self.status = None
        self.written = 0
        self.rchar0 = None

    def _pump(self, timeout):
        """Read what the pty and stdout have within timeout; False when nothing came."""
        fds = [self.master] + ([self.out_fd] if self.out_fd is not None else [])
        r, _, _ = select.select(fds, [], [], max(0.0, timeout))
        got = False
        for fd in r:
            try:
                data = os.read(fd, 65536)
            except (BlockingIOError, OSError):
                continue
            if fd == self.master:
                if data:
                    self.raw += data
                    self.screen.feed(data)
                    got = True
            elif data:
                self.stdout += data
                got = True
            else:
                os.close(self.out_fd)
                self.out_fd = None
        return got

    def _reap(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is not None

    def _proc(self, name):
        with open(f"/proc/{self.pid}/{name}") as f:
            return f.read()

    def _rchar(self):
        for line in self._proc("io").splitlines():
            if line.startswith("rchar:"):
                return int(line.split()[1])
        return 0

    def _waiting(self):
        """The program sleeps in poll (the reader's ppoll) with nothing left in its input queue."""
        try:
            state = self._proc("stat").rsplit(")", 1)[1].split()[0]
            wchan = self._proc("wchan")
        except OSError:
            return False
        # Where the kernel hides wait channels ("0"), a sleeping process with its input read is taken as waiting.
        if state != "S" or ("poll" not in wchan and wchan.strip() != "0"):
            return False
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0"))[0] == 0

    def settle(self, limit=20.0):
        """Until every byte written so far was read and the program waits for more (or it exited)."""
        start = now()
        while True:
            if self._reap():
                return
            try:
                read_all = self.rchar0 is not None and self._rchar() - self.rchar0 >= self.written
            except OSError:
                read_all = False
            if read_all and self._waiting():
                # Twice, a moment apart: the program may be between a read and its next ppoll.
                self._pump(0.0005)
                if self._waiting():
                    return
            if now() - start > limit:
                raise TimeoutError(f"no settle within {limit}s; screen: {self.screen_text()!r}")
            self._pump(0.0003)

    def ready(self, limit=30.0):
        start = now()
        while b"> " not in self.raw:
            if self._reap():
                raise RuntimeError(f"exited {self.status} before the prompt: {bytes(self.raw)!r}")
            if now() - start > limit:
                raise TimeoutError("no prompt")
            self._pump(0.005)
        self.rchar0 = self._rchar()
        self.settle()

    def send(self, data):
        off = 0
        while off < len(data):
            try:
                off += os.write(self.master, data[off:])
            except BlockingIOError:
                self._pump(0.001)
        self.written += len(data)

    def lone_escape(self):
        """After a lone Esc has been read: the reader waits 30 ms for a following byte (its ppoll then looks like
        any other), so wait that out from the moment it was read, then settle again (a key sent sooner would make
        Esc its Meta prefix)."""
        if self.status is None:
            time.sleep(0.05)
            self.settle()

    def quiet(self, window=0.01):
        """Read until the pty has been quiet for `window` (what the kernel still holds after a settle)."""
        while self._pump(window):
            pass

    def finish(self, limit=10.0):
        start = now()
        while not self._reap():
            if now() - start > limit:
                raise TimeoutError("did not exit")
            self._pump(0.002)
        while self._pump(0.01):
            pass
        while self.out_fd is not None:
            self._pump(0.05)
        return self.status

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            self.status = -9
        for fd in (self.master, self.slave, self.out_fd):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.out_fd = None

    def screen_text(self):
        return [self.screen.row(y) for y in range(ROWS)]


def cells_text(cells):
    return "".join(c for c in cells if c is not None)


def fits(display, mark):
    """Whether prompt, text, a gap of two and the counter fit one row (else the counter is on the status line)."""
    return 2 + sum(width(c) for c in display) + 2 + sum(width(c) for c in mark) <= COLS


def line_differs(rows, display, marks):
    """Why the screen's field line is not "> " + `display` then (when it fits) blanks and one of `marks` at the
    right end; None when it is. The gap's exact width is not compared: it depends on how wide the terminal draws a
    flag, which a real terminal decides and this emulator only guesses."""
    want = "> " + display
    if fits(display, marks[0]):
        got = cells_text(rows[0])
        rest = got[len(want):]
        # (A gap of one: libedit measures a flag's width itself and may place the counter a column further left.)
        if got.startswith(want) and any(rest.strip(" ") == m and (not m or rest.startswith(" ")) for m in marks):
            return None
        return f"terminal {got.rstrip()!r}, replay {want!r} and counter {' or '.join(repr(m) for m in marks)}"
    # Longer than a row: laid out as a terminal wraps it (a wide character that does not fit in the last column
    # leaves it blank and goes to the next row); the counter is on the status line, not compared here.
    laid, x = [], 0
    for ch in want:
        w = width(ch)
        if x + w > COLS:
            laid.append(" " * (COLS - x))
            x = 0
        laid.append(ch)
        x = (x + w) % COLS if x + w >= COLS else x + w
    want_text = "".join(laid)
    # Blanks are left out of this comparison: where a wide character wraps depends on the flag's width, which
    # libedit measures itself (one column more or less than this emulator), and a row may end in a blank for it.
    got_rows = [cells_text(r) for r in rows]
    want_bare = want_text.replace(" ", "")
    got = "".join(got_rows).replace(" ", "")[:len(want_bare)]
    if got != want_bare:
        return f"terminal {got!r}, replay {want_bare!r} (wrapped, blanks left out)"
    # The rest of the line's last row is blank: nothing the region under the field had drawn on a row the wrapped
    # line now takes stays after its end (`v I <Tab>` in country).
    # A flag's width is libedit's own (one column more or less than this emulator's), so with a flag in the line
    # its end may lie a column or two further right.
    slack = (0, 1, 2) if any(0x1F1E6 <= ord(ch) <= 0x1F1FF for ch in want) else (0,)
    joined = "".join(got_rows)
    rests = [joined[len(want_text) + k:][:COLS - x - k] if x else "" for k in slack]
    if all(rest.strip(" ") for rest in rests):
        return f"stale cells after the wrapped line: {rests[0].rstrip()!r}"
    return None


def run_terminal(fieldline, kind, steps, home):
    """Runs the steps at a terminal. Returns {"open", "line", "counter", "column"} after the sequence (when still
    open), and {"status", "value", "line"} at the end."""
    session = Session([fieldline, "ask"] + KINDS[kind]["args"], home)
    result = {}
    try:
        session.ready()
        for step in steps:
            session.send(key_bytes(step))
            session.settle()
            if step == ("key", "<Esc>"):
                session.lone_escape()
            if step[0] == "paste":
                time.sleep(0.005)  # a read within 3 ms of a paste's is its tail
            if session.status is not None:
                break
        if session.status is None:
            session.quiet()
            screen = session.screen
            result["open"] = True
            result["screen"] = [list(r) for r in screen.cells[:4]]
            result["screen_text"] = session.screen_text()[:4]
            result["cursor"] = (screen.x, screen.y)
            for final in ("<CR>", "<Esc>"):
                session.send(KEYS[final])
                session.settle()
                if final == "<Esc>":
                    session.lone_escape()
                if session.status is not None:
                    break
        else:
            result["open"] = False
        result["status"] = session.finish()
        result["value"] = session.stdout.decode(errors="replace")
        result["final_screen"] = [list(r) for r in session.screen.cells[:4]]
        result["final_text"] = session.screen_text()[:4]
        return result, session.screen
    finally:
        session.close()


# ---------------------------------------------------------------------------------------------------------------
# One comparison.

def counter_mark(frame):
    mark = frame["counter"]
    if frame["refused"]:
        mark += " !" if mark else "!"
    return mark


def compare(fieldline, kind, steps, home, endings=None):
    """The differences between replay and the terminal for one sequence (empty when they agree); `endings` (a
    list) gets how replay ended it."""
    mid = replay(fieldline, kind, steps, home)
    end = mid if mid["ending"] is not None else replay(fieldline, kind, steps + [("key", "<CR>"), ("key", "<Esc>")], home)
    term, screen = run_terminal(fieldline, kind, steps, home)
    if endings is not None:
        endings.append(("within the keys, " if mid["ending"] else "") + str(end["ending"]))
    diffs = []
    if term["open"] != (mid["ending"] is None):
        diffs.append(f"open after the sequence: terminal {term['open']}, replay ending {mid['ending']}")
    elif term["open"]:
        why = line_differs(term["screen"], mid["display"], [counter_mark(mid)])
        if why:
            diffs.append("line after the sequence: " + why)
        cx, cy = term["cursor"]
        column = cy * COLS + cx - 2
        if column != mid["cursorColumn"]:
            diffs.append(f"cursor column after the sequence: terminal {column}, replay {mid['cursorColumn']}")
    want_status = {"accepted": 0, "cancelled": 1}.get(end["ending"])
    if term["status"] != want_status:
        diffs.append(f"exit: terminal {term['status']}, replay ending {end['ending']}")
    if end["ending"] == "accepted":
        if term["value"] != end["value"] + "\n":
            diffs.append(f"value: terminal {term['value']!r}, replay {end['value']!r}")
    # Accepted: the line is painted once more, without a refusal mark. Cancelled: the line stays as the key before
    # the Esc left it, with or without the mark.
    marks = [end["counter"]] + ([] if end["ending"] == "accepted" else [counter_mark(dict(end, refused=True))])
    display = end["display"]
    if kind == "country" and end["ending"] == "accepted" and "  > " in display:
        # An accepted choice leaves its chosen label, not the query it was found by, and no counter.
        display, marks = display.rsplit("  > ", 1)[1], [""]
    why = line_differs(term["final_screen"], display, marks)
    if why:
        diffs.append("line at the end: " + why)
    if diffs:
        diffs.append("screen after the sequence: " + repr(term.get("screen_text")))
        diffs.append("screen at the end: " + repr(term["final_text"]))
    return diffs


def task(args):
    fieldline, kind, index, seed, home = args
    steps = generate(kind, index, seed)
    endings = []
    try:
        diffs = compare(fieldline, kind, steps, home, endings)
        return kind, index, steps, diffs, endings
    except Exception as error:  # a harness failure is reported with its sequence
        return kind, index, steps, [f"harness: {type(error).__name__}: {error}"], endings


def shrink(fieldline, kind, steps, home):
    """Drop steps one at a time while a difference remains (greedy, bounded)."""
    budget = 60
    changed = True
    while changed and budget > 0:
        changed = False
        for i in range(len(steps)):
            if budget <= 0:
                break
            trial = steps[:i] + steps[i + 1:]
            budget -= 1
            try:
                if compare(fieldline, kind, trial, home):
                    steps, changed = trial, True
                    break
            except Exception:
                continue
    return steps


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("fieldline")
    parser.add_argument("--count", type=int, default=int(os.environ.get("FIELDLINE_DIFF_COUNT", "2000")))
    parser.add_argument("--seed", default=os.environ.get("FIELDLINE_DIFF_SEED", "26"))
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("FIELDLINE_DIFF_JOBS", "0")) or 2 * (os.cpu_count() or 2))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--only", help="KIND:INDEX, one sequence, verbose")
    parser.add_argument("--no-shrink", action="store_true")
    opts = parser.parse_args()
    home = tempfile.mkdtemp(prefix="fl-diff-home-")
    try:
        return run(opts, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run(opts, home):
    if opts.only:
        kind, index = opts.only.split(":")
        steps = generate(kind, int(index), opts.seed)
        print(notation(steps))
        print(json.dumps(replay(opts.fieldline, kind, steps, home), ensure_ascii=False))
        term, _ = run_terminal(opts.fieldline, kind, steps, home)
        print(json.dumps({k: v for k, v in term.items() if k not in ("screen", "final_screen")}, ensure_ascii=False, indent=1))
        print("\n".join(compare(opts.fieldline, kind, steps, home)) or "agree")
        return 0
    kinds = opts.kinds.split(",")
    work = [(opts.fieldline, k, i, opts.seed, home) for i in range(opts.count) for k in kinds]
    start = now()
    failures, done = [], 0
    per_kind = {k: 0 for k in kinds}
    ended = {k: {} for k in kinds}
    with multiprocessing.get_context("fork").Pool(opts.jobs) as pool:
        for kind, index, steps, diffs, endings in pool.imap_unordered(task, work, chunksize=4):
            done += 1
            per_kind[kind] += 1
            for e in endings:
                ended[kind][e] = ended[kind].get(e, 0) + 1
            if diffs:
                failures.append((kind, index, steps, diffs))
                print(f"differs: {kind} #{index}: {notation(steps)}\n  " + "\n  ".join(diffs), file=sys.stderr, flush=True)
            if done % 500 == 0:
                print(f"{done}/{len(work)} sequences, {len(failures)} differing, {now() - start:.0f} s",
                      file=sys.stderr, flush=True)
    elapsed = now() - start
    print(f"{done} sequences ({', '.join(f'{k} {n}' for k, n in per_kind.items())}) in {elapsed:.1f} s "
          f"with {opts.jobs} ptys at a time; seed {opts.seed}; {len(failures)} differ")
    for kind in kinds:
        print(f"  {kind}: " + ", ".join(f"{e} {n}" for e, n in sorted(ended[kind].items())))
    for kind, index, steps, diffs in sorted(failures, key=lambda f: (f[0], f[1]))[:20]:
        small = steps if opts.no_shrink or any(d.startswith("harness") for d in diffs) else shrink(opts.fieldline, kind, steps, home)
        print(f"\n{kind} #{index}: {notation(steps)}")
        if small != steps:
            print(f"  shrunk: {notation(small)}")
            diffs = compare(opts.fieldline, kind, small, home) or diffs
        for d in diffs:
            print("  " + d)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
