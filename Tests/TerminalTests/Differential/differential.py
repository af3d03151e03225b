#!/usr/bin/env python3
"""Differential test: `fieldline replay` against `fieldline ask` in a real pty (issues 26 and 41).

Usage: differential.py FIELDLINE [--count N] [--seed S] [--jobs J] [--kinds k1,k2] [--only KIND:INDEX] [--no-shrink]

For every shipped field kind below, N random key sequences (seeded, so a failure is reproducible by its kind and
index) are run twice:
 * replay: `fieldline replay KEYMAP KEYS... --json` (keys in Vim notation, pastes as --paste=TEXT), once for the
   sequence alone and once for the sequence followed by <CR> <Esc> (the run ends at the first key that ends it);
 * terminal: `fieldline ask KEYMAP` on the slave side of a fresh 80x24 pty (TERM=xterm-256color, a clean
   environment, stdout on a pipe), with a shell's few rows already on the screen, one write per key as xterm
   encodes it, each write only after the previous key was read and the program is waiting in ppoll again (see
   Session.settle). After the sequence, if the prompt is still open, the screen is read back; then <CR> and, if
   still open, <Esc> are sent.
About one sequence in six also resizes the window one to three times between keys (replay has no width: a resize
is no key for it), mostly with a longer prompt so that lines wrap: the emulator rewraps its rows as VTE, kitty or
tmux do, or cuts them as xterm does (one kind per sequence), then the pty's size is set, which sends SIGWINCH;
fieldline asks where the cursor is (ESC[6n) and the emulator answers (ESC[row;colR). Every resize must be asked
about once.
Compared (any difference is a failure, printed with the sequence in replay's notation, shrunk):
 1. after the sequence, with the prompt still open: whether it is open at all (replay's ending is null), and the
    screen at its current width (`screen_differs`): the shell's rows untouched above the field and nothing else
    there, the field (prompt and replay's display) laid out at the width, the counter with its refusal mark ` !` at
    the right end of the field's row when it fits there, else first on the status line, the cursor on the cell
    after replay's cursor column, nothing stale under the field, and no second copy of it anywhere;
 2. at the end: the exit code (0 accepted, 1 cancelled) against replay's ending, the printed value against
    replay's value, and the screen likewise with the line left there (replay's display) and the cursor under it.
The screen is read by a small VT100/xterm emulator (the escape sequences the screen model writes).
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
PROMPT = "> "  # ask's own
PROMPTS = [PROMPT, "Your full name, please: ", "Your full name, please: ", "备注：", "备注："]
# Rows on the screen before the prompt starts (each shorter than the narrowest resize, so none ever rewraps).
HISTORY = ["$ cd forms", "$ ls", "visitors.csv", "$ fieldline ask"]
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
    else:
        steps = [random_step() for _ in range(rng.randint(3, 25))]
    return with_resizes(steps, random.Random(f"{seed}/{kind}/{index}/resize"))


def with_resizes(steps, rng):
    """About one sequence in six gets one to three resizes between its keys (its own random numbers, so the keys
    are those of the sequence without them), all of one kind: rows rewrapped or rows cut (see Screen.resize). Half
    the widths are narrow (20 to 40 columns), the others anywhere from 20 to 120; each differs from the width before
    it. A drag, [rewrap:W1>W2], is a second resize before the terminal answered the first one's request. Most such sequences get a longer prompt (issue 41's examples), so that lines wrap at narrow widths and the
    cursor is often past the field's first row."""
    if rng.random() >= 1 / 6:
        return steps
    prompt = rng.choice(PROMPTS)
    mode = rng.choice(["rewrap", "cut"])
    # Before the first key that surely ends the prompt, so that most resizes find it open; late rather than early,
    # so that most find text in the line.
    ends = [i for i, step in enumerate(steps) if step in (("key", "<Esc>"), ("key", "<C-g>"))]
    last = ends[0] if ends else len(steps)
    places = sorted(max(rng.randint(min(1, last), last), rng.randint(min(1, last), last))
                    for _ in range(rng.randint(1, 3)))
    def width_after(cols):
        new = cols
        while new == cols:
            new = rng.randint(20, 40) if rng.random() < 0.5 else rng.randint(20, 120)
        return new

    widths, cols = [], COLS
    for _ in places:
        # One resize in four is a drag: a second one before the terminal answers the first's request.
        first = width_after(cols)
        cols = width_after(first) if rng.random() < 0.25 else first
        widths.append(f"{first}>{cols}" if cols != first else f"{first}")
    for place, cols in reversed(list(zip(places, widths))):
        steps = steps[:place] + [("resize", f"{mode}:{cols}")] + steps[place:]
    return ([("prompt", prompt)] if prompt != PROMPT else []) + steps


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
    """A sequence for people: Vim notation, pastes in [paste:…], resizes in [rewrap:COLUMNS] or [cut:COLUMNS], a
    prompt other than ask's in [prompt:…]."""
    return " ".join(("[%s:%r]" % (k, t)) if k in ("paste", "prompt") else ("[%s]" % t) if k == "resize"
                    else vim((k, t))[0] for k, t in steps)


