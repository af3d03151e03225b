#!/usr/bin/env python3
"""The peer for `fieldline check idcard-cn`: python-stdnum's cn.ric.is_valid over stdin, one line each.

Prints each valid value (compacted) and counts the invalid ones on stderr, like fieldline check.
"""
import sys

from stdnum.cn import ric


def main() -> int:
    out = []
    bad = 0
    for line in sys.stdin:
        value = line.rstrip("\r\n")
        try:
            valid = ric.is_valid(value)
        except Exception:  # stdnum raises KeyError on some region codes; count those as invalid
            valid = False
        if valid:
            out.append(ric.compact(value))
        else:
            out.append("")
            bad += 1
    sys.stdout.write("\n".join(out) + "\n")
    print(f"{bad} invalid", file=sys.stderr)
    return 65 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
