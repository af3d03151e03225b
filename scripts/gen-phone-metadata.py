#!/usr/bin/env python3
"""Generate keymaps/data/phone-{regions,patterns,formats}.tsv: libphonenumber's metadata with every number
pattern compiled into a minimal DFA over the digits 0-9 (issue 13), so the engine needs no regex engine per key.

Source: libphonenumber's metadata (Apache-2.0) through PyPI phonenumbers (pinned below), main metadata for the
number kinds, prefixes and formats, and its short-number metadata for the `emergency` and `short_code` kinds.
Regex -> DFA: PyPI greenery (MIT, pinned below) parses each regex and builds its finite-state machine; this script
only projects that machine onto the digits 0-9, drops states that cannot reach acceptance (the dead state), and
minimises it (Moore partition refinement), numbering the states breadth-first from the start (state 0), digits
in order. Every DFA is checked against Python's `re` before anything is written (see self_check).

Files (sorted by value; UTF-8, LF):
  phone-regions.tsv   one row per region: the 245 region codes, and the 9 non-geographic entities (libphonenumber's
                      region "001") keyed `+CODE` (+800, +808, +870, +878, +881, +882, +883, +888, +979).
  phone-patterns.tsv  one row per (region, kind) with a pattern: `general` (general_desc), the number kinds, and
                      the short-number kinds `emergency` and `short_code`.
  phone-formats.tsv   one row per national number format, in file order per region (value REGION:index).

DFA encoding (columns *_dfa and dfa): states separated by `;`; each state is 11 comma-separated fields: `1`
(accepting) or `0`, then the next state for the digits 0..9, empty where the next state is the dead state (no
match possible any more). State 0 is the start. A pattern that matches no digit string at all is `0,,,,,,,,,,`.
  whole-match DFA:  accepting exactly after a digit string the regex matches in full (re.fullmatch).
  prefix DFA:       the whole-match DFA of `(?:REGEX)[0-9]*`: accepting once the digits read so far begin with a
                    match of REGEX (re.match); a live (non-dead) state means a match is still possible.
Formats and rules are written with `$1`, `$2` ... for the capture groups (phonenumbers writes `\\1`); regexes
are as in the metadata.

Requirements (`make test-oracles` installs them into .test-python/; `make generate` runs this script):
    python3 -m pip install --upgrade --target .test-python phonenumbers==9.0.43 greenery==4.2.3
    PYTHONPATH=.test-python python3 scripts/gen-phone-metadata.py

Usage: scripts/gen-phone-metadata.py [output-directory]   (default keymaps/data)
"""

import hashlib
import importlib.metadata
import itertools
import multiprocessing
import os
import random
import re
import sys
import time

PINS = {"phonenumbers": "9.0.43", "greenery": "4.2.3"}
GENERATED = "2026-11-22"   # the date written in the headers; change it when the pins change
COMMAND = ("python3 -m pip install --upgrade --target .test-python "
           + " ".join(f"{k}=={v}" for k, v in PINS.items())
           + " && PYTHONPATH=.test-python python3 scripts/gen-phone-metadata.py")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "keymaps", "data")

# Metadata attribute -> kind name in phone-patterns.tsv.
KINDS = [("general_desc", "general"), ("fixed_line", "fixed_line"), ("mobile", "mobile"),
         ("toll_free", "toll_free"), ("premium_rate", "premium_rate"), ("shared_cost", "shared_cost"),
         ("voip", "voip"), ("personal_number", "personal_number"), ("pager", "pager"), ("uan", "uan"),
         ("voicemail", "voicemail"), ("no_international_dialling", "no_international_dialling")]
SHORT_KINDS = [("emergency", "emergency"), ("short_code", "short_code")]

REGION_COLUMNS = ["value", "calling_code", "international_prefix", "intl_prefix_dfa",
                  "preferred_international_prefix", "national_prefix", "national_prefix_for_parsing",
                  "national_prefix_for_parsing_dfa", "national_prefix_transform_rule", "main_country_for_code",
                  "leading_digits", "leading_digits_dfa", "possible_lengths", "possible_lengths_local_only"]
