"""IDNA2008 verdicts from the pinned PyPI idna, for EmailIDNAOracleTests. Prints generated `xn--` and other labels
with 1 (a valid A-label to idna: it decodes, and the U-label encodes back to the same label) or 0, tab-separated.
Cases: valid A-labels of U-labels drawn from idna's own PVALID, CONTEXTJ and CONTEXTO code points (Latin, Greek,
Cyrillic, Hebrew, Arabic, Devanagari, Thai, CJK, kana, Hangul, with digits, hyphens and joiners), each also mutated
by one character; random Punycode-looking strings; labels with -- in places 3-4. Labels whose decoded form holds a
code point this Python's unicodedata does not know are left out (idna refuses them for that alone)."""
import random
import sys
import unicodedata

sys.path.insert(0, sys.argv[1])
import importlib.metadata  # noqa: E402

import idna  # noqa: E402
from idna import idnadata, intranges  # noqa: E402

if importlib.metadata.version("idna") != sys.argv[2]:
    sys.exit("idna %s is pinned, found %s" % (sys.argv[2], importlib.metadata.version("idna")))
count = int(sys.argv[3])
rng = random.Random(int(sys.argv[4]))


def known(text):
    return all(unicodedata.category(c) != "Cn" for c in text)


def verdict(label):
    try:
        u = idna.ulabel(label)
        return 1 if idna.alabel(u).decode("ascii") == label.lower() and any(ord(c) > 127 for c in u) else 0
    except (idna.IDNAError, UnicodeError, ValueError):
        return 0


def pool(low, high):
    return [chr(c) for c in range(low, high + 1)
            if (intranges.intranges_contain(c, idnadata.codepoint_classes["PVALID"])
                or intranges.intranges_contain(c, idnadata.codepoint_classes["CONTEXTO"]))
            and unicodedata.category(chr(c)) != "Cn"]


blocks = [pool(0x61, 0x7A) + pool(0x30, 0x39) + ["-"], pool(0xC0, 0x24F), pool(0x370, 0x3FF), pool(0x400, 0x4FF),
          pool(0x5D0, 0x5F4), pool(0x600, 0x6FF), pool(0x900, 0x97F), pool(0xE00, 0xE7F), pool(0x3040, 0x30FF),
          pool(0x4E00, 0x4FFF), pool(0xAC00, 0xAD00), ["\u200c", "\u200d", "\u00b7", "l", "\u0375", "\u30fb"]]
cases = set()
while len(cases) < count:
    kind = rng.random()
    if kind < 0.55:
        chosen = rng.sample(blocks, rng.choice([1, 1, 2]))
        text = "".join(rng.choice(rng.choice(chosen)) for _ in range(rng.randint(1, 12)))
        try:
            label = "xn--" + text.encode("punycode").decode("ascii")
        except UnicodeError:
            continue
        if rng.random() < 0.4:
            i = rng.randrange(4, len(label))
            label = label[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") + label[i + 1:]
    elif kind < 0.9:
        label = "xn--" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") for _ in range(rng.randint(1, 16)))
    else:
        label = "".join(rng.choice("abcxyz019") for _ in range(2)) + "--" + "".join(rng.choice("abc-19") for _ in range(rng.randint(1, 6)))
    if len(label) > 63 or label.endswith("-"):
        continue
    if label.startswith("xn--"):
        try:
            decoded = label[4:].encode("ascii").decode("punycode")
        except (UnicodeError, ValueError, OverflowError):
            decoded = ""
        if not known(decoded):
            continue
    cases.add(label)
for label in sorted(cases):
    print("%s\t%d" % (label, verdict(label)))