def prompt_of(steps):
    return next((t for k, t in steps if k == "prompt"), PROMPT)


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
    """Replay has no width and no prompt: a resize is no key for it."""
    argv = [fieldline, "replay"] + KINDS[kind]["args"] + ["--json"] + [a for s in steps if s[0] in ("key", "paste")
                                                                       for a in vim(s)]
    done = subprocess.run(argv, capture_output=True, env=environment(home), timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"replay failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return json.loads(done.stdout)


# ---------------------------------------------------------------------------------------------------------------
# A small terminal: what the screen model writes (CR LF BS BEL, CSI A B C D G H J K P @ X m, ESC 7/8, modes), the
# answer to a cursor position request (CSI 6 n), and a resize that rewraps or cuts the rows.
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
        # Whether a row's text goes on in the next row (the row was filled and the text wrapped), as rewrapping
        # terminals track it.
        self.wrapped = [False] * rows
        self.x = self.y = 0
        self.wrap_next = False
        self.saved = (0, 0)
        self.pending = b""
        self.dim = False
        self.requests = 0  # cursor position requests (ESC[6n) seen
        self.hold = False  # requests are answered later (Session.drag)
        self.replies = b""  # answers not yet written back to the program
        # The row where the program's drawing starts: where the cursor was when it started, moved up as rows go
        # off the top, the top row after the whole screen was erased (ESC[2J: Ctrl-L, or a resize whose effect the
        # program could not tell).
        self.anchor = 0

    def row(self, y):
        return "".join(c for c in self.cells[y] if c is not None).rstrip(" ")

    def _scroll(self):
        self.cells.pop(0)
        self.cells.append([" "] * self.cols)
        self.wrapped.pop(0)
        self.wrapped.append(False)
        self.anchor -= 1

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
            self.wrapped[self.y] = True
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

    def report(self):
        return b"\x1b[%d;%dR" % (self.y + 1, self.x + 1)

    def _clear_row(self, y, start=0):
        self.cells[y][start:] = [" "] * (self.cols - start)
        self.wrapped[y] = False

    def _csi(self, params, final):
        if params.startswith("?") or params.startswith(">"):
            return
        if final == "n" and params == "6":
            # A cursor position request: answered with the cursor's row and column from 1 (a pending wrap
            # reports the last column, as xterm does).
            self.requests += 1
            if not self.hold:
                self.replies += self.report()
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
                self._clear_row(self.y, self.x)
                for y in range(self.y + 1, self.rows):
                    self._clear_row(y)
            elif mode == 2:
                for y in range(self.rows):
                    self._clear_row(y)
                self.anchor = 0
        elif final == "K":
            mode = nums[0] if nums else 0
            if mode == 0:
                self._clear_row(self.y, self.x)
            elif mode == 1:
                line[:self.x + 1] = [" "] * (self.x + 1)
            else:
                self._clear_row(self.y)
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

    def resize(self, cols, rewrap):
        """The window becomes `cols` wide. `rewrap`: as VTE, kitty, iTerm2, Alacritty and tmux do, each logical line
        (rows joined where the text wrapped) is split again at the new width, a wide character that does not fit a
        row's last column going to the next row, and the cursor stays after the same cell; the rows beyond the
        screen's height go: first blank rows and rows under the cursor, then rows off the top. Else as xterm does:
        each row is cut or padded, a wide character cut in half is blanked, the cursor's column clamped."""
        if not rewrap:
            for y, line in enumerate(self.cells):
                cut = line[:cols] + [" "] * max(0, cols - len(line))
                if cols < len(line) and line[cols] is None:
                    cut[cols - 1] = " "
                self.cells[y] = cut
            self.x, self.cols, self.wrap_next = min(self.x, cols - 1), cols, False
            return
        logical, current = [], []
        cursor_line = cursor_offset = 0
        for y in range(self.rows):
            if y == self.y:
                cursor_line, cursor_offset = len(logical), len(current) + self.x + (1 if self.wrap_next else 0)
            current += self.cells[y]
            if not self.wrapped[y]:
                # A row's trailing blanks are no text, unless the cursor stands among them.
                while current and current[-1] == " " and not (len(logical) == cursor_line and len(current) <= cursor_offset):
                    current.pop()
                logical.append(current)
                current = []
        cells, wrapped = [], []
        new_y = new_x = 0
        for index, line in enumerate(logical):
            row = []

            def flush(wraps):
                cells.append(row + [" "] * (cols - len(row)))
                wrapped.append(wraps)

            if index == cursor_line and cursor_offset == 0:
                new_y, new_x = len(cells), 0
            offset = 0
            for cell in line:
                if cell is None:
                    row.append(None)
                    offset += 1
                    continue
                if len(row) + max(1, width(cell[0])) > cols:
                    flush(True)
                    row = []
                if index == cursor_line and offset == cursor_offset:
                    new_y, new_x = len(cells), len(row)
                row.append(cell)
                offset += 1
            if index == cursor_line and cursor_offset >= offset:
                if len(row) + cursor_offset - offset >= cols:
                    flush(True)
                    row = []
                new_y, new_x = len(cells), len(row) + max(0, cursor_offset - offset)
            flush(False)
        # Rows past the screen's height: blank rows and rows under the cursor first, then rows off the top.
        while len(cells) > self.rows and len(cells) - 1 > new_y:
            cells.pop()
            wrapped.pop()
        while len(cells) > self.rows:
            cells.pop(0)
            wrapped.pop(0)
            new_y -= 1
            self.anchor -= 1
        cells += [[" "] * cols for _ in range(self.rows - len(cells))]
        wrapped += [False] * (self.rows - len(wrapped))
        self.cells, self.wrapped, self.cols = cells, wrapped, cols
        self.y, self.x, self.wrap_next = max(0, new_y), min(new_x, cols - 1), False


# ---------------------------------------------------------------------------------------------------------------
# The terminal side.

class Session:
    """`fieldline ask` on a fresh pty; the harness holds the master (and a slave descriptor, for FIONREAD)."""

    def __init__(self, argv, home, prompt=PROMPT):
        self.prompt = prompt.encode()
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
        # What a shell left on the screen before the prompt: a field drawn too high overwrites it, one drawn too
        # low leaves a row between it and the field.
        self.screen.feed("\r\n".join(HISTORY).encode() + b"\r\n")
        self.screen.anchor = self.screen.y
        self.resizes = 0
        self.drags = 0  # resizes that were two, the second before the answer (each may be asked about twice)
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
                    if self.screen.replies:
                        reply, self.screen.replies = self.screen.replies, b""
                        self.send(reply)
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
        while self.prompt not in self.raw:
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

    def resize(self, cols, rewrap, limit=10.0):
        """The window becomes `cols` wide: the emulator rewraps or cuts its rows first, as a terminal does, then
        the pty's size is set (the kernel sends SIGWINCH to the program); then until the program has asked where
        the cursor is, had the answer, and waits for keys again."""
        asked = self.screen.requests
        self.screen.resize(cols, rewrap)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, cols, 0, 0))
        self.resizes += 1
        start = now()
        while self.screen.requests == asked:
            if self._reap():
                return
            if now() - start > limit:
                raise TimeoutError(f"no cursor position request within {limit}s of a resize to {cols}")
            self._pump(0.002)
        self.settle()

    def drag(self, first, then, rewrap, limit=10.0):
        """A drag: the window becomes `first` wide and, while the program waits for the answer to its cursor
        position request, `then` wide; the answer (from the cursor as it is then) comes after the second resize, as
        from a slow link or a busy terminal. The program may ask again for the second resize, or not."""
        asked = self.screen.requests
        self.screen.hold = True
        try:
            self.screen.resize(first, rewrap)
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, first, 0, 0))
            start = now()
            while self.screen.requests == asked:
                if self._reap():
                    return
                if now() - start > limit:
                    raise TimeoutError(f"no cursor position request within {limit}s of a resize to {first}")
                self._pump(0.002)
            self.screen.resize(then, rewrap)
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, then, 0, 0))
        finally:
            self.screen.hold = False
        self.screen.replies = b""
        self.send(self.screen.report())
        self.resizes += 1
        self.drags += 1
        self.settle()
        self.quiet()
        self.settle()

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

    def snapshot(self):
        """The screen as the comparison reads it."""
        screen = self.screen
        text = self.screen_text()
        while text and not text[-1]:
            text.pop()
        return {"cols": screen.cols, "cells": [list(r) for r in screen.cells], "cursor": (screen.x, screen.y),
                "top": screen.anchor, "text": text}