PATTERN_COLUMNS = ["value", "region", "kind", "possible_lengths", "example", "pattern", "dfa"]
FORMAT_COLUMNS = ["value", "region", "pattern", "format", "groups", "leading_digits", "leading_digits_dfas",
                  "national_prefix_formatting_rule", "national_prefix_optional_when_formatting",
                  "carrier_code_rule", "as_you_type", "as_you_type_international", "international_format"]

RANDOM_STRINGS = 2000      # uniform random digit strings per DFA, lengths 1-17
WALK_STRINGS = 300         # strings from random walks through the DFA (mostly accepted ones), per DFA


def check_pins():
    """Refuse to run with other versions: the files must match one set of releases."""
    wrong = []
    for name, wanted in PINS.items():
        try:
            have = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            have = None
        if have != wanted:
            wrong.append(f"{name}=={wanted} (found {have or 'none'})")
    if wrong:
        sys.exit("gen-phone-metadata.py: needs " + ", ".join(wrong) + "\n  " + COMMAND)


# ---------------------------------------------------------------------------------------------------------
# Regex -> minimal digit DFA

def compile_dfa(key):
    """key = (regex, prefix): the minimal DFA over 0-9, as a list of (accepting, [next or None] * 10)."""
    from greenery import parse
    regex, prefix = key
    source = regex.replace("$", "")   # `X$` only occurs at the end of an alternative: fullmatch is unchanged
    if prefix:
        source = f"(?:{source})[0-9]*"
    fsm = parse(source).to_fsm()
    digit_class = {}
    for charclass in fsm.alphabet:
        for d in "0123456789":
            if charclass.accepts(d):
                digit_class[d] = charclass
    assert len(digit_class) == 10, regex
    # Reachable states over the digits.
    order, index, trans = [fsm.initial], {fsm.initial: 0}, []
    i = 0
    while i < len(order):
        s = order[i]
        row = []
        for d in "0123456789":
            t = fsm.map[s][digit_class[d]]
            if t not in index:
                index[t] = len(order)
                order.append(t)
            row.append(index[t])
        trans.append(row)
        i += 1
    final = [s in fsm.finals for s in order]
    return minimise(final, trans)


def minimise(final, trans):
    """Drop the states that cannot reach an accepting one, merge equivalent states (Moore), renumber
    breadth-first from the start; returns [(accepting, [next or None] * 10)]."""
    n = len(final)
    live = {s for s in range(n) if final[s]}
    changed = True
    while changed:
        changed = False
        for s in range(n):
            if s not in live and any(t in live for t in trans[s]):
                live.add(s)
                changed = True
    if 0 not in live:
        return [(False, [None] * 10)]
    block = {s: int(final[s]) for s in live}
    while True:
        sig = {s: (block[s], tuple(block[t] if t in live else -1 for t in trans[s])) for s in live}
        ids = {}
        new = {s: ids.setdefault(sig[s], len(ids)) for s in sorted(live)}
        if len(ids) == len(set(block.values())):
            block = new
            break
        block = new
    # Breadth-first renumbering of blocks from the start's block.
    rep = {}
    for s in sorted(live):
        rep.setdefault(block[s], s)
    number, queue, out = {block[0]: 0}, [block[0]], []
    while len(out) < len(queue):
        b = queue[len(out)]
        s = rep[b]
        row = []
        for t in trans[s]:
            if t not in live:
                row.append(None)
                continue
            if block[t] not in number:
                number[block[t]] = len(queue)
                queue.append(block[t])
            row.append(number[block[t]])
        out.append((bool(final[s]), row))
    return out


def encode(dfa):
    return ";".join(("1" if acc else "0") + "," + ",".join("" if t is None else str(t) for t in row)
                    for acc, row in dfa)


def decode(text):
    states = []
    for part in text.split(";"):
        fields = part.split(",")
        assert len(fields) == 11 and fields[0] in ("0", "1"), part
        states.append((fields[0] == "1", [int(f) if f else None for f in fields[1:]]))
    return states


def run(dfa, digits):
    """True if `dfa` accepts `digits`."""
    s = 0
    for ch in digits:
        s = dfa[s][1][ord(ch) - 48]
        if s is None:
            return False
    return dfa[s][0]


