"""python-stdnum's answers on resident IDs' birth places, for IDCardPlaceOracleTests.

    stdnum_place_oracle.py PACKAGES VERSION ids
        the cases to check, from stdnum's own list (stdnum/cn/loc.dat through stdnum.numdb): per line a code, a
        birth year and `inside` or `outside`: for every code, a year at each end of each of its names' ranges
        (1950 for an open start, the newest year the list names for an open end), and the years outside all of them where there are any (the year before the
        first name, after the last, and at both ends of a gap between two names)
    stdnum_place_oracle.py PACKAGES VERSION
        reads IDs from stdin, one a line; writes per line, tab-separated: valid (1/0 by stdnum.cn.ric.is_valid),
        the prefecture and county stdnum's get_birth_place gives (the prefecture from the same ID with its code's
        XXXX00: stdnum 2.2 gives no prefecture), each empty when stdnum refuses, then the prefecture and county
        the nearest-name rule gives (fieldline's documented choice, see `nearest`), empty for an unlisted code
    stdnum_place_oracle.py PACKAGES VERSION cases DOCTEST
        the doctest's own cases for ric.validate and ric.get_birth_place: per line the ID, what the doctest shows
        (validate: 1 or 0; get_birth_place: the county, empty for an exception), stdnum's is_valid now, why stdnum
        refuses it (`birth-year` when the code is listed but no name of it fits the birth year, `other`, or
        empty), and the nearest-name rule's county
"""
import os
import re
import sys

sys.path.insert(0, sys.argv[1])
import importlib.metadata  # noqa: E402

from stdnum import numdb  # noqa: E402
from stdnum.cn import ric  # noqa: E402

if importlib.metadata.version("python-stdnum") != sys.argv[2]:
    sys.exit("python-stdnum %s is pinned, found %s" % (sys.argv[2], importlib.metadata.version("python-stdnum")))

LOC = numdb.get("cn/loc")
OPEN_START, OPEN_END = -10**6, 10**6


def names(code):
    """The (first year, last year, name) of each name stdnum lists for a six-digit code, or [] when unlisted."""
    text = {k: v for _, props in LOC.info(code) for k, v in props.items()}.get("county")
    if text is None:
        return []
    result = []
    for part in text.split(","):
        m = re.match(r"^\[(\d*)-(\d*)\](.*)$", part)
        if m:
            result.append((int(m.group(1)) if m.group(1) else OPEN_START,
                           int(m.group(2)) if m.group(2) else OPEN_END, m.group(3)))
        else:
            result.append((OPEN_START, OPEN_END, part))
    return result


def nearest(code, year):
    """fieldline's choice: the first listed of the names nearest the year (one in force that year is at 0)."""
    listed = names(code)
    if not listed:
        return ""
    distance = [max(0, first - year, year - last) for first, last, _ in listed]
    return listed[distance.index(min(distance))][2]


def with_check(first17):
    """The 18-character ID of 17 digits."""
    return first17 + ric.calc_check_digit(first17 + "0")


def stdnum_valid(number):
    """stdnum's verdict."""
    try:
        return ric.is_valid(number)
    except Exception:  # 2.2 raises KeyError for an unlisted code of a listed province
        return False


def county(number):
    """The county stdnum's get_birth_place gives, or "" when it refuses."""
    try:
        return ric.get_birth_place(number)["county"]
    except Exception:
        return ""


def refused_for_birth_year(number):
    """Whether stdnum refuses the number only because no name of its listed code fits the birth year."""
    try:
        ric.get_birth_date(number)
        if not number[:17].isdigit() or number[17] != ric.calc_check_digit(number):
            return False
    except Exception:
        return False
    year = int(number[6:10])
    listed = names(number[:6])
    return bool(listed) and not any(first <= year <= last for first, last, _ in listed)


def codes():
    """Every six-digit code of stdnum's list, in its order."""
    province = None
    for line in open(os.path.join(os.path.dirname(numdb.__file__), "cn", "loc.dat"), encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        if not line.startswith(" "):
            province = line.split()[0]
        else:
            yield province + line.split()[0]


if sys.argv[3:4] == ["ids"]:
    # The newest year the list names, not today's, so the cases stay the same on every day.
    newest = max(year for code in codes() for first, last, _ in names(code) for year in (first, last)
                 if year not in (OPEN_START, OPEN_END))
    for code in codes():
        listed = names(code)
        inside, outside = [], []
        for first, last, _ in listed:
            if first > last:
                continue  # a range no year fits ([1983-1982]): its years are the next name's
            inside += [first if first != OPEN_START else min(last, 1950),
                       last if last != OPEN_END else max(first, newest)]
        firsts = [first for first, _, _ in listed]
        lasts = [last for _, last, _ in listed]
        if OPEN_START not in firsts:
            outside.append(min(firsts) - 1)
        if OPEN_END not in lasts and max(lasts) + 1 <= newest:
            outside.append(max(lasts) + 1)
        for (_, last, _), (first, _, _) in zip(listed, listed[1:]):
            if first > last + 1:
                outside += [last + 1, first - 1]
        for year in sorted(set(inside)):
            print("%s\t%d\tinside" % (code, year))
        for year in sorted(set(outside) - set(inside)):
            assert all(max(0, f - year, year - l) > 0 for f, l, _ in listed), (code, year)
            print("%s\t%d\toutside" % (code, year))
    sys.exit(0)

if sys.argv[3:4] == ["cases"]:
    lines = open(sys.argv[4], encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        m = re.match(r">>> ric\.(validate|get_birth_place)\('([^']*)'\)", line)
        if not m:
            continue
        number = m.group(2).upper()
        refused = lines[i + 1].startswith("Traceback")
        if m.group(1) == "validate":
            shown = "0" if refused else "1"
        else:
            shown = "" if refused else re.search(r"'county': '([^']*)'", lines[i + 1]).group(1)
        valid = stdnum_valid(number)
        year = int(number[6:10]) if number[6:10].isdigit() else 0
        why = "" if valid else "birth-year" if refused_for_birth_year(number) else "other"
        print("%s\t%s\t%d\t%s\t%s" % (number, shown, valid, why, nearest(number[:6], year)))
    sys.exit(0)

for line in sys.stdin:
    number = line.strip()
    code, year = number[:6], int(number[6:10])
    prefecture_id = with_check(code[:4] + "00" + number[6:17])
    print("%d\t%s\t%s\t%s\t%s" % (stdnum_valid(number), county(prefecture_id), county(number),
                                  nearest(code[:4] + "00", year), nearest(code, year)))