def cells_text(cells):
    return "".join(c for c in cells if c is not None)


def layout(text, cols):
    """Where `text` lands written from a row's start on a terminal `cols` wide, as the screen model places it
    (ScreenPlacement): left to right, wrapping at the width, a wide character that does not fit the room left on a
    row going whole to the next row (the cell left behind stays blank). Returns the rows as cells (a character, None
    for a wide character's right half, blanks where nothing was written), each character's (row, column), and the
    end (row, column; the column is `cols` after a row's last cell)."""
    rows, places = [[]], []
    row = col = 0
    for ch in text:
        w = width(ch)
        if w == 0:
            places.append((row, col))
            if rows[row]:
                k = len(rows[row]) - 1 - (1 if rows[row][-1] is None else 0)
                rows[row][k] += ch
            continue
        if col + w > cols:
            rows[row] += [" "] * (cols - col)
            rows.append([])
            row, col = row + 1, 0
        places.append((row, col))
        rows[row] += [ch] + [None] * (w - 1)
        col += w
    return rows, places, (row, col)


def field_place(prompt, display, cursor_column, cols):
    """The field (`prompt` and `display`) at `cols` columns: its rows as cells, the cursor's (row, column) for replay's
    cursorColumn (the display's columns before it: it stands on the character after them, or after the line), and
    its last row (the row after a row filled to its last cell, where the model leaves the cursor)."""
    want = prompt + display
    rows, places, (row, col) = layout(want, cols)
    last = row + 1 if col == cols else row
    cursor, seen = None, 0
    for i, ch in enumerate(display):
        if seen == cursor_column and width(ch) > 0:
            cursor = places[i + len(prompt)]
            break
        seen += width(ch)
    if cursor is None:
        cursor = (last, 0 if col == cols else col)
    return rows, cursor, last