# ---------------------------------------------------------------------------------------------------------
# Self-check against Python's re

def test_strings(dfa, seed, extra):
    rng = random.Random(seed)
    out = ["".join(rng.choice("0123456789") for _ in range(rng.randint(1, 17))) for _ in range(RANDOM_STRINGS)]
    for _ in range(WALK_STRINGS):
        s, digits = 0, []
        while len(digits) < 24:
            if dfa[s][0] and rng.random() < 0.35:
                break
            options = [d for d in range(10) if dfa[s][1][d] is not None]
            if not options:
                break
            d = rng.choice(options)
            digits.append(str(d))
            s = dfa[s][1][d]
        out.append("".join(digits))
    for e in extra:
        out.append(e)
        for k in range(len(e)):   # each example one digit short, with one digit changed, one digit longer
            out.append(e[:k] + e[k + 1:])
            out.append(e[:k] + str((int(e[k]) + 1) % 10) + e[k + 1:])
        out.append(e + "0")
    return [s for s in out if s]


def check_one(job):
    """job = (regex, prefix, encoded dfa, examples): the number of strings checked; raises on a disagreement."""
    regex, prefix, text, examples = job
    dfa = decode(text)
    compiled = re.compile(regex)
    seed = int(hashlib.sha256((regex + str(prefix)).encode()).hexdigest()[:12], 16)
    strings = test_strings(dfa, seed, examples)
    for s in strings:
        want = (compiled.match(s) if prefix else compiled.fullmatch(s)) is not None
        if run(dfa, s) != want:
            raise AssertionError(f"DFA of {regex!r} (prefix={prefix}) says {not want} for {s!r}, re says {want}")
    return len(strings)


# ---------------------------------------------------------------------------------------------------------
# Metadata

def dollar(rule):
    """phonenumbers writes group references as \\1; the files use $1."""
    return re.sub(r"\\(\d)", r"$\1", rule) if rule else ""


def lengths(values):
    return ",".join(str(n) for n in values or ())


GROUP = re.compile(r"\(\\d(?:\{(\d+)(?:,(\d+))?\}|(\+))?\)|(\d)")


def groups_of(pattern):
    """`(\\d{3})(\\d{3,4})(\\d+)` -> `3,3-4,1+`; None when the pattern is not a concatenation of digit groups.
    Literal digits outside a group are returned as `=D` items (listed as exceptions)."""
    items, pos = [], 0
    while pos < len(pattern):
        m = GROUP.match(pattern, pos)
        if not m:
            return None
        lo, hi, plus, literal = m.groups()
        if literal is not None:
            items.append("=" + literal)
        elif plus:
            items.append("1+")
        elif lo is None:
            items.append("1")
        else:
            items.append(lo if hi is None else f"{lo}-{hi}")
        pos = m.end()
    return ",".join(items)


def example_of(desc):
    """The kind's example number (national significant number) as the metadata gives it, '' when none; only
    digits, so nothing else can reach a terminal through a placeholder."""
    example = desc.example_number or ""
    if not re.fullmatch(r"[0-9]*", example):
        raise SystemExit(f"gen-phone-metadata.py: example number {example!r} is not digits")
    return example


def entities():
    """(value, metadata, short metadata or None) for every region and non-geographic entity, sorted by value."""
    import phonenumbers
    from phonenumbers import PhoneMetadata
    out = []
    for r in sorted(phonenumbers.SUPPORTED_REGIONS):
        out.append((r, PhoneMetadata.metadata_for_region(r), PhoneMetadata.short_metadata_for_region(r)))
    for cc in sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS):
        out.append((f"+{cc}", PhoneMetadata.metadata_for_nongeo_region(cc), None))
    short_only = set(phonenumbers.SUPPORTED_SHORT_REGIONS) - set(phonenumbers.SUPPORTED_REGIONS)
    assert not short_only, f"short-number regions without main metadata: {sorted(short_only)}"
    return sorted(out, key=lambda e: e[0])


