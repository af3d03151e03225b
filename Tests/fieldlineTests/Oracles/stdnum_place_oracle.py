"""python-stdnum's answers on resident IDs, for IDCardPlaceOracleTests. Reads IDs from stdin, one a line; writes
per line: valid (1/0 by stdnum.cn.ric.is_valid), then the prefecture and county get_birth_place gives (empty
when it gives none), tab-separated. With `cases DOCTEST`, it prints the doctest's own cases instead: the IDs
ric.validate is shown accepting (1) or refusing (0), and the counties get_birth_place is shown giving."""
import re
import sys

sys.path.insert(0, sys.argv[1])
import importlib.metadata  # noqa: E402

from stdnum.cn import ric  # noqa: E402

if importlib.metadata.version("python-stdnum") != sys.argv[2]:
    sys.exit("python-stdnum %s is pinned, found %s" % (sys.argv[2], importlib.metadata.version("python-stdnum")))

if len(sys.argv) > 4 and sys.argv[3] == "cases":
    lines = open(sys.argv[4], encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        m = re.match(r">>> ric\.validate\('([^']*)'\)", line)
        if m:
            print("validate\t%s\t%d" % (m.group(1), 0 if lines[i + 1].startswith("Traceback") else 1))
        m = re.match(r">>> ric\.get_birth_place\('([^']*)'\)\['county'\]", line)
        if m:
            print("county\t%s\t%s" % (m.group(1), lines[i + 1].strip().strip("'")))
    sys.exit(0)

for line in sys.stdin:
    number = line.strip()
    valid = ric.is_valid(number)
    try:
        place = ric.get_birth_place(number)
    except Exception:
        place = {}
    print("%d\t%s\t%s" % (valid, place.get("prefecture", ""), place.get("county", "")))
