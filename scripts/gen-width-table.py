#!/usr/bin/env python3
"""Generate Sources/FieldKit/Counting/DisplayWidthTable.swift from Unicode data.

Swift exposes no East_Asian_Width property, so terminal widths come from the
Unicode Character Database instead. Reads, under UNICODE_DATA_DIR (default
/usr/share/unicode, as installed by Debian's `unicode-data` package):

    EastAsianWidth.txt
    extracted/DerivedGeneralCategory.txt
    emoji/emoji-data.txt

Usage: scripts/gen-width-table.py [output-path]
"""

import os
import re
import sys

DATA_DIR = os.environ.get("UNICODE_DATA_DIR", "/usr/share/unicode")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "Sources", "FieldKit", "Counting", "DisplayWidthTable.swift")

EAW_FILE = "EastAsianWidth.txt"
GC_FILE = os.path.join("extracted", "DerivedGeneralCategory.txt")
EMOJI_FILE = os.path.join("emoji", "emoji-data.txt")

# EastAsianWidth.txt (up to 15.0) states these unassigned defaults only in its
# header prose, not as data lines, so they are restated here; explicit data
# lines are applied afterwards and win.
EAW_PROSE_DEFAULTS = [
    (0x3400, 0x4DBF, "W"),
    (0x4E00, 0x9FFF, "W"),
    (0xF900, 0xFAFF, "W"),
    (0x20000, 0x2FFFD, "W"),
    (0x30000, 0x3FFFD, "W"),
]

ZERO_CATEGORIES = {"Mn", "Me", "Cf"}

# Soft hyphen is Cf, but terminals draw it as a visible hyphen.
NOT_ZERO = [(0x00AD, 0x00AD)]

EXTRA_ZERO = [
    (0x200B, 0x200B),    # ZERO WIDTH SPACE is Zs, not Cf, yet draws nothing
    (0x1160, 0x11FF),    # Hangul Jamo medial vowels and final consonants join
    (0xD7B0, 0xD7FF),    #   the preceding initial into one wide syllable
    (0xFE00, 0xFE0F),    # variation selectors only modify their base
    (0xE0100, 0xE01EF),
]


def data_path(name):
    return os.path.join(DATA_DIR, name)


def parse_range(field):
    field = field.strip()
    if ".." in field:
        low, high = field.split("..")
        return int(low, 16), int(high, 16)
    value = int(field, 16)
    return value, value


def data_lines(name):
    """Yield (low, high, [fields...]) for each data line of a UCD file."""
    with open(data_path(name), encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [part.strip() for part in line.split(";")]
            low, high = parse_range(fields[0])
            yield low, high, fields[1:]


def header_version(name, pattern):
    with open(data_path(name), encoding="utf-8") as handle:
        for _ in range(20):
            match = re.search(pattern, handle.readline())
            if match:
                return match.group(1)
    sys.exit(f"gen-width-table: no version found in the header of {name}")


def unicode_version():
    eaw = header_version(EAW_FILE, r"EastAsianWidth-(\d+\.\d+\.\d+)\.txt")
    gc = header_version(GC_FILE, r"DerivedGeneralCategory-(\d+\.\d+\.\d+)\.txt")
    emoji = header_version(EMOJI_FILE, r"Emoji Version (\d+\.\d+)")
    # Mixing versions would silently produce a table matching no release.
    if eaw != gc or not eaw.startswith(emoji + "."):
        sys.exit(f"gen-width-table: version mismatch: EastAsianWidth {eaw}, "
                 f"DerivedGeneralCategory {gc}, emoji-data {emoji}")
    return eaw


def wide_ranges():
    width = {}
    for low, high, value in EAW_PROSE_DEFAULTS:
        for cp in range(low, high + 1):
            width[cp] = value
    for low, high, fields in data_lines(EAW_FILE):
        for cp in range(low, high + 1):
            width[cp] = fields[0]
    wide = {cp for cp, value in width.items() if value in ("W", "F")}
    for low, high, fields in data_lines(EMOJI_FILE):
        if fields[0] == "Emoji_Presentation":
            wide.update(range(low, high + 1))
    return to_ranges(wide)


def zero_ranges():
    zero = set()
    for low, high, fields in data_lines(GC_FILE):
        if fields[0] in ZERO_CATEGORIES:
            zero.update(range(low, high + 1))
    for low, high in EXTRA_ZERO:
        zero.update(range(low, high + 1))
    for low, high in NOT_ZERO:
        zero.difference_update(range(low, high + 1))
    return to_ranges(zero)


def to_ranges(points):
    """Collapse a set of code points into sorted, merged inclusive ranges."""
    ranges = []
    for cp in sorted(points):
        if ranges and ranges[-1][1] + 1 == cp:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return ranges


def swift_array(name, doc, ranges):
    # Several pairs per line keeps the literal short enough to type-check fast.
    pairs = [f"0x{low:04X}, 0x{high:04X}," for low, high in ranges]
    lines = []
    for start in range(0, len(pairs), 4):
        lines.append("        " + " ".join(pairs[start:start + 4]))
    return (
        f"    /// {doc}\n"
        f"    static let {name}: [UInt32] = [\n"
        + "\n".join(lines) + "\n"
        "    ]\n"
    )


def render(version, wide, zero):
    return (
        "// DisplayWidthTable.swift\n"
        "//\n"
        "// generated by scripts/gen-width-table.py; do not edit.\n"
        "//\n"
        f"// Source: Unicode {version} Character Database files\n"
        f"//   {EAW_FILE}\n"
        f"//   {GC_FILE}\n"
        f"//   {EMOJI_FILE}\n"
        "// Copyright © Unicode, Inc. Derived from Unicode Data Files under the\n"
        "// Unicode License (\"UNICODE, INC. LICENSE AGREEMENT - DATA FILES AND\n"
        "// SOFTWARE\", now Unicode License v3): https://www.unicode.org/license.txt\n"
        "\n"
        "/// Sorted, merged inclusive scalar ranges stored flat as (low, high) pairs.\n"
        "enum DisplayWidthTable {\n"
        "    /// Unicode version the tables were generated from.\n"
        f"    static let unicodeVersion = \"{version}\"\n"
        "\n"
        + swift_array("wide", "East_Asian_Width W or F, plus Emoji_Presentation=Yes: two columns.", wide)
        + "\n"
        + swift_array("zero", "Mn, Me, Cf (not U+00AD), U+200B, Hangul medial/final jamo, variation selectors: no columns.", zero)
        + "}\n"
    )


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    version = unicode_version()
    wide = wide_ranges()
    zero = zero_ranges()
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(render(version, wide, zero))
    print(f"{out}: Unicode {version}, wide {len(wide)} ranges, zero {len(zero)} ranges")


if __name__ == "__main__":
    main()