def intl_formats(m):
    """For each national format of `m`: its international format ('' when the same, 'NA' when not to be
    formatted internationally). phonenumbers keeps a separate intl_number_format list only for regions where some
    format differs; its entries are matched to the national ones by pattern and leading digits, in order."""
    if not m.intl_number_format:
        return [""] * len(m.number_format), []
    pool = list(m.intl_number_format)
    out = []
    for f in m.number_format:
        key = (f.pattern, tuple(f.leading_digits_pattern))
        hit = next((i for i, g in enumerate(pool) if (g.pattern, tuple(g.leading_digits_pattern)) == key), None)
        if hit is None:
            out.append("NA")
        else:
            g = pool.pop(hit)
            out.append("" if g.format == f.format else dollar(g.format))
    return out, pool


def collect():
    regions, patterns, formats = [], [], []
    jobs = {}          # (regex, prefix) -> examples to include in the self-check
    unmatched_intl, exceptions, ld_count = [], [], {}

    def want(regex, prefix, examples=()):
        jobs.setdefault((regex, prefix), set()).update(e for e in examples if e)
        return (regex, prefix)

    # The formats libphonenumber's AsYouTypeFormatter may use (group references and punctuation only).
    from phonenumbers.asyoutypeformatter import _ELIGIBLE_FORMAT_PATTERN as as_you_type_format
    for value, m, short in entities():
        npp = m.national_prefix_for_parsing or ""
        regions.append({
            "value": value,
            "calling_code": str(m.country_code),
            "international_prefix": m.international_prefix or "",
            "intl_prefix_dfa": want(m.international_prefix, False) if m.international_prefix else "",
            "preferred_international_prefix": m.preferred_international_prefix or "",
            "national_prefix": m.national_prefix or "",
            "national_prefix_for_parsing": npp,
            "national_prefix_for_parsing_dfa": want(npp, False) if npp else "",
            "national_prefix_transform_rule": dollar(m.national_prefix_transform_rule),
            "main_country_for_code": "1" if m.main_country_for_code else "0",
            "leading_digits": m.leading_digits or "",
            "leading_digits_dfa": want(m.leading_digits, True) if m.leading_digits else "",
            "possible_lengths": lengths(m.general_desc.possible_length),
            "possible_lengths_local_only": lengths(m.general_desc.possible_length_local_only),
        })
        kinds = [(m, attr, kind) for attr, kind in KINDS] + [(short, attr, kind) for attr, kind in SHORT_KINDS]
        for meta, attr, kind in kinds:
            desc = getattr(meta, attr, None) if meta is not None else None
            if desc is None or not desc.national_number_pattern:
                continue
            patterns.append({
                "value": f"{value}:{kind}", "region": value, "kind": kind,
                "possible_lengths": lengths(desc.possible_length),
                # The metadata's example number of the kind (a phone field's placeholder), digits only.
                "example": example_of(desc),
                "pattern": desc.national_number_pattern,
                "dfa": want(desc.national_number_pattern, False, [desc.example_number or ""]),
            })
        intl, left = intl_formats(m)
        unmatched_intl += [(value, g.pattern, g.format) for g in left]
        for i, f in enumerate(m.number_format):
            groups = groups_of(f.pattern)
            if groups is None or "=" in groups:
                exceptions.append((value, i, f.pattern))
            ld = f.leading_digits_pattern[-1] if f.leading_digits_pattern else ""
            ld_count[len(f.leading_digits_pattern)] = ld_count.get(len(f.leading_digits_pattern), 0) + 1
            if f.national_prefix_formatting_rule == "":
                raise SystemExit(f"gen-phone-metadata.py: {value}:{i} has an empty (not absent) formatting rule")
            formats.append({
                "value": f"{value}:{i}", "region": value, "pattern": f.pattern, "format": dollar(f.format),
                "groups": groups or "",
                "leading_digits": ld,
                # Every pattern, in order: the as-you-type formatter uses the (n-3)th after n digits.
                "leading_digits_dfas": [want(p, True) for p in f.leading_digits_pattern],
                "national_prefix_formatting_rule": dollar(f.national_prefix_formatting_rule),
                "national_prefix_optional_when_formatting": "1" if f.national_prefix_optional_when_formatting else "0",
                "carrier_code_rule": "1" if f.domestic_carrier_code_formatting_rule is not None else "0",
                "as_you_type": "1" if as_you_type_format.fullmatch(f.format) else "0",
                "as_you_type_international": "1" if as_you_type_format.fullmatch(
                    intl[i].replace("$", "\\") if intl[i] not in ("", "NA") else f.format) else "0",
                "international_format": intl[i],
            })
    return regions, patterns, formats, jobs, unmatched_intl, exceptions, ld_count


