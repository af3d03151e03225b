"""`check phone` against PyPI phonenumbers on the same 1,000,000 mixed-region lines (issue 13's benchmark).

Lines: every example number of every region and kind in the metadata, written four ways (E.164, the
international format with spaces, one digit short, one digit long), repeated to 1,000,000 lines. fieldline reads
them with `check phone` (value output to /dev/null); phonenumbers does `parse` + `is_valid_number` +
`format_number(E164)` on each. Both run in the same interleaved rounds; the ratio is per round. fieldline's time in a
round is the median of 5 passes (one pass takes a third of a second, so one busy moment on this shared VM moved a
single pass by up to 50%); phonenumbers' is its one pass of about 40 s.

Usage: PYTHONPATH=.test-python python3 bench/phone_check.py FIELDLINE [ROUNDS]
"""
import os
import subprocess
import sys
import tempfile
import time

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

binary = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
TOTAL = 1_000_000

base = []
for region in sorted(phonenumbers.SUPPORTED_REGIONS):
    for t in (PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.TOLL_FREE,
              PhoneNumberType.PREMIUM_RATE, PhoneNumberType.SHARED_COST, PhoneNumberType.VOIP,
              PhoneNumberType.PERSONAL_NUMBER, PhoneNumberType.PAGER, PhoneNumberType.UAN, PhoneNumberType.VOICEMAIL):
        n = phonenumbers.example_number_for_type(region, t)
        if n is None:
            continue
        e164 = phonenumbers.format_number(n, PhoneNumberFormat.E164)
        base += [e164, phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL), e164[:-1], e164 + "5"]
lines = (base * (TOTAL // len(base) + 1))[:TOTAL]
folder = tempfile.mkdtemp(prefix="fl-phone-bench-")
path = os.path.join(folder, "numbers.txt")
with open(path, "w") as f:
    f.write("\n".join(lines) + "\n")


def python_pass():
    started = time.perf_counter()
    valid = 0
    for line in lines:
        try:
            n = phonenumbers.parse(line, "CN")
            if phonenumbers.is_valid_number(n):
                phonenumbers.format_number(n, PhoneNumberFormat.E164)
                valid += 1
        except phonenumbers.NumberParseException:
            pass
    return time.perf_counter() - started, valid


def fieldline_pass():
    started = time.perf_counter()
    with open(path, "rb") as stdin, open(os.devnull, "wb") as out:
        code = subprocess.run([binary, "check", "phone"], stdin=stdin, stdout=out, stderr=subprocess.DEVNULL,
                              env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}).returncode
    assert code in (0, 65), code
    return time.perf_counter() - started


with open(path, "rb") as stdin:
    ours = subprocess.run([binary, "check", "phone"], stdin=stdin, capture_output=True,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}).stdout.decode().split("\n")
print(f"{len(lines):,} lines ({len(base):,} distinct); fieldline accepts {sum(1 for v in ours if v):,}")
for r in range(rounds):
    f = sorted(fieldline_pass() for _ in range(5))[2]
    p, valid = python_pass()
    print(f"round {r + 1}: fieldline {TOTAL / f:,.0f} lines/s ({f:.3f} s, median of 5); phonenumbers {TOTAL / p:,.0f} lines/s"
          f" ({p:.1f} s, {valid:,} valid); ratio {p / f:.0f}x")
os.remove(path)
os.rmdir(folder)