def counter_on_row(prompt, display, mark, cols):
    """Whether the counter (with its refusal mark) is drawn on the field's row: only when prompt, text, a gap of two
    and the counter fit one row (libedit's right-prompt rule, `QuickEcho.shows`); else it leads the status line."""
    _, _, (row, col) = layout(prompt + display, cols)
    return row == 0 and col < cols and col + 2 + sum(width(c) for c in mark) <= cols


def screen_differs(snap, prompt, display, mark, cursor_column=None, ended=False, candidates=False):
    """Why the screen `snap` (a Session.snapshot) does not hold exactly one copy of the field `prompt` + `display` as
    the model draws it at the screen's width, None when it does:
    * above the field's first row, the rows the shell left there (all of them unless the screen was cleared or
      scrolled): a field drawn too low leaves a stale row above it, one drawn too high overwrites the shell's;
    * the field's rows as laid out at the width, the counter `mark` at the right end of its row when it fits there
      (the gap's width is not compared: it depends on how wide the terminal draws a flag), else nothing after the
      text on its last row and, while open, `mark` leading the status line under it;
    * while open, the cursor on the character after replay's `cursor_column` columns; once ended, at the start of
      the row under the field;
    * under the field (and its status line), blank rows, or a choice field's candidates; no row anywhere else
      begins like the field's first row."""
    cols, rows, top = snap["cols"], snap["cells"], snap["top"]
    text = [cells_text(r).rstrip(" ") for r in rows]
    shell = HISTORY[len(HISTORY) - top:] if top > 0 else []
    if top < 0:
        return None  # the field's first row scrolled off the screen: nothing to compare it by
    if text[:top] != shell:
        return f"rows above the field: terminal {text[:top]!r}, the shell's {shell!r} (width {cols})"
    want, cursor, last = field_place(prompt, display, cursor_column or 0, cols)
    on_row = counter_on_row(prompt, display, mark, cols)
    for r, cells in enumerate(want[:last + 1]):
        if top + r >= len(rows):
            return f"the field runs past the screen's bottom (width {cols})"
        got = [c for c in rows[top + r]]
        expect = cells + [" "] * (cols - len(cells))
        if r == 0 and on_row:
            end = len(cells)
            rest = cells_text(got[end:])
            # (A gap of one: a flag's width is the terminal's own.)
            if got[:end] == cells and rest.strip(" ") == mark and (not mark or rest.startswith(" ")):
                continue
            return (f"field's row at width {cols}: terminal {cells_text(got).rstrip()!r}, replay {cells_text(cells)!r}"
                    f" and counter {mark!r}")
        if got != expect:
            return (f"field's row {r + 1} at width {cols}: terminal {cells_text(got).rstrip()!r}, replay "
                    f"{cells_text(expect).rstrip()!r} (counter {mark!r} {'on the row' if on_row else 'on the status line'})")
    below = top + last + 1
    if not ended and mark and not on_row:
        status = text[below] if below < len(text) else ""
        if not (status == mark or status.startswith(mark + " ")):
            return f"status line at width {cols}: terminal {status!r}, replay's counter {mark!r} first"
    if not ended:
        below += 1  # the status line (a refusal's reason may stand alone on it)
        cx, cy = snap["cursor"]
        if (cy, cx) != (top + cursor[0], cursor[1]):
            return (f"cursor at width {cols}: terminal row {cy - top} column {cx} of the field, replay's column "
                    f"{cursor_column} is row {cursor[0]} column {cursor[1]}")
    else:
        cx, cy = snap["cursor"]
        if (cy, cx) != (top + last + 1, 0):
            return f"cursor after the end at width {cols}: terminal row {cy - top} column {cx}, want row {last + 1} column 0"
    first = cells_text(want[0]).rstrip(" ")
    for r, line in enumerate(text):
        if top <= r <= top + last:
            continue
        if len(first) > len(prompt) and line.startswith(first):
            return f"a second copy of the field on row {r} (the field's first is {top}) at width {cols}: {line!r}"
        if r >= below and line and not candidates:
            return f"stale row {r} under the field at width {cols}: {line!r}"
    return None