# ---------------------------------------------------------------------------------------------------------
# Output

def clean(cell):
    if any(ch in "\t\r\n" for ch in cell) or cell != cell.strip():
        raise SystemExit(f"gen-phone-metadata.py: unusable cell {cell!r}")
    return cell


def checksum_lines(table):
    """The data rows (column-name row excluded) and the SHA-256 of every line after the comment block."""
    digest = hashlib.sha256("".join(line + "\n" for line in table).encode("utf-8")).hexdigest()
    return [f"# Row count: {len(table) - 1}", f"# Rows SHA-256: {digest}"]


def common_header(name, what):
    return [
        f"# {name}: {what}",
        f"# Generated {GENERATED} by scripts/gen-phone-metadata.py; do not edit. Regenerate with `make generate`, or:",
        f"#   {COMMAND}",
        f"# Source: libphonenumber's metadata (Apache-2.0) through PyPI phonenumbers {PINS['phonenumbers']}",
        "#   (Apache-2.0); DFAs built with PyPI greenery " + PINS["greenery"] + " (MIT), projected onto the digits",
        "#   0-9 and minimised by the script, each checked against Python's re on 2,000 random digit strings,",
        "#   300 DFA walks and the metadata's example numbers and their one-digit variants.",
        "# Licences: the data, libphonenumber's metadata, Apache-2.0 (phonenumbers, Apache-2.0); greenery, MIT,",
        "#   a generation-time tool only (nothing of it is in the data).",
    ]


def wrapped(words, width=100):
    lines, line = [], "#  "
    for w in words:
        if len(line) + 1 + len(w) > width:
            lines.append(line)
            line = "#  "
        line += " " + w
    return lines + [line]


DFA_NOTE = [
    "# DFA encoding: states separated by `;`, each `1` (accepting) or `0` then the next state for digits 0..9,",
    "#   comma-separated, empty for the dead state; state 0 is the start. Whole-match DFA: accepting after digits",
    "#   the regex matches in full. Prefix DFA: that of `(?:REGEX)[0-9]*`, accepting once the digits so far begin",
    "#   with a match; a live state means a match is still possible.",
]


def write(path, header, columns, rows):
    table = ["\t".join(columns)] + ["\t".join(clean(r[c]) for c in columns) for r in rows]
    text = "\n".join(header + checksum_lines(table) + table) + "\n"
    for line in text.split("\n")[:-1]:
        assert line.startswith("#") or line.count("\t") == len(columns) - 1, line[:80]
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return len(text.encode("utf-8"))