def run_terminal(fieldline, kind, steps, home):
    """Runs the steps at a terminal. Returns {"open", "mid": a snapshot} after the sequence (when still open),
    {"status", "value", "end": a snapshot} at the end, and the cursor position requests and resizes."""
    prompt = prompt_of(steps)
    session = Session([fieldline, "ask"] + KINDS[kind]["args"] + (["--prompt", prompt] if prompt != PROMPT else []),
                      home, prompt)
    result = {}
    try:
        session.ready()
        for step in steps:
            if step[0] == "prompt":
                continue
            if step[0] == "resize":
                mode, cols = step[1].split(":")
                if ">" in cols:
                    first, then = cols.split(">")
                    session.drag(int(first), int(then), mode == "rewrap")
                else:
                    session.resize(int(cols), mode == "rewrap")
            else:
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
            result["open"] = True
            result["mid"] = session.snapshot()
            for final in ("<CR>", "<Esc>"):
                session.send(KEYS[final])
                session.settle()
                if final == "<Esc>":
                    session.lone_escape()
                if session.status is not None:
                    break
        else:
            result["open"] = False
        result["prompt"] = prompt
        result["status"] = session.finish()
        result["value"] = session.stdout.decode(errors="replace")
        result["end"] = session.snapshot()
        result["requests"], result["resizes"], result["drags"] = session.screen.requests, session.resizes, session.drags
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