def longest_is_leftmost(pattern):
    """The number of digit strings of up to 5 digits on which `pattern`'s regex match (what libphonenumber's
    lookingAt takes) is not the longest start the pattern matches whole (what fieldline takes from the DFA)."""
    rx = re.compile(pattern)
    bad = 0
    for n in range(1, 6):
        for t in itertools.product("0123456789", repeat=n):
            s = "".join(t)
            m = rx.match(s)
            if m and m.end() != max(k for k in range(n + 1) if rx.fullmatch(s[:k])):
                bad += 1
    return bad


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    check_pins()
    started = time.time()
    regions, patterns, formats, jobs, unmatched_intl, exceptions, ld_count = collect()
    keys = sorted(jobs)
    with multiprocessing.Pool() as pool:
        compiled = dict(zip(keys, pool.map(compile_dfa, keys, chunksize=4)))
    encoded = {k: encode(v) for k, v in compiled.items()}
    compile_seconds = time.time() - started

    # Self-check: every DFA against re before anything is written.
    checks = [(k[0], k[1], encoded[k], sorted(jobs[k])) for k in keys]
    with multiprocessing.Pool() as pool:
        checked = sum(pool.map(check_one, checks, chunksize=8))

    for rows, cols in ((regions, REGION_COLUMNS), (patterns, PATTERN_COLUMNS), (formats, FORMAT_COLUMNS)):
        for r in rows:
            for c in cols:
                if isinstance(r[c], tuple):
                    r[c] = encoded[r[c]]
                elif isinstance(r[c], list):
                    r[c] = "|".join(encoded[k] for k in r[c])
    sanity(regions, patterns, formats)
    # fieldline takes the longest international prefix, and the longest national prefix where the pattern has no
    # groups (those are read by the regex itself): that must be where the regex match ends.
    prefix_patterns = sorted({r["international_prefix"] for r in regions if r["international_prefix"]}
                             | {r["national_prefix_for_parsing"] for r in regions if r["national_prefix_for_parsing"]
                                and "(" not in r["national_prefix_for_parsing"].replace("(?:", "")})
    with multiprocessing.Pool() as pool:
        mismatched = [p for p, bad in zip(prefix_patterns, pool.map(longest_is_leftmost, prefix_patterns)) if bad]
    if mismatched:
        sys.exit(f"prefix patterns whose regex match is not their longest: {mismatched}")

    nongeo = [r["value"] for r in regions if r["value"].startswith("+")]
    kinds_present = sorted({p["kind"] for p in patterns}, key=[k for _, k in KINDS + SHORT_KINDS].index)
    npp_groups = [r["value"] for r in regions if "(" in r["national_prefix_for_parsing"].replace("(?:", "")]
    npp_dollar = [r["value"] for r in regions if "$" in r["national_prefix_for_parsing"]]
    exc = [f"#   {v}:{i} {p}" for v, i, p in exceptions] or ["#   (none)"]

    sizes = {}
    sizes["phone-regions.tsv"] = write(os.path.join(out, "phone-regions.tsv"), common_header(
        "phone-regions.tsv", f"libphonenumber's {len(regions)} regions: {len(regions) - len(nongeo)} region codes"
        f" and {len(nongeo)} non-geographic entities") + [
        "# value: the region code; a non-geographic entity (libphonenumber's region 001) is keyed by its calling",
        f"#   code: {' '.join(nongeo)}.",
        "# international_prefix, preferred_international_prefix, national_prefix, national_prefix_for_parsing,",
        "#   leading_digits: as in the metadata (regexes); group references in national_prefix_transform_rule are",
        "#   written $1 (phonenumbers writes \\1). intl_prefix_dfa and national_prefix_for_parsing_dfa: whole-match",
        "#   DFAs (the prefix ends where the DFA accepts); leading_digits_dfa: prefix DFA.",
        "# national_prefix_for_parsing with capture groups (the transform rule or the kept digits need the groups,",
        "#   which a DFA does not give):"] + wrapped(npp_groups) + [
        "# national_prefix_for_parsing with `X$` alternatives (X must end the number; the whole-match DFA accepts",
        "#   X wherever it ends):"] + wrapped(npp_dollar) + [
        "# possible_lengths, possible_lengths_local_only: general_desc's national lengths, comma-separated.",
    ] + DFA_NOTE, REGION_COLUMNS, regions)
    sizes["phone-patterns.tsv"] = write(os.path.join(out, "phone-patterns.tsv"), common_header(
        "phone-patterns.tsv", f"{len(patterns)} national number patterns, one row per (region, kind)") + [
        "# kind: general (general_desc, the region's possible numbers), " + ", ".join(
            k for _, k in KINDS[1:]) + " (main metadata);",
        "#   emergency, short_code (libphonenumber's short-number metadata, "
        f"{sum(1 for p in patterns if p['kind'] == 'short_code')} regions).",
        "# possible_lengths: the kind's national lengths as in the metadata (-1: none).",
        "# example: the kind's example number in the metadata (national significant number, digits only; empty",
        f"#   when it has none, {sum(1 for p in patterns if not p['example'])} rows): a phone field's placeholder."
        " Each is accepted by its row's dfa.",
        "# pattern: the metadata's regex (matched in full); dfa: its whole-match DFA.",
        "# Rows: by region (value order of phone-regions.tsv), then kinds in the order above.",
    ] + DFA_NOTE, PATTERN_COLUMNS, patterns)
    sizes["phone-formats.tsv"] = write(os.path.join(out, "phone-formats.tsv"), common_header(
        "phone-formats.tsv", f"{len(formats)} national number formats, in the metadata's order per region") + [
        "# Rows: by region, then the metadata's order. value REGION:index (index in the region's list).",
        "# pattern: the format's regex; format: its replacement, groups written $1; groups: the pattern's",
        "#   capture-group digit counts (3, 2-3, 1+), `=D` for a literal digit outside the groups.",
        "# leading_digits: the last (most specific) leading-digits pattern; leading_digits_dfas: the prefix DFAs",
        "#   of all of them, in the metadata's order, separated by `|` (as you type, the (n-3)th is used after n",
        "#   digits, the last one for whole numbers).",
        "# national_prefix_formatting_rule: with $NP replaced and $FG written $1, as in the metadata; empty when",
        "#   the metadata has none.",
        "# carrier_code_rule: 1 when the format has a domestic carrier code formatting rule.",
        "# as_you_type: 1 when libphonenumber's as-you-type formatter may use the format (only group references",
        "#   and punctuation in it); as_you_type_international: the same for its international format.",
        "# international_format: empty when as national; NA when libphonenumber does not format it internationally.",
        "# Formats whose pattern is not a concatenation of digit groups (\\d{n}), (\\d{n,m}), (\\d+):",
    ] + exc + DFA_NOTE, FORMAT_COLUMNS, formats)

    states = {k: len(v) for k, v in compiled.items()}
    pat_states = [len(decode(p["dfa"])) for p in patterns]
    biggest = max(patterns, key=lambda p: len(p["dfa"]))
    print(f"regions: {len(regions)} ({len(regions) - len(nongeo)} region codes, {len(nongeo)} non-geographic:"
          f" {' '.join(nongeo)})")
    print(f"patterns: {len(patterns)}; by kind: " + ", ".join(
        f"{k} {sum(1 for p in patterns if p['kind'] == k)}" for k in kinds_present))
    print(f"formats: {len(formats)}; leading-digits lists by length: {dict(sorted(ld_count.items()))}")
    print(f"  format patterns not a concatenation of digit groups: {len(exceptions)}"
          + "".join(f"\n    {v}:{i} {p}" for v, i, p in exceptions))
    print(f"  intl formats without a national one: {unmatched_intl or 'none'}")
    print(f"DFAs: {len(compiled)} distinct (regex, mode); states total {sum(states.values())},"
          f" max {max(states.values())}; pattern DFAs: mean {sum(pat_states) / len(pat_states):.1f},"
          f" max {max(pat_states)} ({biggest['value']}, {len(biggest['dfa'])} chars)")
    print(f"self-check: {checked} strings against re, all agree; compile {compile_seconds:.0f} s,"
          f" total {time.time() - started:.0f} s")
    for name, size in sizes.items():
        print(f"wrote {os.path.relpath(os.path.join(out, name))}: {size} bytes")