def compare(fieldline, kind, steps, home, endings=None, counts=None):
    """The differences between replay and the terminal for one sequence (empty when they agree); `endings` (a
    list) gets how replay ended it, `counts` (a dict) the resizes made and the cursor position requests answered."""
    mid = replay(fieldline, kind, steps, home)
    end = mid if mid["ending"] is not None else replay(fieldline, kind, steps + [("key", "<CR>"), ("key", "<Esc>")], home)
    term, screen = run_terminal(fieldline, kind, steps, home)
    if endings is not None:
        endings.append(("within the keys, " if mid["ending"] else "") + str(end["ending"]))
    if counts is not None:
        counts.update(resizes=term["resizes"], drags=term["drags"], requests=term["requests"])
    diffs = []
    # Every resize is asked about at least once; more is harmless (a resize that lands while an answer is read is
    # asked about again, and a loaded machine decides which read sees it).
    if not term["resizes"] <= term["requests"]:
        diffs.append(f"cursor position requests: {term['requests']} for {term['resizes']} resizes "
                     f"({term['drags']} of them drags)")
    if term["open"] != (mid["ending"] is None):
        diffs.append(f"open after the sequence: terminal {term['open']}, replay ending {mid['ending']}")
    elif term["open"]:
        why = screen_differs(term["mid"], term["prompt"], mid["display"], counter_mark(mid), mid["cursorColumn"],
                             candidates=kind == "country")
        if why:
            diffs.append("after the sequence: " + why)
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
    whys = [screen_differs(term["end"], term["prompt"], display, mark, ended=True) for mark in marks]
    if all(whys):
        diffs.append("at the end: " + whys[0])
    if diffs:
        diffs.append("screen after the sequence: " + repr(term["mid"]["text"] if "mid" in term else None))
        diffs.append("screen at the end: " + repr(term["end"]["text"]))
    return diffs


def task(args):
    fieldline, kind, index, seed, home = args
    steps = generate(kind, index, seed)
    endings, counts = [], {}
    try:
        diffs = compare(fieldline, kind, steps, home, endings, counts)
        return kind, index, steps, diffs, endings, counts
    except Exception as error:  # a harness failure is reported with its sequence
        return kind, index, steps, [f"harness: {type(error).__name__}: {error}"], endings, counts


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
        shown = {k: ({n: x for n, x in v.items() if n != "cells"} if isinstance(v, dict) else v) for k, v in term.items()}
        print(json.dumps(shown, ensure_ascii=False, indent=1))
        print("\n".join(compare(opts.fieldline, kind, steps, home)) or "agree")
        return 0
    kinds = opts.kinds.split(",")
    work = [(opts.fieldline, k, i, opts.seed, home) for i in range(opts.count) for k in kinds]
    start = now()
    failures, done = [], 0
    per_kind = {k: 0 for k in kinds}
    ended = {k: {} for k in kinds}
    resized = {"sequences": 0, "resizes": 0, "drags": 0, "requests": 0}
    with multiprocessing.get_context("fork").Pool(opts.jobs) as pool:
        for kind, index, steps, diffs, endings, counts in pool.imap_unordered(task, work, chunksize=4):
            done += 1
            if counts.get("resizes"):
                resized["sequences"] += 1
                resized["resizes"] += counts["resizes"]
                resized["drags"] += counts["drags"]
                resized["requests"] += counts["requests"]
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
    print(f"  resized while open: {resized['sequences']} sequences, {resized['resizes']} resizes "
          f"({resized['drags']} of them drags), "
          f"{resized['requests']} cursor position requests answered")
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