def sanity(regions, patterns, formats):
    by = {r["value"]: r for r in regions}
    pats = {p["value"]: p for p in patterns}
    assert [r["value"] for r in regions] == sorted(by)
    assert len(pats) == len(patterns)
    assert by["CN"]["calling_code"] == "86" and by["US"]["main_country_for_code"] == "1"
    assert by["+800"]["calling_code"] == "800"
    cn = decode(pats["CN:mobile"]["dfa"])
    assert run(cn, "13812345678") and not run(cn, "14012345678") and not run(cn, "1381234567")
    us = decode(pats["US:fixed_line"]["dfa"])
    assert run(us, "2124567890") and not run(us, "4112345678")
    assert any(p["value"] == "CN:emergency" for p in patterns) and run(decode(pats["CN:emergency"]["dfa"]), "110")
    assert sum(1 for f in formats if f["region"] == "CN") > 0
    # Every example number is a whole match of its own kind's pattern (a placeholder the field would refuse
    # would mislead), and the one the issue names is there.
    for p in patterns:
        if p["example"]:
            assert run(decode(p["dfa"]), p["example"]), (p["value"], p["example"])
    assert pats["GB:mobile"]["example"] == "7400123456" and pats["CN:mobile"]["example"] == "13123456789"


if __name__ == "__main__":
    main()
